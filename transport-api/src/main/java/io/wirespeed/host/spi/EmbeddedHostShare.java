package io.wirespeed.host.spi;

/**
 * One holder's share of the queue host (and archive) that runs inside this JVM beside an embedded media driver
 * ({@link EmbeddedHostService#share}). The host, once started, lives while any share of its driver directory is
 * open: closing the last one closes the host (what its queues held in memory is dropped; with the archive,
 * PERSISTENT messages of durable queues and durable subscriptions stay in it for the next start), then its archive,
 * and gives back the host's share of the driver. Thread safe.
 */
public interface EmbeddedHostShare extends AutoCloseable
{
    /**
     * Starts the queue host, once.
     *
     * @param settings the settings of the connection that needs it.
     * @throws io.wirespeed.transport.TransportException if the host cannot start, it runs with settings these
     *                                                   contradict (naming the setting to align), or this share is
     *                                                   closed.
     */
    void ensureQueueHost(EmbeddedHostSettings settings);

    /**
     * Starts the archive (if not yet running) and the queue host, which then keeps durable subscriptions with it.
     *
     * @param settings the settings of the connection that needs it.
     * @throws io.wirespeed.transport.TransportException if the archive is off, cannot start, runs in another
     *                                                   directory than these settings name, or this share is closed.
     */
    void ensureDurable(EmbeddedHostSettings settings);

    /**
     * Gives the share back; the last share of a driver directory closes its host and archive. Idempotent.
     */
    @Override
    void close();
}
