package io.wirespeed.jms.metrics;

import org.agrona.CloseHelper;
import org.agrona.concurrent.status.AtomicCounter;

/**
 * One destination's figures in one connection (adding to its runtime's) or in a runtime: messages and encoded bytes
 * sent and received. Looked up once per
 * producer or consumer ({@link ConnectionMetrics#destination}) and counted per message with an atomic add, which
 * allocates nothing; any thread.
 */
public final class DestinationCounters
{
    private final String name;
    private final AtomicCounter messagesSent;
    private final AtomicCounter bytesSent;
    private final AtomicCounter messagesReceived;
    private final AtomicCounter bytesReceived;
    private final DestinationCounters runtime;

    DestinationCounters(
        final String name, final AtomicCounter messagesSent, final AtomicCounter bytesSent,
        final AtomicCounter messagesReceived, final AtomicCounter bytesReceived, final DestinationCounters runtime)
    {
        this.runtime = runtime;
        this.name = name;
        this.messagesSent = messagesSent;
        this.bytesSent = bytesSent;
        this.messagesReceived = messagesReceived;
        this.bytesReceived = bytesReceived;
    }

    /**
     * Counts a message published.
     *
     * @param bytes its encoded length.
     */
    public void onSent(final int bytes)
    {
        CounterValues.add(messagesSent, 1);
        CounterValues.add(bytesSent, bytes);
        if (null != runtime)
        {
            runtime.onSent(bytes);
        }
    }

    /**
     * Counts messages received for the application.
     *
     * @param messages how many.
     * @param bytes    their encoded length in all.
     */
    public void onReceived(final int messages, final long bytes)
    {
        CounterValues.add(messagesReceived, messages);
        CounterValues.add(bytesReceived, bytes);
        if (null != runtime)
        {
            runtime.onReceived(messages, bytes);
        }
    }

    /** @return the destination's name as counters show it: {@code topic:<name>}, {@code queue:<name>} or a group. */
    public String name()
    {
        return name;
    }

    /** @return messages published. */
    public long messagesSent()
    {
        return CounterValues.read(messagesSent);
    }

    /** @return encoded bytes published. */
    public long bytesSent()
    {
        return CounterValues.read(bytesSent);
    }

    /** @return messages received. */
    public long messagesReceived()
    {
        return CounterValues.read(messagesReceived);
    }

    /** @return encoded bytes received. */
    public long bytesReceived()
    {
        return CounterValues.read(bytesReceived);
    }

    void close()
    {
        // a driver that has gone has taken its counters with it: nothing is left to give back
        CloseHelper.quietCloseAll(messagesSent, bytesSent, messagesReceived, bytesReceived);
    }
}
