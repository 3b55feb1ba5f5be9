package io.wirespeed.jms.send;

/**
 * When this JVM last created a subscription. A publication that reports no subscriber shortly after
 * a subscription was created waits for the transport to link the two, so that a message sent after
 * {@code createConsumer} returns reaches that consumer, as applications expect within one JVM.
 */
public final class LocalSubscriptions
{
    private static volatile long lastCreatedNanos = System.nanoTime() - Long.MAX_VALUE / 4;

    private LocalSubscriptions()
    {
    }

    /** Notes that a subscription was just created. */
    public static void created()
    {
        lastCreatedNanos = System.nanoTime();
    }

    /** @return the {@link System#nanoTime()} at which the last subscription was created. */
    static long lastCreatedNanos()
    {
        return lastCreatedNanos;
    }
}
