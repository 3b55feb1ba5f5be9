package io.wirespeed.jms.send;

import static io.wirespeed.jms.ReceiveAssertions.assertNextText;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.MessageConsumer;
import javax.jms.MessageFormatException;
import javax.jms.TextMessage;

import org.junit.jupiter.api.Test;

import io.wirespeed.jms.JmsSession;
import io.wirespeed.jms.JmsTestSupport;
import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.message.JmsMessage;
import io.wirespeed.transport.TransportPublication;

/**
 * A session's envelope writer on the in-memory transport and the embedded driver: a message measured and encoded
 * straight into a claim, or encoded into the session's buffer and offered, or copied and offered later, arrives
 * whole; a try that the publication does not take returns its status; an envelope longer than the publication takes
 * is refused naming the option that raises the limit for its route.
 */
class SendEncoderTest extends JmsTestSupport
{
    private final String uri = "wirespeed:ipc?route.mem.>=mem:" + uniqueTopic();

    @Test
    void aMessageEncodedIntoAClaimOfItsMeasuredLengthArrivesWhole() throws JMSException
    {
        final Fixture fixture = new Fixture("mem.claimed");
        final JmsMessage message = fixture.text("claimed");
        final int length = fixture.encoder.measure(message);
        assertTrue(length <= fixture.route.maxClaimLength, length + " bytes fit a claim");

        fixture.encoder.claimNext(message, 1);
        final long position = fixture.encoder.attempt(fixture.route, length);
        fixture.encoder.clear();

        assertTrue(position > 0, TransportPublication.describe(position));
        assertNextText(fixture.consumer, "claimed", "the claimed envelope");
        fixture.routes.close(0);
    }

    @Test
    void aMessageEncodedIntoTheBuffersOrCopiedForLaterIsOfferedWhole() throws JMSException
    {
        final Fixture fixture = new Fixture("mem.offered");
        final JmsMessage first = fixture.text("from the buffer");
        final int firstLength = fixture.encoder.encode(first, 1);
        assertEquals(fixture.encoder.measure(first), firstLength, "encoded as measured");
        fixture.encoder.offerEncoded();
        assertTrue(fixture.encoder.attempt(fixture.route, firstLength) > 0);
        final JmsMessage second = fixture.text("from a copy");
        final byte[] copy = fixture.encoder.copy(fixture.encoder.encode(second, 1));
        fixture.encoder.encode(fixture.text("overwrites the buffer"), 1);

        fixture.encoder.offerNext(copy);
        final long position = fixture.encoder.attempt(fixture.route, copy.length);
        fixture.encoder.clear();

        assertTrue(position > 0, TransportPublication.describe(position));
        assertNextText(fixture.consumer, "from the buffer", "the buffer's envelope");
        assertNextText(fixture.consumer, "from a copy", "the copy's envelope");
        fixture.routes.close(0);
    }

    @Test
    void aTryThePublicationDoesNotTakeReturnsItsStatus() throws JMSException
    {
        final JmsSession session = (JmsSession)connection(uri).createSession();
        final SendRoutes routes = new SendRoutes(session);
        final JmsDestination topic = (JmsDestination)session.createTopic("mem.nobody");
        final SendRoute route = routes.route(topic);
        final SendEncoder encoder = new SendEncoder(session);
        final JmsMessage message = (JmsMessage)session.createTextMessage("to nobody");
        message.setJMSDestination(topic);
        message.setJMSDeliveryMode(DeliveryMode.NON_PERSISTENT);

        encoder.claimNext(message, 1);

        assertEquals(TransportPublication.NOT_CONNECTED, encoder.attempt(route, encoder.measure(message)));
        encoder.clear();
        routes.close(0);
    }

    @Test
    void anEnvelopeLongerThanThePublicationTakesIsRefusedNamingTheOptionForItsRoute() throws JMSException
    {
        final JmsSession session = (JmsSession)connection(uri).createSession();
        final SendRoutes routes = new SendRoutes(session);
        final SendEncoder encoder = new SendEncoder(session);
        final SendRoute routed = routes.route((JmsDestination)session.createTopic("mem.large"));
        final SendRoute byDefault = routes.route((JmsDestination)session.createTopic(uniqueTopic()));
        final SendRoute queue = routes.route((JmsDestination)session.createQueue(uniqueTopic()));

        encoder.checkLength(routed, routed.maxMessageLength);
        final MessageFormatException routedRefusal = assertThrows(MessageFormatException.class,
            () -> encoder.checkLength(routed, routed.maxMessageLength + 1));
        final MessageFormatException defaultRefusal = assertThrows(MessageFormatException.class,
            () -> encoder.checkLength(byDefault, byDefault.maxMessageLength + 1));
        final MessageFormatException queueRefusal = assertThrows(MessageFormatException.class,
            () -> encoder.checkLength(queue, queue.maxMessageLength + 1));

        assertTrue(routedRefusal.getMessage().contains("route.<pattern>"), routedRefusal.getMessage());
        assertTrue(defaultRefusal.getMessage().contains("termLength"), defaultRefusal.getMessage());
        assertTrue(queueRefusal.getMessage().contains("queue host's own channel"), queueRefusal.getMessage());
        routes.close(0);
    }

    /** A started connection's session with a consumer on an in-memory topic, and the route and writer to it. */
    private final class Fixture
    {
        final JmsSession session;
        final JmsDestination topic;
        final MessageConsumer consumer;
        final SendRoutes routes;
        final SendRoute route;
        final SendEncoder encoder;

        Fixture(final String topicName) throws JMSException
        {
            final Connection connection = connection(uri);
            connection.start();
            session = (JmsSession)connection.createSession();
            topic = (JmsDestination)session.createTopic(topicName);
            consumer = session.createConsumer(topic);
            routes = new SendRoutes(session);
            route = routes.route(topic);
            encoder = new SendEncoder(session);
        }

        JmsMessage text(final String text) throws JMSException
        {
            final TextMessage message = session.createTextMessage(text);
            message.setJMSDestination(topic);
            message.setJMSDeliveryMode(DeliveryMode.NON_PERSISTENT);
            return (JmsMessage)message;
        }
    }
}
