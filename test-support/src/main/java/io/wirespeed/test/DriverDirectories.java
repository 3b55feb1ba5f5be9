package io.wirespeed.test;

import java.io.File;
import java.util.concurrent.ThreadLocalRandom;

import org.agrona.IoUtil;

/**
 * Media driver directories for tests: a name no other test uses, under {@code /dev/shm} where it exists (the
 * temporary directory elsewhere), and their removal.
 */
public final class DriverDirectories
{
    /** The start of every test driver directory's name. */
    public static final String PREFIX = "wirespeed-test-";

    private DriverDirectories()
    {
    }

    /**
     * A directory name that does not exist yet.
     *
     * @param purpose a word naming the test, part of the directory's name.
     * @return an absolute directory name.
     */
    public static String unique(final String purpose)
    {
        final File shm = new File("/dev/shm");
        final File base = shm.isDirectory() ? shm : new File(System.getProperty("java.io.tmpdir"));
        final String suffix = Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
        return new File(base, PREFIX + purpose + "-" + suffix).getAbsolutePath();
    }

    /**
     * Deletes the directory and everything in it, if it exists.
     *
     * @param directory the directory's name.
     */
    public static void delete(final String directory)
    {
        IoUtil.delete(new File(directory), true);
    }
}
