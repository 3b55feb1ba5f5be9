package io.wirespeed.transport.aeron;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import io.wirespeed.transport.ArchiveConfig;
import io.wirespeed.transport.TransportException;

/**
 * The free space on the archive's disk, as the thread that records streams sees it: measured at most every
 * {@link #CHECK_INTERVAL_NS}, it is low below {@link ArchiveConfig#minFree()} and enough again from a quarter
 * more than that (so that recording does not stop and start on every byte around the limit). Aeron Archive
 * writes recordings through files it extends sparsely and keeps its catalog in a mapped file: on a disk that
 * fills to the last byte a recording fails part way and a write to the catalog can fault, so recording must
 * stop while there is still room. Not thread safe. A clustered queue host's leader watches its member's disk with one
 * too (the member's archive records the cluster's log).
 */
public final class ArchiveSpace
{
    /** How often the free space is measured. */
    static final long CHECK_INTERVAL_NS = TimeUnit.MILLISECONDS.toNanos(100);

    /** {@link #poll} found nothing changed. */
    static final int UNCHANGED = 0;
    /** {@link #poll} found the free space fell below the minimum. */
    static final int BECAME_LOW = 1;
    /** {@link #poll} found enough free space again. */
    static final int BECAME_ENOUGH = 2;

    private final Path directory;
    private final FileStore store;
    private final long minFree;
    private final long enoughFree;
    private long nextCheckNs;
    private long free = Long.MAX_VALUE;
    private boolean low;

    ArchiveSpace(final ArchiveConfig config)
    {
        this(config.directory(), config.minFree());
    }

    /**
     * @param directory a directory on the disk to watch.
     * @param minFree   the least free space, in bytes, below which the space is low.
     * @throws TransportException if the directory's disk cannot be seen.
     */
    public ArchiveSpace(final Path directory, final long minFree)
    {
        this.directory = directory;
        this.minFree = minFree;
        this.enoughFree = minFree + minFree / 4;
        try
        {
            this.store = Files.getFileStore(directory);
        }
        catch (final IOException ex)
        {
            throw new TransportException("cannot see how much free space the archive directory " + directory +
                " has (" + ArchiveConfig.DIR_PROP + " / archiveDir): " + ex, ex);
        }
    }

    /**
     * Measures the free space when a check is due.
     *
     * @param nowNs {@link System#nanoTime()}.
     * @return {@link #UNCHANGED}, {@link #BECAME_LOW} or {@link #BECAME_ENOUGH}.
     */
    public int poll(final long nowNs)
    {
        if (nowNs - nextCheckNs < 0)
        {
            return UNCHANGED;
        }
        nextCheckNs = nowNs + CHECK_INTERVAL_NS;
        measure();
        if (!low && free < minFree)
        {
            low = true;
            return BECAME_LOW;
        }
        if (low && free >= enoughFree)
        {
            low = false;
            return BECAME_ENOUGH;
        }
        return UNCHANGED;
    }

    /**
     * Measures the free space now, for a decision that cannot wait for the next check; changes nothing.
     *
     * @return whether it is low: below the minimum, or, while low, not yet back at the level that ends it.
     */
    boolean measureLow()
    {
        measure();
        return free < (low ? enoughFree : minFree);
    }

    /** Treats the space as low again (the archive refused to record with what was measured). */
    void stayLow()
    {
        low = true;
    }

    private void measure()
    {
        try
        {
            free = store.getUsableSpace();
        }
        catch (final IOException ex)
        {
            // the last measure stands: a failed look at the disk says nothing about its space
        }
    }

    /** @return whether the space was low at the last check (or, once low, not yet back at the level that ends it). */
    public boolean isLow()
    {
        return low;
    }

    /** @return what it says about the disk, for logs and exceptions. */
    public String describe()
    {
        return "the archive's disk (" + directory + ") has " + mib(free) + " MiB free, and the archive records " +
            "only while at least " + mib(minFree) + " MiB are (" + ArchiveConfig.MIN_FREE_PROP + " / archiveMinFree)";
    }

    /** @return how much must be free before recording resumes, for logs. */
    public String resumeLevel()
    {
        return mib(enoughFree) + " MiB";
    }

    private static long mib(final long bytes)
    {
        return bytes / (1024 * 1024);
    }
}
