package io.wirespeed.jms.hostclient;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;

import io.wirespeed.codec.control.QueueStreams;
import io.wirespeed.jms.config.HostMembers;
import io.wirespeed.transport.ClusterClients;
import io.wirespeed.transport.ClusterSession;
import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportException;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;

/**
 * A queue host that is a cluster (issue 24): its members named as {@code host=A:PORT,B:PORT,C:PORT}, in member-id
 * order, each {@code PORT} the member's base port (its ingress). The client holds one session with the cluster
 * ({@link ClusterSession}) on its transport: control requests go into the cluster's ingress tagged
 * {@link #CONTROL_REQUEST}, queue messages tagged {@link #QUEUE_MESSAGE} (the clustered host's framing), and
 * everything the host sends comes on the session's egress, which follows a new leader. The cluster answers on a
 * UDP port of this host's that the operating system picks, on the address that routes to the first member.
 */
final class ClusterHost
{
    /** The tag of a control request in the cluster's ingress (the clustered host's {@code CONTROL_REQUEST}). */
    static final byte CONTROL_REQUEST = 1;
    /** The tag of a queue message in the cluster's ingress (the clustered host's {@code QUEUE_MESSAGE}). */
    static final byte QUEUE_MESSAGE = 2;
    /**
     * The tag of a queue message staged for a transaction's commit (the clustered host's {@code STAGED_QUEUE_MESSAGE}):
     * the transaction's id, little-endian, then the envelope.
     */
    static final byte STAGED_QUEUE_MESSAGE = 5;
    /** The tag of a topic message forwarded to the cluster's durable subscriptions (its {@code TOPIC_MESSAGE}). */
    static final byte TOPIC_MESSAGE = 6;

    private final ClusterSession session;
    private final TransportPublication control;
    private final Transport inbound;
    private final Transport staged;
    private final Transport forwarded;
    private final String members;

    private ClusterHost(final ClusterSession session, final String members)
    {
        this.session = session;
        this.members = members;
        this.control = session.ingress(CONTROL_REQUEST);
        this.inbound = new InboundTransport(session.ingress(QUEUE_MESSAGE));
        this.staged = new InboundTransport(session.ingress(STAGED_QUEUE_MESSAGE));
        this.forwarded = new InboundTransport(session.ingress(TOPIC_MESSAGE));
    }

    /**
     * Connects to the cluster's leader.
     *
     * @param transport the transport whose Aeron client holds the session.
     * @param host      the members, {@code A:PORT,B:PORT,...} in member-id order.
     * @param timeoutNs how long to wait for a leader.
     * @return the host.
     * @throws TransportException if the transport cannot reach a cluster, or no leader answered in time.
     */
    static ClusterHost connect(final Transport transport, final String host, final long timeoutNs)
    {
        final ClusterClients clients = transport.capability(ClusterClients.class).orElseThrow(() ->
            new TransportException("host=" + host + " names a cluster, which this connection's transport cannot " +
                "reach (it has no cluster client): use the Aeron transport"));
        final List<String> endpoints = HostMembers.parse(host);
        final StringBuilder ingress = new StringBuilder();
        for (int id = 0; id < endpoints.size(); id++)
        {
            ingress.append(id == 0 ? "" : ",").append(id).append('=').append(endpoints.get(id));
        }
        final String egress = "aeron:udp?endpoint=" + egressAddress(endpoints.get(0)) + ":0";
        return new ClusterHost(clients.connect(ingress.toString(), egress, timeoutNs), host);
    }

    /** The local address that routes to a member: where the cluster can answer this client. */
    private static String egressAddress(final String member)
    {
        final int colon = member.lastIndexOf(':');
        final String address = member.substring(0, colon);
        try (DatagramSocket probe = new DatagramSocket())
        {
            probe.connect(new InetSocketAddress(InetAddress.getByName(address), QueueStreams.port(member)));
            final InetAddress local = probe.getLocalAddress();
            return null == local || local.isAnyLocalAddress() ? "0.0.0.0" : local.getHostAddress();
        }
        catch (final IOException ex)
        {
            throw new TransportException("cannot find this host's address towards the cluster member " + member +
                ": " + ex.getMessage(), ex);
        }
    }

    /** @return the control stream: requests into the cluster's ingress. */
    TransportPublication control()
    {
        return control;
    }

    /** @return the egress: what the host sends this client. */
    TransportSubscription replies()
    {
        return session.egress();
    }

    /** @return the transport queue messages go to the host on: the cluster's ingress. */
    Transport inbound()
    {
        return inbound;
    }

    /**
     * @return the transport a transaction's queue messages go to the host on, staged for its commit: the cluster's
     *         ingress under {@link #STAGED_QUEUE_MESSAGE}; each message is the transaction's id, then its envelope.
     */
    Transport staged()
    {
        return staged;
    }

    /** @return the transport topic messages are forwarded on to the cluster's durable subscriptions. */
    Transport forwarded()
    {
        return forwarded;
    }

    /** @return how many times a new leader took over since the session opened. */
    long leaderChanges()
    {
        return session.leaderChanges();
    }

    /** @return the cluster's id of the session now; it changes when the cluster opened a new one. */
    long sessionId()
    {
        return session.sessionId();
    }

    /** @return the channel name queue messages go on, for messages. */
    String channel()
    {
        return "cluster " + members;
    }

    /** @return where the session stands. */
    String describe()
    {
        return session.describe();
    }

    /** Closes the session with the cluster. */
    void close()
    {
        session.close();
    }

    /**
     * The cluster's ingress for queue messages as a transport: every publication on it is the one tagged ingress,
     * whatever channel and stream a sender names (the queue host's inbound stream); nothing subscribes on it.
     */
    private static final class InboundTransport implements Transport
    {
        private final TransportPublication queueMessages;

        InboundTransport(final TransportPublication queueMessages)
        {
            this.queueMessages = queueMessages;
        }

        @Override
        public TransportPublication addPublication(final String channel, final int streamId)
        {
            return queueMessages;
        }

        @Override
        public TransportSubscription addSubscription(final String channel, final int streamId)
        {
            throw new TransportException("nothing subscribes to a cluster's ingress (" + channel + ")");
        }

        @Override
        public void close()
        {
            // the cluster session's, not this view's, to close
        }
    }
}
