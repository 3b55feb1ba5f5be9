package io.wirespeed.jms.send;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.IllegalStateException;
import javax.jms.JMSException;
import javax.jms.MessageConsumer;
import javax.jms.ResourceAllocationException;

import org.agrona.concurrent.NoOpIdleStrategy;
import org.junit.jupiter.api.Test;

import io.wirespeed.jms.JmsSession;
import io.wirespeed.jms.JmsTestSupport;
import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.message.JmsMessage;
import io.wirespeed.test.Await;

/**
 * What a send waits for while it publishes, on the in-memory transport: back-pressure waited out up to
 * {@code sendTimeout}, then a refusal that names it, with what was published before still delivered; a topic nobody
 * subscribes to dropping the message after {@code connectWait}, the exception listener hearing once when every
 * subscriber has gone; a closed publication refused as such.
 */
class SendGateTest extends JmsTestSupport
{
    private final String uri = "wirespeed:ipc?route.mem.>=mem:" + uniqueTopic();

    @Test
    void aBackPressuredPublishIsRefusedPastSendTimeoutNamingItAndWhatWentBeforeIsDelivered() throws JMSException
    {
        final JmsSession session = (JmsSession)connection(uri + "&sendTimeout=100").createSession();
        final JmsDestination topic = (JmsDestination)session.createTopic("mem.slow");
        final Connection stopped = connection(uri);
        final MessageConsumer notReading = stopped.createSession().createConsumer(topic);
        final SendRoute route = new SendRoutes(session).route(topic);
        final SendEncoder encoder = new SendEncoder(session);
        final SendGate gate = new SendGate(session, new NoOpIdleStrategy());
        final long waitsBefore = session.connection().metrics().backPressureWaits();

        int published = 0;
        ResourceAllocationException refused = null;
        long refusedAfterNs = 0;
        while (null == refused && published < 1_000)
        {
            final int length = encoder.encode(kibibyte(session, topic, published), 1);
            encoder.offerEncoded();
            final long start = System.nanoTime();
            try
            {
                assertTrue(gate.publish(route, encoder, length) > 0);
                published++;
            }
            catch (final ResourceAllocationException ex)
            {
                refused = ex;
                refusedAfterNs = System.nanoTime() - start;
            }
        }
        encoder.clear();

        assertTrue(null != refused, "the subscriber's buffer never filled");
        assertTrue(refused.getMessage().contains("back-pressured for longer than sendTimeout=100 ms: a subscriber " +
            "is not keeping up"), refused.getMessage());
        assertTrue(refusedAfterNs >= 100_000_000L, "refused after " + refusedAfterNs + " ns");
        assertEquals(waitsBefore + 1, session.connection().metrics().backPressureWaits());
        assertTrue(published > 0 && published < 64, published + " messages of 1 KiB fitted a 64 KiB buffer");
        stopped.start();
        for (int i = 0; i < published; i++)
        {
            assertEquals(i, ((BytesMessage)notReading.receive(5_000)).readInt(), "published message " + i);
        }
    }

    @Test
    void aTopicNobodySubscribesToDropsTheMessageAfterConnectWait() throws JMSException
    {
        final JmsSession session = (JmsSession)connection(uri + "&connectWait=0").createSession();
        final JmsDestination topic = (JmsDestination)session.createTopic("mem.nobody");
        final SendRoute route = new SendRoutes(session).route(topic);
        final SendEncoder encoder = new SendEncoder(session);
        final SendGate gate = new SendGate(session, new NoOpIdleStrategy());
        final JmsMessage message = kibibyte(session, topic, 0);

        encoder.claimNext(message, 1);
        final long position = gate.publish(route, encoder, encoder.measure(message));
        encoder.clear();

        assertEquals(0, position, "dropped");
        assertFalse(route.hadSubscribers);
    }

    @Test
    void theExceptionListenerHearsOnceWhenEverySubscriberOfARouteHasGone() throws JMSException
    {
        final Connection connection = connection(uri + "&connectWait=0");
        final List<JMSException> heard = new CopyOnWriteArrayList<>();
        connection.setExceptionListener(heard::add);
        connection.start();
        final JmsSession session = (JmsSession)connection.createSession();
        final JmsDestination topic = (JmsDestination)session.createTopic("mem.leaving");
        final MessageConsumer consumer = session.createConsumer(topic);
        final SendRoute route = new SendRoutes(session).route(topic);
        final SendEncoder encoder = new SendEncoder(session);
        final SendGate gate = new SendGate(session, new NoOpIdleStrategy());
        final JmsMessage message = kibibyte(session, topic, 0);
        final int length = encoder.measure(message);
        encoder.claimNext(message, 1);
        assertTrue(gate.publish(route, encoder, length) > 0);
        assertTrue(route.hadSubscribers);

        consumer.close();
        final long afterGone = gate.publish(route, encoder, length);
        final long again = gate.publish(route, encoder, length);
        encoder.clear();

        assertEquals(0, afterGone);
        assertEquals(0, again);
        Await.until("the exception listener to hear", () -> !heard.isEmpty());
        assertEquals(1, heard.size(), "heard once: " + heard);
        assertTrue(heard.get(0).getMessage().contains("every subscriber of " + route + " has gone"),
            heard.get(0).getMessage());
    }

    @Test
    void aClosedPublicationIsRefusedAsClosed() throws JMSException
    {
        final JmsSession session = (JmsSession)connection(uri).createSession();
        final JmsDestination topic = (JmsDestination)session.createTopic("mem.closed");
        final SendRoute route = new SendRoutes(session).route(topic);
        final SendEncoder encoder = new SendEncoder(session);
        final SendGate gate = new SendGate(session, new NoOpIdleStrategy());
        final JmsMessage message = kibibyte(session, topic, 0);
        route.publication.close();

        encoder.claimNext(message, 1);
        final IllegalStateException ex = assertThrows(IllegalStateException.class,
            () -> gate.publish(route, encoder, encoder.measure(message)));
        encoder.clear();

        assertTrue(ex.getMessage().contains("the publication for " + route + " is closed"), ex.getMessage());
    }

    private static JmsMessage kibibyte(final JmsSession session, final JmsDestination topic, final int number)
        throws JMSException
    {
        final BytesMessage message = session.createBytesMessage();
        message.writeInt(number);
        message.writeBytes(new byte[1024]);
        message.setJMSDestination(topic);
        message.setJMSDeliveryMode(DeliveryMode.NON_PERSISTENT);
        return (JmsMessage)message;
    }
}
