package io.wirespeed.transport.aeron;

import org.agrona.IoUtil;

import java.io.File;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Unique driver directory names for tests, under /dev/shm where it exists, and their removal.
 */
final class DriverDirectories
{
    static final String PREFIX = "wirespeed-test-";

    private DriverDirectories()
    {
    }

    /**
     * @param purpose a word naming the test, part of the directory name.
     * @return an absolute directory name that does not exist yet.
     */
    static String unique(final String purpose)
    {
        final File shm = new File("/dev/shm");
        final File base = shm.isDirectory() ? shm : new File(System.getProperty("java.io.tmpdir"));
        final String suffix = Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
        return new File(base, PREFIX + purpose + "-" + suffix).getAbsolutePath();
    }

    /**
     * Deletes the directory and everything in it, if it exists.
     *
     * @param directory the directory name.
     */
    static void delete(final String directory)
    {
        IoUtil.delete(new File(directory), true);
    }
}
