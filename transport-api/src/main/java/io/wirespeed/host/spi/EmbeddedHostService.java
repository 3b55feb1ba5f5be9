package io.wirespeed.host.spi;

/**
 * The queue host and archive that run inside an application's JVM beside its embedded media driver, as the JMS
 * provider asks for them: found through {@link java.util.ServiceLoader}, so that the provider names none of the
 * host's classes. One host per driver directory, shared by whoever holds a share of it ({@link #share}): each of the
 * provider's runtimes on that directory holds one, the host starts when a share first needs it and closes with the
 * last share, not with a connection. Thread safe.
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
     * Takes a share of the host beside the embedded driver the settings name; nothing starts until the share first
     * needs the host ({@link EmbeddedHostShare#ensureQueueHost}).
     *
     * @param settings the settings of the runtime that takes it: the driver's directory above all.
     * @return the share, to be closed by its holder; the last share of a directory closes the host and archive.
     */
    EmbeddedHostShare share(EmbeddedHostSettings settings);
}
