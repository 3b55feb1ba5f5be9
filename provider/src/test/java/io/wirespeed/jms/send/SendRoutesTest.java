package io.wirespeed.jms.send;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javax.jms.InvalidDestinationException;
import javax.jms.JMSException;

import org.junit.jupiter.api.Test;

import io.wirespeed.codec.control.QueueStreams;
import io.wirespeed.jms.JmsSession;
import io.wirespeed.jms.JmsTestSupport;
import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.test.transport.InMemoryTransport;

/**
 * A session's route table on the embedded driver and the in-memory transport: a route per destination made once,
 * one route per stream, every queue on the queue host's inbound stream, wildcard topics refused, and publications
 * given back to the runtime's pool on close, for the same thread's next session.
 */
class SendRoutesTest extends JmsTestSupport
{
    private final String uri = "wirespeed:ipc?route.mem.>=mem:" + uniqueTopic();

    @Test
    void aDestinationKeepsTheRouteMadeOnItsFirstSend() throws JMSException
    {
        final JmsSession session = (JmsSession)connection(uri).createSession();
        final SendRoutes routes = new SendRoutes(session);
        final JmsDestination topic = (JmsDestination)session.createTopic("mem.prices");

        final SendRoute route = routes.route(topic);

        assertSame(route, routes.route(topic));
        assertFalse(route.queue);
        assertInstanceOf(InMemoryTransport.class, route.transport);
        assertEquals(route.channel, route.publication.channel());
        assertNull(route.watch, "nothing records the in-memory transport's streams");
        routes.close(SessionSender.lingerDeadline(session.connection().config()));
    }

    @Test
    void topicsOnOneStreamShareARouteAndEveryQueueGoesToTheHostsInboundStream() throws JMSException
    {
        final JmsSession session = (JmsSession)connection(uri).createSession();
        final SendRoutes routes = new SendRoutes(session);
        final JmsDestination prices = (JmsDestination)session.createTopic("mem.prices");
        final JmsDestination orders = (JmsDestination)session.createTopic("mem.orders");
        final JmsDestination queue = (JmsDestination)session.createQueue("mem.prices");
        final JmsDestination other = (JmsDestination)session.createQueue("other." + uniqueTopic());

        final SendRoute pricesRoute = routes.route(prices);
        final SendRoute ordersRoute = routes.route(orders);
        final SendRoute queueRoute = routes.route(queue);

        assertEquals(pricesRoute.streamId == ordersRoute.streamId, pricesRoute == ordersRoute,
            "one route per stream: " + pricesRoute + ", " + ordersRoute);
        assertTrue(queueRoute.queue);
        assertEquals(QueueStreams.INBOUND_STREAM, queueRoute.streamId);
        assertNotSame(pricesRoute, queueRoute, "a queue and a topic of one name go different ways");
        assertSame(queueRoute, routes.route(other));
        assertSame(pricesRoute, routes.route(prices), "the topic's route again after the queue of its name");
        routes.close(SessionSender.lingerDeadline(session.connection().config()));
    }

    @Test
    void aWildcardTopicIsRefusedNamingWhatWildcardsAreFor() throws JMSException
    {
        final JmsSession session = (JmsSession)connection(uri).createSession();
        final SendRoutes routes = new SendRoutes(session);

        final InvalidDestinationException ex = assertThrows(InvalidDestinationException.class,
            () -> routes.route((JmsDestination)session.createTopic("mem.prices.>")));

        assertTrue(ex.getMessage().contains("'*' and '>' are for consumers"), ex.getMessage());
    }

    @Test
    void closingGivesIpcPublicationsBackForTheSameThreadsNextSession() throws JMSException
    {
        final JmsSession first = (JmsSession)connection(uri).createSession();
        final SendRoutes firstRoutes = new SendRoutes(first);
        final JmsDestination topic = (JmsDestination)first.createTopic(uniqueTopic());
        final SendRoute route = firstRoutes.route(topic);

        firstRoutes.close(SessionSender.lingerDeadline(first.connection().config()));
        final JmsSession second = (JmsSession)connection(uri).createSession();
        final SendRoutes secondRoutes = new SendRoutes(second);
        final SendRoute again = secondRoutes.route(topic);

        assertNotSame(route, again, "a new route");
        assertSame(route.publication, again.publication, "on the publication the first session gave back");
        secondRoutes.close(SessionSender.lingerDeadline(second.connection().config()));
    }
}
