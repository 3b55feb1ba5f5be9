package io.wirespeed.host;

import java.util.ArrayDeque;
import java.util.Collection;
import java.util.function.Supplier;

import org.agrona.DirectBuffer;
import org.agrona.collections.Long2ObjectHashMap;
import org.agrona.concurrent.NanoClock;
import org.agrona.concurrent.UnsafeBuffer;

import io.wirespeed.codec.control.QueueStreams;
import io.wirespeed.codec.control.sbe.DeliverDecoder;
import io.wirespeed.codec.control.sbe.MessageHeaderDecoder;
import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;

/**
 * The single host's egress: each client's session has a reply publication (over IPC its reply stream; over UDP the
 * response channel of its control publication) and its own send queue. A message the publication does not take now
 * (back-pressure, a client not yet connected) waits in the queue, sent in order by {@link #flush} on a later duty
 * cycle, so that one slow client never holds up the host's thread. Its responses are bounded ({@link HostLimits}): a
 * response beyond the bound empties the queue, and the client is given up. Its deliveries are not counted: the
 * consumers' credit, which the client gave, bounds them (the state machine delivers on credit alone), and the queue
 * limits the messages they copy. The host's driver ({@link QueueHost#doWork})
 * flushes the queues, sends the heartbeats ({@link #heartbeats}) and asks which clients are lost ({@link #whyLost}),
 * reporting each to the state machine ({@link HostInputs#onClientLost}). None of this is the state machine's state.
 * Used on the host's thread only.
 */
final class PublicationEgress implements HostEgress
{
    private static final long NOT_STALLED = Long.MIN_VALUE;
    private static final long HEARTBEAT_INTERVAL_NS = QueueStreams.HEARTBEAT_INTERVAL_MS * 1_000_000L;

    private final Transport transport;
    private final Supplier<HostLimits> limits;
    private final NanoClock clock;
    private final Long2ObjectHashMap<Outbound> bySession = new Long2ObjectHashMap<>();
    private final UnsafeBuffer queued = new UnsafeBuffer(new byte[0]);
    private final MessageHeaderDecoder header = new MessageHeaderDecoder();
    private String endpoint;
    private TransportSubscription udpControl;

    /** One session's way out: its publication, its send queue and how its client reads. */
    private static final class Outbound
    {
        final TransportPublication reply;
        final long openedNs;
        final ArrayDeque<byte[]> backlog = new ArrayDeque<>();
        /** How many responses (deliveries not counted) wait in the backlog, and their bytes: what the bound holds. */
        int responses;
        long responseBytes;
        long lastSentNs;
        long stalledSinceNs = NOT_STALLED;
        boolean replyWasConnected;
        boolean overflowed;

        Outbound(final TransportPublication reply, final long openedNs)
        {
            this.reply = reply;
            this.openedNs = openedNs;
        }
    }

    /**
     * @param transport makes the reply publications.
     * @param limits    the host's limits now (its send queues' bounds).
     * @param clock     the time of the host's duty cycle.
     */
    PublicationEgress(final Transport transport, final Supplier<HostLimits> limits, final NanoClock clock)
    {
        this.transport = transport;
        this.limits = limits;
        this.clock = clock;
    }

    /**
     * Answers clients over UDP too, on the response channel of their control publications.
     *
     * @param endpoint   the host's {@code ADDRESS:PORT}.
     * @param udpControl the control subscription on that endpoint.
     */
    void udp(final String endpoint, final TransportSubscription udpControl)
    {
        this.endpoint = endpoint;
        this.udpControl = udpControl;
    }

    /** {@inheritDoc} */
    @Override
    public boolean open(final HostSession session, final int replyStreamId)
    {
        final TransportPublication reply;
        if (session.udp)
        {
            final long correlation = null == udpControl ? -1 :
                udpControl.publisherCorrelationId(session.controlSession);
            if (correlation < 0)
            {
                return false;
            }
            reply = transport.addPublication(QueueHostChannels.response(endpoint, correlation), replyStreamId);
        }
        else
        {
            reply = transport.addPublication(QueueHostChannels.IPC, replyStreamId);
        }
        final Outbound previous = bySession.put(session.id, new Outbound(reply, clock.nanoTime()));
        if (null != previous)
        {
            previous.reply.close();
        }
        return true;
    }

