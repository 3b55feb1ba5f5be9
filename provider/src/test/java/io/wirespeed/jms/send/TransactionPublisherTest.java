package io.wirespeed.jms.send;

import static io.wirespeed.jms.ReceiveAssertions.assertNextText;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.MessageConsumer;
import javax.jms.ResourceAllocationException;
import javax.jms.TextMessage;
import javax.jms.TransactionRolledBackException;

import org.agrona.collections.LongArrayList;
import org.agrona.concurrent.NoOpIdleStrategy;
import org.junit.jupiter.api.Test;

import io.wirespeed.jms.JmsSession;
import io.wirespeed.jms.JmsTestSupport;
import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.message.JmsMessage;
import io.wirespeed.jms.metrics.DestinationCounters;

/**
 * A transaction's messages from hold to commit, on the in-memory transport: a commit publishes what was held in send
 * order and counts it, a rollback discards it, a commit that fails before publishing anything rolls back, and one that
 * fails part way names how many were published and which; the transaction is empty after each.
 */
class TransactionPublisherTest extends JmsTestSupport
{
    private static final int HELD = 100;

    private final String uri = "wirespeed:ipc?route.mem.>=mem:" + uniqueTopic() + "&sendTimeout=100";

    @Test
    void aCommitPublishesWhatWasHeldInSendOrderAndCountsIt() throws JMSException
    {
        final Fixture fixture = new Fixture("mem.committed", true);
        fixture.hold(fixture.text("first"));
        fixture.hold(fixture.text("second"));
        fixture.hold(fixture.text("third"));
        assertEquals(3, fixture.transaction.held());
        assertNull(fixture.consumer.receiveNoWait(), "nothing published before commit");

        fixture.transaction.commit(new LongArrayList());

        assertEquals(0, fixture.transaction.held());
        assertNextText(fixture.consumer, "first", "held first");
        assertNextText(fixture.consumer, "second", "held second");
        assertNextText(fixture.consumer, "third", "held third");
        assertEquals(3, fixture.counters.messagesSent());
    }

    @Test
    void aRollbackDiscardsWhatWasHeld() throws JMSException
    {
        final Fixture fixture = new Fixture("mem.rolledback", true);
        fixture.hold(fixture.text("discarded"));

        fixture.transaction.rollback();
        fixture.transaction.commit(new LongArrayList());

        assertEquals(0, fixture.transaction.held());
        assertNull(fixture.consumer.receive(100), "nothing published");
        assertEquals(0, fixture.counters.messagesSent());
    }

    @Test
    void aCommitThatFailsBeforePublishingAnythingRollsBackNamingWhy() throws JMSException
    {
        final Fixture fixture = new Fixture("mem.full", false);
        fixture.fillTheSubscriber();
        fixture.hold(fixture.kibibyte(0));
        final long failuresBefore = fixture.session.connection().metrics().sendFailures();

        final TransactionRolledBackException ex = assertThrows(TransactionRolledBackException.class,
            () -> fixture.transaction.commit(new LongArrayList()));

        assertTrue(ex.getMessage().startsWith("the transaction was rolled back and none of its 1 message(s) was " +
            "published: send to "), ex.getMessage());
        assertTrue(ex.getMessage().contains("sendTimeout=100 ms"), ex.getMessage());
        assertInstanceOf(ResourceAllocationException.class, ex.getLinkedException());
        assertEquals(0, fixture.transaction.held());
        assertEquals(failuresBefore + 1, fixture.session.connection().metrics().sendFailures());
    }

    @Test
    void aCommitThatFailsPartWayNamesWhatWasPublishedAndWhatWasNot() throws JMSException
    {
        final Fixture fixture = new Fixture("mem.partial", false);
        for (int i = 0; i < HELD; i++)
        {
            fixture.hold(fixture.kibibyte(i));
        }

        final JMSException ex = assertThrows(JMSException.class, () -> fixture.transaction.commit(new LongArrayList()));

        assertEquals(JMSException.class, ex.getClass(), "not rolled back: " + ex.getMessage());
        final String text = ex.getMessage();
        assertTrue(text.startsWith("the commit failed part way: "), text);
        final int published = Integer.parseInt(text.substring("the commit failed part way: ".length(),
            text.indexOf(" of ")));
        assertTrue(published > 0 && published < 64, published + " of 1 KiB fitted a 64 KiB buffer");
        assertTrue(text.contains(published + " of " + HELD + " message(s) were published"), text);
        assertTrue(text.contains((HELD - published) + " were not"), text);
        assertTrue(text.contains("sendTimeout=100 ms"), text);
        assertEquals(0, fixture.transaction.held());
        assertEquals(published, fixture.counters.messagesSent());
    }

    /** A session with a consumer on an in-memory topic (started, or stopped so that it never reads) and its jobs. */
    private final class Fixture
    {
        final JmsSession session;
        final JmsDestination topic;
        final MessageConsumer consumer;
        final SendRoute route;
        final SendEncoder encoder;
        final SendGate gate;
        final TransactionPublisher transaction;
        final DestinationCounters counters;

        Fixture(final String topicName, final boolean reading) throws JMSException
        {
            final Connection connection = connection(uri);
            session = (JmsSession)connection.createSession();
            topic = (JmsDestination)session.createTopic(topicName);
            final Connection subscribing = reading ? connection : connection(uri);
            consumer = subscribing.createSession().createConsumer(topic);
            if (reading)
            {
                connection.start();
            }
            final SendRoutes routes = new SendRoutes(session);
            route = routes.route(topic);
            encoder = new SendEncoder(session);
            gate = new SendGate(session, new NoOpIdleStrategy());
            transaction = new TransactionPublisher(session, routes, session.connection().metrics(), encoder, gate,
                new PersistenceWait(session, new NoOpIdleStrategy()), new ConfirmedSends(session));
            counters = session.connection().metrics().destination(topic);
        }

        JmsMessage text(final String text) throws JMSException
        {
            final TextMessage message = session.createTextMessage(text);
            message.setJMSDestination(topic);
            message.setJMSDeliveryMode(DeliveryMode.NON_PERSISTENT);
            return (JmsMessage)message;
        }

        JmsMessage kibibyte(final int number) throws JMSException
        {
            final BytesMessage message = session.createBytesMessage();
            message.writeInt(number);
            message.writeBytes(new byte[1024]);
            message.setJMSDestination(topic);
            message.setJMSDeliveryMode(DeliveryMode.NON_PERSISTENT);
            return (JmsMessage)message;
        }

        void hold(final JmsMessage message) throws JMSException
        {
            final int length = encoder.encode(message, 1);
            transaction.hold(route, null, encoder.copy(length), false, null, counters);
        }

        /** Publishes until the subscriber that does not read takes nothing more. */
        void fillTheSubscriber() throws JMSException
        {
            for (int i = 0; i < 1_000; i++)
            {
                final int length = encoder.encode(kibibyte(i), 1);
                encoder.offerEncoded();
                try
                {
                    gate.publish(route, encoder, length);
                }
                catch (final ResourceAllocationException ex)
                {
                    return;
                }
                finally
                {
                    encoder.clear();
                }
            }
            throw new AssertionError("the subscriber's buffer never filled");
        }
    }
}
