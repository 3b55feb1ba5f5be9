package io.wirespeed.bench.peer;

import javax.jms.BytesMessage;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.MessageProducer;

/** How every JMS peer writes, reads and sends a {@link Payload}: the same calls for every provider. */
public final class JmsMessages
{
    private JmsMessages()
    {
    }

    /**
     * Configures a producer the way a latency-sensitive application would: non-persistent, no
     * message id, no timestamp.
     *
     * @param producer the producer.
     * @return the producer.
     * @throws JMSException if the provider refuses.
     */
    public static MessageProducer fast(final MessageProducer producer) throws JMSException
    {
        producer.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
        producer.setDisableMessageID(true);
        producer.setDisableMessageTimestamp(true);
        return producer;
    }

    /**
     * Rewrites a reused BytesMessage's body with a payload.
     *
     * @param message  the message.
     * @param intended the intended send time.
     * @param sequence the sequence number.
     * @param padding  bytes after the two longs ({@code size - 16} of them).
     * @throws JMSException if the provider refuses.
     */
    public static void write(final BytesMessage message, final long intended, final long sequence, final byte[] padding)
        throws JMSException
    {
        message.clearBody();
        message.writeLong(intended);
        message.writeLong(sequence);
        message.writeBytes(padding);
    }

    /**
     * Sends a reused BytesMessage as fast as the producer takes it, each with the next sequence number (intended time
     * 0), until a deadline, looked at every 64 sends.
     *
     * @param producer      the producer.
     * @param message       the message, rewritten before each send.
     * @param padding       bytes after the two longs.
     * @param firstSequence the first sequence number to send.
     * @param endNanos      when to stop, in {@link System#nanoTime()}.
     * @return the next sequence number: the first plus the messages sent.
     * @throws JMSException if the provider refuses.
     */
    public static long sendUntil(
        final MessageProducer producer, final BytesMessage message, final byte[] padding, final long firstSequence,
        final long endNanos) throws JMSException
    {
        long sequence = firstSequence;
        while (System.nanoTime() < endNanos)
        {
            for (int i = 0; i < 64; i++)
            {
                write(message, 0, sequence++, padding);
                producer.send(message);
            }
        }
        return sequence;
    }

    /**
     * An unchecked wrapper for a failure inside a listener.
     *
     * @param ex the JMS failure.
     * @return the exception to throw.
     */
    public static IllegalStateException fail(final JMSException ex)
    {
        return new IllegalStateException(ex);
    }
}
