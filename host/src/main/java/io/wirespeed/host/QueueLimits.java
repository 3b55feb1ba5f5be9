package io.wirespeed.host;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What the queue host holds at most, so that no producer, however fast, and no stream of new names runs it out of
 * memory: messages and bytes per queue, bytes for the whole host, how many queues, how long an empty auto-created
 * queue without consumers stays, and what a producer meets when a queue is full ({@link FullPolicy}, per queue name
 * pattern or for all). Defaults come from system properties ({@code wirespeed.host.maxQueueMessages},
 * {@code wirespeed.host.maxQueueBytes}, {@code wirespeed.host.maxHostBytes}, {@code wirespeed.host.maxQueues},
 * {@code wirespeed.host.idleQueueRemovalMs}, {@code wirespeed.host.fullPolicy} and
 * {@code wirespeed.host.fullPolicy.<pattern>}); see docs/queues.md.
 *
 * @param maxQueueMessages   the most messages one queue holds (waiting and in flight, not yet acknowledged).
 * @param maxQueueBytes      the most envelope bytes one queue holds.
 * @param maxHostBytes       the most bytes all queues hold together, each message counted with
 *                           {@link #MESSAGE_OVERHEAD} bytes of bookkeeping on top of its envelope.
 * @param maxQueues          the most queues the host keeps.
 * @param idleQueueRemovalNs how long an auto-created queue stays once it is empty, without consumers and without room
 *                           kept for producers.
 * @param defaultPolicy      the policy of queues no pattern names.
 * @param policies           policies by queue name pattern ({@code *} matches any characters), the longest matching
 *                           pattern first.
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
    private static final String POLICY = "wirespeed.host.fullPolicy";

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
        policies = Map.copyOf(policies);
    }

    /**
     * The limits of the system properties, or the defaults.
     *
     * @return the limits.
     * @throws IllegalArgumentException if a policy setting names no policy.
     */
    public static QueueLimits fromSystemProperties()
    {
        final Map<String, FullPolicy> policies = new LinkedHashMap<>();
        for (final String key : System.getProperties().stringPropertyNames())
        {
            if (key.startsWith(POLICY + "."))
            {
                policies.put(key.substring(POLICY.length() + 1), FullPolicy.parse(System.getProperty(key), key));
            }
        }
        return new QueueLimits(
            Long.getLong("wirespeed.host.maxQueueMessages", DEFAULT_MAX_QUEUE_MESSAGES),
            Long.getLong("wirespeed.host.maxQueueBytes", DEFAULT_MAX_QUEUE_BYTES),
            Long.getLong("wirespeed.host.maxHostBytes", DEFAULT_MAX_HOST_BYTES),
            Integer.getInteger("wirespeed.host.maxQueues", DEFAULT_MAX_QUEUES),
            TimeUnit.MILLISECONDS.toNanos(Long.getLong("wirespeed.host.idleQueueRemovalMs",
                DEFAULT_IDLE_QUEUE_REMOVAL_MS)),
            FullPolicy.parse(System.getProperty(POLICY, "block"), POLICY),
            policies);
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
            if (pattern.length() > longest && matches(pattern, 0, queue, 0))
            {
                longest = pattern.length();
                policy = entry.getValue();
            }
        }
        return policy;
    }

    private static boolean matches(final String pattern, final int p, final String name, final int n)
    {
        if (p == pattern.length())
        {
            return n == name.length();
        }
        if (pattern.charAt(p) == '*')
        {
            for (int i = n; i <= name.length(); i++)
            {
                if (matches(pattern, p + 1, name, i))
                {
                    return true;
                }
            }
            return false;
        }
        return n < name.length() && pattern.charAt(p) == name.charAt(n) && matches(pattern, p + 1, name, n + 1);
    }
}
