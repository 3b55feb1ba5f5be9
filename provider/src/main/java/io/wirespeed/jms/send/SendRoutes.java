package io.wirespeed.jms.send;

import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

import javax.jms.InvalidDestinationException;
import javax.jms.JMSException;

import io.wirespeed.codec.DestinationKind;
import io.wirespeed.codec.control.QueueStreams;
import io.wirespeed.jms.config.SlowConsumerChannels;
import io.wirespeed.jms.config.TopicRouting;
import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.destination.TopicPattern;
import io.wirespeed.jms.exceptions.JmsExceptions;
import io.wirespeed.jms.hostclient.QueueClient;
import io.wirespeed.jms.runtime.PublicationPool;
import io.wirespeed.jms.transport.TransportChannel;
import io.wirespeed.transport.PersistenceWatch;
import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportException;

/**
 * A session's route table: topic and queue names (a topic and a queue may share a name) to {@link SendRoute}s,
 * each made on the first send there and kept for the session's life. A topic goes where the connection's routing
 * sends it (its channel and stream; a topic on a partition stream is advertised for resolution), every queue to the
 * queue host's inbound stream; destinations on one stream share its route and publication. Publications come from
 * the runtime's {@link PublicationPool} and go back there when the session closes. Used by the session's sending
 * thread only.
 */
public final class SendRoutes
{
    private static final System.Logger LOGGER = System.getLogger(SendRoutes.class.getName());

    private final SendSession session;
    private final Map<String, SendRoute> topics = new HashMap<>();
    private final Map<String, SendRoute> queues = new HashMap<>();
    private SendRoute queueRoute;
    private SendRoute stagedRoute;
    private SendRoute forwardRoute;

    /**
     * An empty route table.
     *
     * @param session the session whose connection routes and publishes.
     */
    SendRoutes(final SendSession session)
    {
        this.session = session;
    }

    /**
     * The refusal of a producer or send to a wildcard topic name.
     *
     * @param destination the wildcard topic.
     * @return the exception to throw.
     */
    public static InvalidDestinationException wildcardSend(final JmsDestination destination)
    {
        return new InvalidDestinationException("cannot send to wildcard topic '" + destination.name() +
            "': a message goes to one concrete topic; '*' and '>' are for consumers");
    }

    /**
     * The route for a destination, made on first use and kept for the session's life.
     *
     * @param destination the destination.
     * @return its route.
     * @throws JMSException InvalidDestinationException for a wildcard topic; a JMSException if the transport cannot
     *                      make the publication.
     */
    SendRoute route(final JmsDestination destination) throws JMSException
    {
        if (destination.isTopic())
        {
            final SendRoute route = topics.get(destination.name());
            return null != route ? route : topicRoute(destination);
        }
        SendRoute route = queues.get(destination.name());
        if (null == route)
        {
            route = queueRoute();
            queues.put(destination.name(), route);
        }
        return route;
    }

    private SendRoute topicRoute(final JmsDestination destination) throws JMSException
    {
        if (TopicPattern.isWildcard(destination.name()))
        {
            throw wildcardSend(destination);
        }
        final SendConnection connection = session.connection();
        final TransportChannel target = connection.channelFor(destination.name());
        final String channel = target.channel();
        final int streamId = connection.routing().streamId(destination.name());
        SendRoute route = null;
        for (final SendRoute existing : topics.values())
        {
            if (existing.streamId == streamId && existing.channel.equals(channel))
            {
                route = existing;
                break;
            }
        }
        if (route == null)
        {
            try
            {
                route = new SendRoute(channel, streamId, target.transport(),
                    SlowConsumerChannels.publication(channel, connection.config()), false,
                    watch(target.transport()), connection.runtime().publications());
            }
            catch (final TransportException ex)
            {
                throw JmsExceptions.wrap("cannot publish to '" + destination + "' on " + channel + " stream " +
                    streamId + ": " + ex.getMessage(), ex);
            }
        }
        topics.put(destination.name(), route);
        if (destination.kind() == DestinationKind.TOPIC &&
            !TopicRouting.isSingleStream(connection.routing().channel(destination.name())))
        {
            connection.advertise(destination.name(), target, streamId);
        }
        return route;
    }

