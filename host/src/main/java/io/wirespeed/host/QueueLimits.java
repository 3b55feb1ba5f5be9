package io.wirespeed.host;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import io.wirespeed.codec.NamePattern;
import io.wirespeed.transport.SettingValues;
import io.wirespeed.transport.TransportException;

/**
 * What the queue host holds at most, so that no producer, however fast, and no stream of new names runs it out of
 * memory: messages and bytes per queue, bytes for the whole host, how many queues, how long an empty auto-created
 * queue without consumers stays, and what a producer meets when a queue is full ({@link FullPolicy}, per queue name
 * pattern or for all). Set by properties ({@code wirespeed.host.maxQueueMessages},
 * {@code wirespeed.host.maxQueueBytes}, {@code wirespeed.host.maxHostBytes}, {@code wirespeed.host.maxQueues},
 * {@code wirespeed.host.idleQueueRemovalMs}, {@code wirespeed.host.fullPolicy} and
 * {@code wirespeed.host.fullPolicy.<pattern>}), read by {@link #fromProperties(Properties)}; see docs/queues.md.
 *
 * @param maxQueueMessages   the most messages one queue holds (waiting and in flight, not yet acknowledged).
 * @param maxQueueBytes      the most envelope bytes one queue holds.
 * @param maxHostBytes       the most bytes all queues hold together, each message counted with
 *                           {@link #MESSAGE_OVERHEAD} bytes of bookkeeping on top of its envelope.
 * @param maxQueues          the most queues the host keeps.
 * @param idleQueueRemovalNs how long an auto-created queue stays once it is empty, without consumers and without room
 *                           kept for producers.
 * @param defaultPolicy      the policy of queues no pattern names.
 * @param policies           policies by queue name pattern (the one grammar of names, {@link NamePattern}:
 *                           {@code *} one segment, a last {@code >} one or more), the longest matching pattern first.
 */
