package io.wirespeed.host.spi;

/**
 * The queue host and archive that run inside an application's JVM beside its embedded media driver, as the JMS
 * provider asks for them: found through {@link java.util.ServiceLoader}, so that the provider names none of the
 * host's classes. One host per driver directory, started by the first connection that needs it and living while
 * the JVM lives (a shutdown hook closes it), not while a connection does. Thread safe.
 */
public interface EmbeddedHostService
{
    /**
     * Whether the host starts with the first connection rather than on first need: with {@link ArchiveUse#ON}, so
     * that its queues come back from the archive; with {@link ArchiveUse#AUTO} when the archive's directory holds
     * durable subscriptions, so that their topics are recorded again before anything is published.
     *
     * @param settings the connection's settings.
     * @return true if so.
     */
    boolean startsWithConnection(EmbeddedHostSettings settings);

    /**
     * Starts the queue host beside the embedded driver the settings name, once.
     *
     * @param settings the settings of the connection that needs it.
     * @throws io.wirespeed.transport.TransportException if the host cannot start, or it runs with settings these
     *                                                   contradict (naming the setting to align).
     */
    void ensureQueueHost(EmbeddedHostSettings settings);

    /**
     * Starts the archive (if not yet running) and the queue host, which then keeps durable subscriptions with it.
     *
     * @param settings the settings of the connection that needs it.
     * @throws io.wirespeed.transport.TransportException if the archive is off, cannot start, or runs in another
     *                                                   directory than these settings name.
     */
    void ensureDurable(EmbeddedHostSettings settings);

    /**
     * Closes every host of this JVM (as the JVM's shutdown does): what their queues held in memory is dropped; with
     * the archive, PERSISTENT messages of durable queues and durable subscriptions stay in it for the next start.
     */
    void closeAll();
}
