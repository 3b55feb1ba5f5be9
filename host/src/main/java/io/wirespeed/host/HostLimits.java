package io.wirespeed.host;

import java.util.concurrent.TimeUnit;

/**
 * What one queue host grants its clients, so that no client, however it behaves, holds the host's thread or its
 * memory: how many clients it serves, how many responses (and bytes) wait for one client that does not read, and how
 * long a client may go without reading its replies (or without connecting its reply stream) before it is cut off.
 * Defaults come from system properties ({@code wirespeed.host.maxClients},
 * {@code wirespeed.host.clientBacklogMessages}, {@code wirespeed.host.clientBacklogBytes},
 * {@code wirespeed.host.clientTimeoutMs}); see docs/queues.md.
 *
 * @param maxClients            the most clients served at once; a request from one more is dropped with a warning.
 * @param clientBacklogMessages the most responses waiting for one client; one more cuts it off.
 * @param clientBacklogBytes    the most bytes of responses waiting for one client; more cuts it off.
 * @param clientTimeoutNs       how long a client may leave its replies unread, or its reply stream unconnected,
 *                              before it is cut off.
 */
public record HostLimits(int maxClients, int clientBacklogMessages, long clientBacklogBytes, long clientTimeoutNs)
{
    /** Default for {@link #maxClients()}. */
    public static final int DEFAULT_MAX_CLIENTS = 1024;
    /** Default for {@link #clientBacklogMessages()}. */
    public static final int DEFAULT_CLIENT_BACKLOG_MESSAGES = 8192;
    /** Default for {@link #clientBacklogBytes()}: 8 MiB. */
    public static final long DEFAULT_CLIENT_BACKLOG_BYTES = 8L * 1024 * 1024;
    /** Default for {@link #clientTimeoutNs()}: 10 seconds. */
    public static final long DEFAULT_CLIENT_TIMEOUT_MS = 10_000;

    /**
     * Checks the limits.
     *
     * @throws IllegalArgumentException if one is not positive.
     */
    public HostLimits
    {
        if (maxClients < 1 || clientBacklogMessages < 1 || clientBacklogBytes < 1 || clientTimeoutNs < 1)
        {
            throw new IllegalArgumentException("queue host limits must be positive: " + maxClients + " clients, " +
                clientBacklogMessages + " responses, " + clientBacklogBytes + " bytes, " + clientTimeoutNs + " ns");
        }
    }

    /**
     * The limits of the system properties, or the defaults.
     *
     * @return the limits.
     */
    public static HostLimits fromSystemProperties()
    {
        return new HostLimits(
            Integer.getInteger("wirespeed.host.maxClients", DEFAULT_MAX_CLIENTS),
            Integer.getInteger("wirespeed.host.clientBacklogMessages", DEFAULT_CLIENT_BACKLOG_MESSAGES),
            Long.getLong("wirespeed.host.clientBacklogBytes", DEFAULT_CLIENT_BACKLOG_BYTES),
            TimeUnit.MILLISECONDS.toNanos(Long.getLong("wirespeed.host.clientTimeoutMs", DEFAULT_CLIENT_TIMEOUT_MS)));
    }
}