public record QueueLimits(
    long maxQueueMessages, long maxQueueBytes, long maxHostBytes, int maxQueues, long idleQueueRemovalNs,
    FullPolicy defaultPolicy, Map<String, FullPolicy> policies)
{
    /** The bytes the host counts for each message on top of its envelope: what holding it costs in the heap. */
    public static final int MESSAGE_OVERHEAD = 128;
    /** Default for {@link #maxQueueMessages()}. */
    public static final long DEFAULT_MAX_QUEUE_MESSAGES = 100_000;
    /** Default for {@link #maxQueueBytes()}: 16 MiB. */
    public static final long DEFAULT_MAX_QUEUE_BYTES = 16L * 1024 * 1024;
    /** Default for {@link #maxHostBytes()}: 32 MiB, a quarter of a 128 MiB heap. */
    public static final long DEFAULT_MAX_HOST_BYTES = 32L * 1024 * 1024;
    /** Default for {@link #maxQueues()}. */
    public static final int DEFAULT_MAX_QUEUES = 10_000;
    /** Default for {@link #idleQueueRemovalNs()}: one minute. */
    public static final long DEFAULT_IDLE_QUEUE_REMOVAL_MS = 60_000;
    /** The setting of {@link #maxQueueMessages()}. */
    public static final String MAX_QUEUE_MESSAGES_PROP = "wirespeed.host.maxQueueMessages";
    /** The setting of {@link #maxQueueBytes()}, a size. */
    public static final String MAX_QUEUE_BYTES_PROP = "wirespeed.host.maxQueueBytes";
    /** The setting of {@link #maxHostBytes()}, a size. */
    public static final String MAX_HOST_BYTES_PROP = "wirespeed.host.maxHostBytes";
    /** The setting of {@link #maxQueues()}. */
    public static final String MAX_QUEUES_PROP = "wirespeed.host.maxQueues";
    /** The setting of {@link #idleQueueRemovalNs()}, a duration (a bare number is milliseconds). */
    public static final String IDLE_QUEUE_REMOVAL_PROP = "wirespeed.host.idleQueueRemovalMs";
    /** The setting of {@link #defaultPolicy()}. */
    public static final String FULL_POLICY_PROP = "wirespeed.host.fullPolicy";
    /** The start of the settings of {@link #policies()}: the pattern follows it. */
    public static final String POLICY_PATTERN_PREFIX = FULL_POLICY_PROP + ".";
    /** Every setting of these limits but the per-pattern policies ({@link #POLICY_PATTERN_PREFIX}). */
    public static final List<String> PROPERTIES = List.of(MAX_QUEUE_MESSAGES_PROP, MAX_QUEUE_BYTES_PROP,
        MAX_HOST_BYTES_PROP, MAX_QUEUES_PROP, IDLE_QUEUE_REMOVAL_PROP, FULL_POLICY_PROP);

    /**
     * Checks the limits.
     *
     * @throws IllegalArgumentException if one is not positive.
     */
    public QueueLimits
    {
        if (maxQueueMessages < 1 || maxQueueBytes < 1 || maxHostBytes < 1 || maxQueues < 1 || idleQueueRemovalNs < 0)
        {
            throw new IllegalArgumentException("queue limits must be positive: " + maxQueueMessages + " messages, " +
                maxQueueBytes + " bytes per queue, " + maxHostBytes + " bytes per host, " + maxQueues + " queues, " +
                idleQueueRemovalNs + " ns idle");
        }
        for (final String pattern : policies.keySet())
        {
            final String problem = NamePattern.problemWith(pattern);
            if (null != problem)
            {
                throw new IllegalArgumentException("full policy pattern '" + pattern + "' is not valid: " + problem);
            }
        }
        policies = Map.copyOf(policies);
    }

    /**
     * The limits of the system properties, or the defaults.
     *
     * @return the limits.
     * @throws TransportException naming a setting whose value is not valid.
     */
    public static QueueLimits fromSystemProperties()
    {
        return fromProperties(System.getProperties());
    }

    /**
     * The limits that settings give, each parsed by {@link SettingValues}: counts as whole numbers, bytes as sizes
     * ({@code 16m}), the idle time as a duration ({@code 1m}; a bare number is milliseconds), policies as
     * {@code block} or {@code fail}; the defaults for those they do not give.
     *
     * @param settings e.g. the system properties, or the driver process's files and system properties together.
     * @return the limits.
     * @throws TransportException naming a setting whose value is not valid, the value and what is accepted.
     */
    public static QueueLimits fromProperties(final Properties settings)
    {
        final Map<String, FullPolicy> policies = new LinkedHashMap<>();
        for (final String key : new TreeSet<>(settings.stringPropertyNames()))
        {
            if (key.startsWith(POLICY_PATTERN_PREFIX))
            {
                final String pattern = key.substring(POLICY_PATTERN_PREFIX.length());
                final String problem = NamePattern.problemWith(pattern);
                if (null != problem)
                {
                    throw new TransportException(key + " names no valid queue name pattern: " + problem + " (e.g. " +
                        POLICY_PATTERN_PREFIX + "orders.>=fail for every queue under orders.)");
                }
                policies.put(pattern, policy(key, settings.getProperty(key)));
            }
        }
        final String idle = settings.getProperty(IDLE_QUEUE_REMOVAL_PROP);
        return new QueueLimits(
            HostLimits.count(settings, MAX_QUEUE_MESSAGES_PROP, DEFAULT_MAX_QUEUE_MESSAGES),
            HostLimits.bytes(settings, MAX_QUEUE_BYTES_PROP, DEFAULT_MAX_QUEUE_BYTES),
            HostLimits.bytes(settings, MAX_HOST_BYTES_PROP, DEFAULT_MAX_HOST_BYTES),
            (int)HostLimits.count(settings, MAX_QUEUES_PROP, DEFAULT_MAX_QUEUES),
            null == idle ? TimeUnit.MILLISECONDS.toNanos(DEFAULT_IDLE_QUEUE_REMOVAL_MS) :
                SettingValues.duration(IDLE_QUEUE_REMOVAL_PROP, idle).toNanos(),
            policy(FULL_POLICY_PROP, settings.getProperty(FULL_POLICY_PROP, FullPolicy.BLOCK.settingName())),
            policies);
    }

    /**
     * The limits as their properties would give them, in the grammar of {@link SettingValues}: what the driver
     * process logs where they differ from the defaults.
     *
     * @return property name to value, in the order of {@link #PROPERTIES}, then a policy per pattern.
     */
    public Map<String, String> settings()
    {
        final Map<String, String> settings = new LinkedHashMap<>();
        settings.put(MAX_QUEUE_MESSAGES_PROP, Long.toString(maxQueueMessages));
        settings.put(MAX_QUEUE_BYTES_PROP, SettingValues.formatSize(maxQueueBytes));
        settings.put(MAX_HOST_BYTES_PROP, SettingValues.formatSize(maxHostBytes));
        settings.put(MAX_QUEUES_PROP, Integer.toString(maxQueues));
        settings.put(IDLE_QUEUE_REMOVAL_PROP, SettingValues.formatDuration(Duration.ofNanos(idleQueueRemovalNs)));
        settings.put(FULL_POLICY_PROP, defaultPolicy.settingName());
        new TreeMap<>(policies).forEach((pattern, policy) ->
            settings.put(POLICY_PATTERN_PREFIX + pattern, policy.settingName()));
        return settings;
    }

    private static FullPolicy policy(final String key, final String text)
    {
        try
        {
            return FullPolicy.parse(text, key);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new TransportException(ex.getMessage(), ex);
        }
    }

    /**
     * The policy of a queue: that of the longest pattern matching its name, or the default.
     *
     * @param queue the queue's name.
     * @return the policy.
     */
    public FullPolicy policyOf(final String queue)
    {
        FullPolicy policy = defaultPolicy;
        int longest = -1;
        for (final Map.Entry<String, FullPolicy> entry : policies.entrySet())
        {
            final String pattern = entry.getKey();
            if (pattern.length() > longest && NamePattern.matches(pattern, queue))
            {
                longest = pattern.length();
                policy = entry.getValue();
            }
        }
        return policy;
    }
}
