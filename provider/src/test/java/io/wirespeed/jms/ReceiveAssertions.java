package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.TextMessage;

import io.wirespeed.test.Await;

/**
 * Assertions on what consumers receive that wait on conditions rather than on time windows. "Nothing else arrives"
 * is asserted with a marker: the test sends it after what must not arrive, on the same stream (same session and
 * destination, whose order the transport keeps), and the marker must be the very next message.
 */
public final class ReceiveAssertions
{
    private static final long RECEIVE_TIMEOUT_MS = 5_000;

    private ReceiveAssertions()
    {
    }

    /**
     * Fails unless the next message the consumer receives, within 5 s, is a text message with the expected text.
     *
     * @param consumer the consumer.
     * @param expected the text of the marker (or of the message) that must come next.
     * @param why      what it shows, for the failure message ("nothing of the rolled back transaction arrived").
     * @throws JMSException if receiving fails.
     */
    public static void assertNextText(final MessageConsumer consumer, final String expected, final String why)
        throws JMSException
    {
        assertEquals(expected, describe(consumer.receive(RECEIVE_TIMEOUT_MS)), why);
    }

    /**
     * Receives from every consumer in turn, waiting on none, until {@code count} text messages came between them;
     * fails on a text that came twice.
     *
     * @param count     how many messages in all.
     * @param consumers the consumers that share them (a queue's, a shared subscription's).
     * @return the texts each consumer received, in the order of the consumers.
     */
    public static List<List<String>> receiveAmong(final int count, final MessageConsumer... consumers)
    {
        final List<List<String>> received = new ArrayList<>();
        for (int i = 0; i < consumers.length; i++)
        {
            received.add(new ArrayList<>());
        }
        final Set<String> seen = new HashSet<>();
        Await.until(count + " messages among " + consumers.length + " consumers", () ->
        {
            for (int i = 0; i < consumers.length; i++)
            {
                final String text = receiveNoWait(consumers[i]);
                if (null != text)
                {
                    assertTrue(seen.add(text), "twice: " + text);
                    received.get(i).add(text);
                }
            }
            return seen.size() >= count;
        });
        return received;
    }

    /**
     * A received message as a test compares it.
     *
     * @param message the message, or null.
     * @return its text if it is a text message, "nothing" for null, its type otherwise.
     * @throws JMSException if its text cannot be read.
     */
    public static String describe(final Message message) throws JMSException
    {
        if (null == message)
        {
            return "nothing within " + RECEIVE_TIMEOUT_MS + " ms";
        }
        return message instanceof TextMessage ? ((TextMessage)message).getText() :
            message.getClass().getSimpleName() + " " + message.getJMSMessageID();
    }

    private static String receiveNoWait(final MessageConsumer consumer)
    {
        try
        {
            final Message message = consumer.receiveNoWait();
            return null == message ? null : describe(message);
        }
        catch (final JMSException ex)
        {
            throw new IllegalStateException(ex);
        }
    }
}
