package io.wirespeed.host.durable;

import io.wirespeed.transport.CounterRegistry;
import io.wirespeed.transport.aeron.AeronTransport;
import io.wirespeed.transport.ArchiveConfig;
import io.wirespeed.transport.aeron.ArchiveHost;
import io.wirespeed.transport.aeron.ReplayGate;
import io.wirespeed.transport.aeron.StreamArchive;

/**
 * What the queue host needs to keep subscriptions and queues durable: a client of the archive beside
 * its media driver, and the store of subscriptions' positions in the archive's directory.
 */
public final class DurableStorage implements AutoCloseable
{
    private final StreamArchive archive;
    private final SubscriptionStore store;
    private final ArchiveHost archiveHost;
    private final RecordingPositions positions;

    private DurableStorage(
        final StreamArchive archive, final SubscriptionStore store, final ArchiveHost archiveHost,
        final RecordingPositions positions)
    {
        this.archive = archive;
        this.store = store;
        this.archiveHost = archiveHost;
        this.positions = positions;
    }

    /**
     * Connects to the archive running beside the transport's media driver.
     *
     * @param transport the host's transport.
     * @param config    the archive's settings (its directory holds the subscriptions' files).
     * @return the storage.
     */
    public static DurableStorage open(final AeronTransport transport, final ArchiveConfig config)
    {
        return open(transport, config, null);
    }

    /**
     * Connects to the archive running in this JVM beside the transport's media driver, and takes over
     * its retention: the queue host applies it from its own thread ({@link #applyRetentionIfDue}),
     * stopping its replays of a recording before that is purged.
     *
     * @param transport   the host's transport.
     * @param config      the archive's settings (its directory holds the subscriptions' files).
     * @param archiveHost the archive, or null to leave its retention to its own agent.
     * @return the storage.
     */
    public static DurableStorage open(
        final AeronTransport transport, final ArchiveConfig config, final ArchiveHost archiveHost)
    {
        final StreamArchive archive = StreamArchive.connect(transport, config);
        try
        {
            return new DurableStorage(archive, new SubscriptionStore(config.directory(), config.fileSync() > 0),
                archiveHost, new RecordingPositions(archive,
                transport.capability(CounterRegistry.class).map(CounterRegistry::reader).orElse(null)));
        }
        catch (final RuntimeException ex)
        {
            archive.close();
            throw ex;
        }
    }

    /** @return the archive client; for the host's thread only. */
    public StreamArchive archive()
    {
        return archive;
    }

    /** @return how far recordings are written, read from the driver's counters where it can; host's thread only. */
    RecordingPositions positions()
    {
        return positions;
    }

    /** @return the subscriptions' store. */
    public SubscriptionStore store()
    {
        return store;
    }

    /**
     * Applies the archive's retention when due, where this storage took it over; for the host's thread only.
     *
     * @param gate stops the host's replays of a recording about to be purged.
     * @return how many segment files were purged.
     */
    public int applyRetentionIfDue(final ReplayGate gate)
    {
        return archiveHost == null ? 0 : archiveHost.applyRetentionIfDue(gate);
    }

    /**
     * Watches the free space of the archive's disk: stops recording (PERSISTENT sends to recorded destinations
     * then fail) while it is too low, and records again when it returns; for the host's thread only.
     *
     * @param nowNs the host's time now (its duty cycle's, by its monotonic clock).
     * @return 1 if recording stopped or resumed, else 0.
     */
    public int checkSpace(final long nowNs)
    {
        return archive.checkSpace(nowNs);
    }

    /**
     * Takes the archive's answers to the asynchronous requests (durable feeds' looks for recordings, stop positions
     * for their lag) that have come; never waits. For the host's duty cycle.
     *
     * @return the work done.
     */
    public int pollArchive()
    {
        return archive.requests().poll();
    }

    /** @return whether recording is stopped for want of disk space ({@link #checkSpace}). */
    public boolean isRecordingStopped()
    {
        return archive.isRecordingStopped();
    }

    @Override
    public void close()
    {
        archive.close();
    }
}
