package io.wirespeed.spring.boot3;

import java.util.ArrayList;
import java.util.List;

import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;

import org.springframework.jms.core.JmsTemplate;

import io.wirespeed.spring.Deliveries;
import io.wirespeed.spring.Delivery;

/** Reading received jakarta.jms messages into {@link Delivery} records. */
final class Received
{
    private Received()
    {
    }

    /**
     * Records a text message as the current thread sees it.
     *
     * @param message the delivered message.
     * @return the record.
     * @throws JMSException if the message cannot be read.
     */
    static Delivery of(final Message message) throws JMSException
    {
        return new Delivery(((TextMessage)message).getText(), message.getJMSRedelivered(),
            message.getIntProperty("JMSXDeliveryCount"), Thread.currentThread().getName());
    }

    /**
     * Reads from a message where a checked {@link JMSException} cannot be thrown (inside Spring callbacks); a failure
     * fails the test.
     *
     * @param read the read.
     * @param <T>  what it reads.
     * @return what it read.
     */
    static <T> T unchecked(final Read<T> read)
    {
        try
        {
            return read.read();
        }
        catch (final JMSException ex)
        {
            throw new AssertionError(ex);
        }
    }

    /**
     * The text of a text message, read {@link #unchecked(Read)}.
     *
     * @param message the message.
     * @return its text.
     */
    static String text(final Message message)
    {
        return unchecked(() -> ((TextMessage)message).getText());
    }

    /**
     * A read of a message that may throw.
     *
     * @param <T> what it reads.
     */
    interface Read<T>
    {
        /**
         * Reads.
         *
         * @return what it read.
         * @throws JMSException if the message cannot be read.
         */
        T read() throws JMSException;
    }

    /**
     * Receives what is left on a queue, one {@code JmsTemplate.receive} per message, until none comes within
     * {@link Deliveries#QUIET}.
     *
     * @param factory the connection factory to receive through.
     * @param queue   the queue's name.
     * @return what was left, in the order received.
     * @throws JMSException if a message cannot be read.
     */
    static List<Delivery> drain(final ConnectionFactory factory, final String queue) throws JMSException
    {
        final JmsTemplate template = new JmsTemplate(factory);
        template.setReceiveTimeout(Deliveries.QUIET.toMillis());
        final List<Delivery> left = new ArrayList<>();
        for (Message message = template.receive(queue); message != null; message = template.receive(queue))
        {
            left.add(of(message));
        }
        return left;
    }
}
