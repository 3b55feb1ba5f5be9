package io.wirespeed.host;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import io.wirespeed.transport.SettingValues;
import io.wirespeed.transport.TransportException;

/**
 * What one queue host grants its clients, so that no client, however it behaves, holds the host's thread or its
 * memory: how many clients it serves, how many responses (and bytes) wait for one client that does not read, and how
 * long a client may go without reading its replies (or without connecting its reply stream) before it is cut off.
 * Set by properties ({@code wirespeed.host.maxClients}, {@code wirespeed.host.clientBacklogMessages},
 * {@code wirespeed.host.clientBacklogBytes} as a size, {@code wirespeed.host.clientTimeoutMs} as a duration), read by
 * {@link #fromProperties(Properties)}; see docs/queues.md.
 *
 * @param maxClients            the most clients served at once; a request from one more is dropped with a warning.
 * @param clientBacklogMessages the most responses waiting for one client; one more cuts it off.
 * @param clientBacklogBytes    the most bytes of responses waiting for one client; more cuts it off.
 * @param clientTimeoutNs       how long a client may leave its replies unread, or its reply stream unconnected,
 *                              before it is cut off.
 */
public record HostLimits(int maxClients, int clientBacklogMessages, long clientBacklogBytes, long clientTimeoutNs)
{
    /** The setting of {@link #maxClients()}. */
    public static final String MAX_CLIENTS_PROP = "wirespeed.host.maxClients";
    /** The setting of {@link #clientBacklogMessages()}. */
    public static final String CLIENT_BACKLOG_MESSAGES_PROP = "wirespeed.host.clientBacklogMessages";
    /** The setting of {@link #clientBacklogBytes()}, a size. */
    public static final String CLIENT_BACKLOG_BYTES_PROP = "wirespeed.host.clientBacklogBytes";
    /** The setting of {@link #clientTimeoutNs()}, a duration (a bare number is milliseconds). */
    public static final String CLIENT_TIMEOUT_PROP = "wirespeed.host.clientTimeoutMs";
    /** Every setting of these limits. */
    public static final List<String> PROPERTIES =
        List.of(MAX_CLIENTS_PROP, CLIENT_BACKLOG_MESSAGES_PROP, CLIENT_BACKLOG_BYTES_PROP, CLIENT_TIMEOUT_PROP);
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
     * @throws TransportException naming a setting whose value is not valid.
     */
    public static HostLimits fromSystemProperties()
    {
        return fromProperties(System.getProperties());
    }

    /**
     * The limits that settings give, each parsed by {@link SettingValues}: counts as whole numbers, bytes as sizes
     * ({@code 8m}), the timeout as a duration ({@code 10s}; a bare number is milliseconds); the defaults for those
     * they do not give.
     *
     * @param settings e.g. the system properties, or the driver process's files and system properties together.
     * @return the limits.
     * @throws TransportException naming a setting whose value is not valid, the value and what is accepted.
     */
    public static HostLimits fromProperties(final Properties settings)
    {
        return new HostLimits(
            (int)count(settings, MAX_CLIENTS_PROP, DEFAULT_MAX_CLIENTS),
            (int)count(settings, CLIENT_BACKLOG_MESSAGES_PROP, DEFAULT_CLIENT_BACKLOG_MESSAGES),
            bytes(settings, CLIENT_BACKLOG_BYTES_PROP, DEFAULT_CLIENT_BACKLOG_BYTES),
            nanos(settings, CLIENT_TIMEOUT_PROP, DEFAULT_CLIENT_TIMEOUT_MS));
    }

    /**
     * The limits as their properties would give them, in the grammar of {@link SettingValues}: what the driver
     * process logs where they differ from the defaults.
     *
     * @return property name to value, in the order of {@link #PROPERTIES}.
     */
    public Map<String, String> settings()
    {
        final Map<String, String> settings = new LinkedHashMap<>();
        settings.put(MAX_CLIENTS_PROP, Integer.toString(maxClients));
        settings.put(CLIENT_BACKLOG_MESSAGES_PROP, Integer.toString(clientBacklogMessages));
        settings.put(CLIENT_BACKLOG_BYTES_PROP, SettingValues.formatSize(clientBacklogBytes));
        settings.put(CLIENT_TIMEOUT_PROP, SettingValues.formatDuration(Duration.ofNanos(clientTimeoutNs)));
        return settings;
    }

    static long count(final Properties settings, final String key, final long defaultValue)
    {
        final String text = settings.getProperty(key);
        return null == text ? defaultValue : SettingValues.number(key, text, 1, Integer.MAX_VALUE);
    }

    static long bytes(final Properties settings, final String key, final long defaultValue)
    {
        final String text = settings.getProperty(key);
        return null == text ? defaultValue : SettingValues.size(key, text, 1, Long.MAX_VALUE);
    }

    static long nanos(final Properties settings, final String key, final long defaultMillis)
    {
        final String text = settings.getProperty(key);
        if (null == text)
        {
            return TimeUnit.MILLISECONDS.toNanos(defaultMillis);
        }
        return SettingValues.duration(key, text, Duration.ofMillis(1)).toNanos();
    }
}