    private SendRoute queueRoute() throws JMSException
    {
        if (null == queueRoute)
        {
            final SendConnection connection = session.connection();
            final QueueClient client = connection.queueClient();
            // a cluster's ingress, or the connection's own transport
            queueRoute = hostRoute(client.inboundChannel(), client.inboundTransport(connection.transport()));
        }
        return queueRoute;
    }

    /**
     * The route a transacted session's queue messages go to a clustered queue host on at commit, each staged under
     * the transaction's id ({@link QueueClient#stagedTransport()}), made on first use.
     *
     * @return the route.
     * @throws JMSException if the queue host cannot be reached.
     */
    SendRoute stagedRoute() throws JMSException
    {
        if (null == stagedRoute)
        {
            final QueueClient client = session.connection().queueClient();
            stagedRoute = hostRoute(client.inboundChannel() + " (staged for commit)", client.stagedTransport());
        }
        return stagedRoute;
    }

    /**
     * The route a message to a topic with a clustered queue host's durable subscriptions is forwarded on into the
     * cluster's log ({@link QueueClient#forwardTransport()}), made on first use.
     *
     * @return the route.
     * @throws JMSException if the queue host cannot be reached.
     */
    SendRoute forwardRoute() throws JMSException
    {
        if (null == forwardRoute)
        {
            final QueueClient client = session.connection().queueClient();
            forwardRoute = hostRoute(client.inboundChannel() + " (topics forwarded)", client.forwardTransport());
        }
        return forwardRoute;
    }

    private SendRoute hostRoute(final String channel, final Transport transport) throws JMSException
    {
        try
        {
            return new SendRoute(channel, QueueStreams.INBOUND_STREAM, transport, channel, true, watch(transport),
                session.connection().runtime().publications());
        }
        catch (final TransportException ex)
        {
            throw JmsExceptions.wrap("cannot reach the queue host: " + ex.getMessage(), ex);
        }
    }

    private static PersistenceWatch watch(final Transport transport)
    {
        return transport.capability(PersistenceWatch.class).orElse(null);
    }

    /**
     * Gives every shared-memory publication of the table back to its runtime's {@link PublicationPool}, open, for the
     * next session that sends to the same stream (its subscribers read the log, which outlives any close); closes
     * every network publication once its connected subscribers have everything sent, waiting until the deadline at
     * most. The table is empty afterwards.
     *
     * @param deadlineNs the {@link System#nanoTime()} after which publications are closed without waiting.
     */
    void close(final long deadlineNs)
    {
        final Set<SendRoute> distinct = Collections.newSetFromMap(new IdentityHashMap<>());
        distinct.addAll(topics.values());
        distinct.addAll(queues.values());
        for (final SendRoute route : new SendRoute[]{stagedRoute, forwardRoute})
        {
            if (null != route)
            {
                distinct.add(route);
            }
        }
        topics.clear();
        queues.clear();
        queueRoute = null;
        stagedRoute = null;
        forwardRoute = null;
        for (final SendRoute route : distinct)
        {
            if (PublicationPool.keepsOpen(route.poolChannel))
            {
                route.pool.release(route.transport, route.poolChannel, route.streamId, route.publication);
                continue;
            }
            final boolean connected = route.publication.isConnected();
            if (!route.publication.closeAfterDelivery(deadlineNs) && connected)
            {
                LOGGER.log(System.Logger.Level.WARNING, "closed " + route + " before every subscriber confirmed it " +
                    "had all this session sent (linger=" + session.connection().config().linger().toMillis() +
                    " ms): a subscriber may miss the last messages; raise linger, or let subscribers keep up before " +
                    "closing");
            }
        }
    }
}
