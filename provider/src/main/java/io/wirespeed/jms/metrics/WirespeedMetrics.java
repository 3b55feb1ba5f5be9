package io.wirespeed.jms.metrics;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The figures of every open connection of this JVM, for the readers inside it (JMX, Micrometer, health): a
 * connection is listed from its creation to its close. Thread safe.
 */
public final class WirespeedMetrics
{
    private static final List<ConnectionMetrics> OPEN = new CopyOnWriteArrayList<>();

    private WirespeedMetrics()
    {
    }

    /** @return the open connections' figures, in the order they opened; a snapshot. */
    public static List<ConnectionMetrics> connections()
    {
        return List.copyOf(OPEN);
    }

    static void opened(final ConnectionMetrics metrics)
    {
        OPEN.add(metrics);
    }

    static void closed(final ConnectionMetrics metrics)
    {
        OPEN.remove(metrics);
    }
}
