package io.wirespeed.jms;

import static io.wirespeed.jms.ReceiveAssertions.assertNextText;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.MessageConsumer;
import javax.jms.MessageFormatException;
import javax.jms.MessageProducer;
import javax.jms.ResourceAllocationException;
import javax.jms.Session;
import javax.jms.Topic;

import org.junit.jupiter.api.Test;

import io.wirespeed.test.Await;
import io.wirespeed.test.transport.InMemoryMedium;
import io.wirespeed.test.transport.InMemoryTransport;

/**
 * The send side (SessionSender) and topic delivery over test-support's in-memory transport, reached as any
 * transport is, by the scheme of a routed channel ({@code route.mem.>=mem:...}): whole messages, back-pressure
 * waited out up to {@code sendTimeout}, messages too large for the transport refused at send, topics without
 * subscribers, and subscribers that go, with no media driver in the path of the messages.
 */
class InMemoryTopicTest extends JmsTestSupport
{
    private static final String BUFFER = Integer.toString(InMemoryMedium.DEFAULT_BUFFER_LENGTH);

    private final String uri = "wirespeed:ipc?route.mem.>=mem:" + uniqueTopic();

    @Test
    void aTopicMessageTravelsWholeWithItsHeadersAndPropertiesThroughTheInMemoryTransport() throws Exception
    {
        final Connection connection = connection(uri);
        connection.start();
        final Session session = connection.createSession();
        final Topic topic = session.createTopic("mem.prices");
        assertInstanceOf(InMemoryTransport.class, ((JmsConnection)connection).channelFor("mem.prices").transport());
        final MessageConsumer consumer = session.createConsumer(topic);
        final MessageProducer producer = session.createProducer(topic);
        final BytesMessage sent = session.createBytesMessage();
        sent.writeBytes(new byte[] {1, 2, 3});
        sent.setStringProperty("venue", "XLON");
        sent.setJMSCorrelationID("corr-7");

        producer.send(sent, DeliveryMode.PERSISTENT, 6, 0);

        final BytesMessage received = (BytesMessage)consumer.receive(5_000);
        final byte[] body = new byte[3];
        assertEquals(3, received.readBytes(body));
        assertArrayEquals(new byte[] {1, 2, 3}, body);
        assertEquals("XLON", received.getStringProperty("venue"));
        assertEquals("corr-7", received.getJMSCorrelationID());
        assertEquals(6, received.getJMSPriority());
        assertEquals(sent.getJMSMessageID(), received.getJMSMessageID());
        assertEquals(topic, received.getJMSDestination());
    }

    @Test
    void aSubscriberThatDoesNotReadBackPressuresSendsUntilSendTimeoutThenGetsEverythingAccepted() throws Exception
    {
        final Connection sending = connection(uri + "&sendTimeout=100");
        final Session session = sending.createSession();
        final Topic topic = session.createTopic("mem.slow");
        final Connection stopped = connection(uri);
        final MessageConsumer notReading = stopped.createSession().createConsumer(topic);
        final MessageProducer producer = session.createProducer(topic);
        final byte[] kibibyte = new byte[1024];

        int accepted = 0;
        ResourceAllocationException refused = null;
        while (null == refused && accepted < 1_000)
        {
            final BytesMessage message = session.createBytesMessage();
            message.writeInt(accepted);
            message.writeBytes(kibibyte);
            try
            {
                producer.send(message);
                accepted++;
            }
            catch (final ResourceAllocationException ex)
            {
                refused = ex;
            }
        }

        assertTrue(null != refused, "a " + BUFFER + " byte subscriber buffer never filled");
        assertTrue(refused.getMessage().contains("sendTimeout=100 ms: a subscriber is not keeping up"),
            refused.getMessage());
        assertTrue(accepted > 0 && accepted < 64, accepted + " messages of 1 KiB fitted a 64 KiB buffer");
        stopped.start();
        for (int i = 0; i < accepted; i++)
        {
            assertEquals(i, ((BytesMessage)notReading.receive(5_000)).readInt(), "accepted message " + i);
        }
        producer.send(session.createTextMessage("end"));
        assertNextText(notReading, "end", "the refused message was not sent");
    }

    @Test
    void aMessageLargerThanTheTransportTakesIsRefusedAtSendWithTheRouteToChange() throws Exception
    {
        final Connection connection = connection(uri);
        final Session session = connection.createSession();
        final MessageProducer producer = session.createProducer(session.createTopic("mem.large"));
        final BytesMessage tooLarge = session.createBytesMessage();
        tooLarge.writeBytes(new byte[InMemoryMedium.DEFAULT_BUFFER_LENGTH / 8]);

        final MessageFormatException ex = assertThrows(MessageFormatException.class, () -> producer.send(tooLarge));

        assertTrue(ex.getMessage().contains("route.<pattern>"), ex.getMessage());
    }

    @Test
    void aTopicNobodySubscribesDropsTheMessageAndOnlyLaterMessagesReachALaterSubscriber() throws Exception
    {
        final Connection connection = connection(uri + "&connectWait=0");
        connection.start();
        final Session session = connection.createSession();
        final Topic topic = session.createTopic("mem.nobody");
        final MessageProducer producer = session.createProducer(topic);

        producer.send(session.createTextMessage("to nobody"));
        final MessageConsumer late = session.createConsumer(topic);
        producer.send(session.createTextMessage("to the late subscriber"));

        assertNextText(late, "to the late subscriber", "what was sent before it subscribed is gone");
    }

    @Test
    void theExceptionListenerHearsOnceWhenEverySubscriberOfATopicHasGone() throws Exception
    {
        final Connection connection = connection(uri + "&connectWait=0");
        final List<JMSException> heard = new CopyOnWriteArrayList<>();
        connection.setExceptionListener(heard::add);
        connection.start();
        final Session session = connection.createSession();
        final Topic topic = session.createTopic("mem.leaving");
        final MessageConsumer consumer = session.createConsumer(topic);
        final MessageProducer producer = session.createProducer(topic);
        producer.send(session.createTextMessage("seen"));
        assertNextText(consumer, "seen", "the subscriber was there");

        consumer.close();
        producer.send(session.createTextMessage("unseen"));
        producer.send(session.createTextMessage("unseen too"));

        Await.until("the exception listener to hear", () -> !heard.isEmpty());
        assertEquals(1, heard.size(), "heard once: " + heard);
        assertTrue(heard.get(0).getMessage().contains("every subscriber of"), heard.get(0).getMessage());
    }
}