    /** {@inheritDoc} */
    @Override
    public void send(final HostSession session, final DirectBuffer buffer, final int offset, final int length)
    {
        final Outbound out = bySession.get(session.id);
        if (null == out || out.overflowed ||
            out.backlog.isEmpty() && offered(out, out.reply.offer(buffer, offset, length)))
        {
            return;
        }
        final boolean delivery = isDelivery(buffer, offset);
        if (!delivery)
        {
            final HostLimits limits = this.limits.get();
            if (out.responses >= limits.clientBacklogMessages() ||
                out.responseBytes + length > limits.clientBacklogBytes())
            {
                out.overflowed = true;
                out.backlog.clear();
                out.responses = 0;
                out.responseBytes = 0;
                return;
            }
            out.responses++;
            out.responseBytes += length;
        }
        final byte[] copy = new byte[length];
        buffer.getBytes(offset, copy);
        out.backlog.add(copy);
    }

    /** {@inheritDoc} */
    @Override
    public void close(final HostSession session)
    {
        final Outbound out = bySession.remove(session.id);
        if (null != out)
        {
            out.reply.close();
        }
    }

    /**
     * Sends what waits in each session's send queue, in order, as far as its publication takes it.
     *
     * @param sessions the open sessions, in id order.
     * @return how many messages were sent.
     */
    int flush(final Collection<HostSession> sessions)
    {
        int sent = 0;
        for (final HostSession session : sessions)
        {
            final Outbound out = bySession.get(session.id);
            if (null == out)
            {
                continue;
            }
            byte[] next;
            while ((next = out.backlog.peek()) != null)
            {
                queued.wrap(next);
                if (!offered(out, out.reply.offer(queued, 0, next.length)))
                {
                    break;
                }
                out.backlog.poll();
                if (!isDelivery(queued, 0))
                {
                    out.responses--;
                    out.responseBytes -= next.length;
                }
                sent++;
            }
        }
        return sent;
    }

    /**
     * Sends a heartbeat to each connected session that was sent nothing for the heartbeat interval and has nothing
     * waiting: the client's side of liveness, no state of the host's.
     *
     * @param sessions the open sessions, in id order.
     * @param proxy    encodes the heartbeat (and sends it here).
     * @return how many were sent.
     */
    int heartbeats(final Collection<HostSession> sessions, final ClientProxy proxy)
    {
        final long nowNs = clock.nanoTime();
        int sent = 0;
        for (final HostSession session : sessions)
        {
            final Outbound out = bySession.get(session.id);
            if (null != out && session.state() == HostSession.State.CONNECTED &&
                nowNs - out.lastSentNs >= HEARTBEAT_INTERVAL_NS && out.backlog.isEmpty())
            {
                proxy.heartbeat(session);
                sent++;
            }
        }
        return sent;
    }

    /**
     * Why the egress gives a client up, in words for the host's log, or null if it does not: its send queue
     * overflowed; its reply stream's subscriber was there and is no more, or never came within the timeout; or it
     * has not read its replies for the timeout.
     *
     * @param session   the session.
     * @param timeoutNs the host's client timeout.
     * @return the reason, or null.
     */
    String whyLost(final HostSession session, final long timeoutNs)
    {
        final Outbound out = bySession.get(session.id);
        if (null == out)
        {
            return null;
        }
        final long nowNs = clock.nanoTime();
        if (out.overflowed)
        {
            return "its replies overflowed its send queue";
        }
        if (out.reply.isConnected())
        {
            out.replyWasConnected = true;
            return out.stalledSinceNs != NOT_STALLED && nowNs - out.stalledSinceNs > timeoutNs ?
                "it did not read its replies for the client timeout" : null;
        }
        if (out.replyWasConnected)
        {
            return "its reply stream lost its subscriber (the client's driver stopped answering)";
        }
        return nowNs - out.openedNs > timeoutNs ? "its reply stream found no subscriber within the client timeout" :
            null;
    }

    /** Closes every reply publication, as the host closes. */
    void closeAll()
    {
        for (final Outbound out : bySession.values())
        {
            out.reply.close();
        }
        bySession.clear();
    }

    private boolean isDelivery(final DirectBuffer buffer, final int offset)
    {
        return header.wrap(buffer, offset).templateId() == DeliverDecoder.TEMPLATE_ID;
    }

    private boolean offered(final Outbound out, final long result)
    {
        if (result > 0)
        {
            out.stalledSinceNs = NOT_STALLED;
            out.lastSentNs = clock.nanoTime();
            return true;
        }
        if (out.stalledSinceNs == NOT_STALLED)
        {
            out.stalledSinceNs = clock.nanoTime();
        }
        return false;
    }
}
