package io.wirespeed.bench.common;

import java.util.concurrent.TimeUnit;

import io.aeron.Aeron;
import io.aeron.CommonContext;
import io.aeron.ExclusivePublication;
import io.aeron.Publication;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.wirespeed.transport.aeron.AeronTransportContext;
import io.wirespeed.transport.IdleStrategyKind;
import io.wirespeed.transport.aeron.MediaDriverLauncher;

/**
 * Raw Aeron, the floor under Wirespeed: an embedded media driver launched the way Wirespeed launches its own
 * ({@link MediaDriverLauncher}, Wirespeed's MTU and timeouts) with the given idle strategy, threading mode and term
 * length, in a directory of its own, and a client of it. Closing it closes the client, then stops the driver and
 * deletes its directory.
 */
public final class RawAeron implements AutoCloseable
{
    /** How long {@link #awaitConnected} waits for a subscriber before it gives up. */
    public static final long CONNECT_TIMEOUT_MS = 20_000;

    private final MediaDriver driver;
    private final Aeron aeron;

    private RawAeron(final MediaDriver driver, final Aeron aeron)
    {
        this.driver = driver;
        this.aeron = aeron;
    }

    /**
     * A directory for a raw driver of this process, of the kind Wirespeed's embedded driver uses: beside Aeron's
     * default directory ({@code /dev/shm} on Linux), as {@code <aeron default>-wirespeed-<tag>-<pid>}, so that the
     * floor and Wirespeed map their log buffers from the same file system.
     *
     * @param tag what the driver is for, e.g. {@code bench-raw}.
     * @return the directory's path.
     */
    public static String directoryBesideWirespeeds(final String tag)
    {
        return CommonContext.getAeronDirectoryName() + "-wirespeed-" + tag + "-" + ProcessHandle.current().pid();
    }

    /**
     * Starts a driver and connects a client to it.
     *
     * @param directory  the driver's directory, deleted before it starts and when it stops; one per process.
     * @param idle       the idle strategy of the driver's agents, by the name Wirespeed's URI uses.
     * @param threading  the driver's threading mode.
     * @param termLength the term length of publications, IPC and network alike, in bytes; 0 for Wirespeed's default.
     * @return the running pair.
     */
    public static RawAeron start(
        final String directory, final String idle, final ThreadingMode threading, final int termLength)
    {
        final AeronTransportContext config = new AeronTransportContext()
            .embedded(true)
            .directory(directory)
            .threadingMode(threading)
            .idleStrategy(IdleStrategyKind.byPropertyName(idle, "idle"))
            .deleteDirOnStart(true)
            .deleteDirOnStop(true);
        if (0 != termLength)
        {
            config.termLength(termLength);
        }
        final MediaDriver driver = MediaDriverLauncher.launch(config);
        try
        {
            return new RawAeron(driver, Aeron.connect(new Aeron.Context().aeronDirectoryName(directory)));
        }
        catch (final RuntimeException ex)
        {
            driver.close();
            throw ex;
        }
    }

    /**
     * The client.
     *
     * @return the connected Aeron client.
     */
    public Aeron aeron()
    {
        return aeron;
    }

    /**
     * An exclusive publication, returned once a subscriber is connected to it.
     *
     * @param channel  the channel.
     * @param streamId the stream.
     * @return the connected publication.
     * @throws IllegalStateException if no subscriber connects within {@link #CONNECT_TIMEOUT_MS}.
     */
    public ExclusivePublication connectedPublication(final String channel, final int streamId)
    {
        final ExclusivePublication publication = aeron.addExclusivePublication(channel, streamId);
        awaitConnected(publication);
        return publication;
    }

    /**
     * Waits until a subscriber is connected to a publication: a publication without one drops what is offered.
     *
     * @param publication the publication.
     * @throws IllegalStateException if no subscriber connects within {@link #CONNECT_TIMEOUT_MS}.
     */
    public static void awaitConnected(final Publication publication)
    {
        final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CONNECT_TIMEOUT_MS);
        while (!publication.isConnected())
        {
            if (System.nanoTime() > deadline)
            {
                throw new IllegalStateException("no subscriber connected to " + publication.channel() + " stream " +
                    publication.streamId() + " within " + CONNECT_TIMEOUT_MS + " ms");
            }
            Thread.yield();
        }
    }

    @Override
    public void close()
    {
        try
        {
            aeron.close();
        }
        finally
        {
            driver.close();
        }
    }
}
