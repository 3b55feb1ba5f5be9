package io.wirespeed.jms.durable;

import io.wirespeed.transport.aeron.AeronTransport;
import io.wirespeed.transport.aeron.ArchiveConfig;
import io.wirespeed.transport.aeron.StreamArchive;

/**
 * What the queue host needs to keep subscriptions and queues durable: a client of the archive beside
 * its media driver, and the store of subscriptions' positions in the archive's directory.
 */
public final class DurableStorage implements AutoCloseable
{
    private final StreamArchive archive;
    private final SubscriptionStore store;

    private DurableStorage(final StreamArchive archive, final SubscriptionStore store)
    {
        this.archive = archive;
        this.store = store;
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
        final StreamArchive archive = StreamArchive.connect(transport);
        try
        {
            return new DurableStorage(archive, new SubscriptionStore(config.directory(), config.fileSync() > 0));
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

    /** @return the subscriptions' store. */
    public SubscriptionStore store()
    {
        return store;
    }

    @Override
    public void close()
    {
        archive.close();
    }
}
