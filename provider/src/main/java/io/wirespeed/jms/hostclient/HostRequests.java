package io.wirespeed.jms.hostclient;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;

import javax.jms.IllegalStateException;
import javax.jms.InvalidDestinationException;
import javax.jms.InvalidSelectorException;
import javax.jms.JMSException;
import javax.jms.JMSSecurityException;
import javax.jms.ResourceAllocationException;
import javax.jms.TransactionRolledBackException;

import io.wirespeed.codec.control.sbe.ErrorCode;

/**
 * The requests a {@link QueueClient} waits on the host to answer: issues the ids of requests and consumers, keeps each
 * request that waits by its id, matches the host's answers to them, waits for an answer (polling the reply stream,
 * up to the host timeout, or until the host has gone), and turns a refusal into the JMS exception the specification
 * names.
 * <p>
 * A clustered host ({@link #failover}) may lose a request with its leader: one that reached the lost leader and not
 * the log is lost, and the answer to one in the log may be. So a request sent through {@link #send} goes again, from
 * the thread that waits on it, once the client has taken up a new leader (its temporary queues created and its
 * consumers taken up again there: {@link Failover#leadersTakenUp}), and the host answers a request it has had already
 * as it did the first time (a Subscribe of a consumer it has is accepted again). While no leader is heard the wait
 * outlasts the host timeout, up to the connection's {@code failoverTimeout}, when the client takes the cluster for
 * lost and fails every request waiting ({@link #failAll}). A request to a host that is no cluster goes once.
 * <p>
 * Threads: any thread issues ids, registers a request and waits on it (a session's thread, the connection's delivery
 * thread when it reconnects); the answers are completed by whoever polls the reply stream, one at a time under the
 * client's poll lock. The map is concurrent and a request's answer is published through its volatile fields, so
 * completing one allocates nothing.
 */
final class HostRequests
{
    private final Map<Long, Request> requests = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private final long hostTimeoutNs;
    private final String where;
    private final IntSupplier poll;
    private final BooleanSupplier hostGone;
    private volatile Failover failover;

    /**
     * @param hostTimeoutNs how long to wait for an answer before saying the host is unreachable.
     * @param where         where the host is, for messages.
     * @param poll          reads the reply stream once, routing what arrived; returns how many frames it read.
     * @param hostGone      whether the host was there and has gone (its control stream lost its subscriber).
     */
    HostRequests(final long hostTimeoutNs, final String where, final IntSupplier poll, final BooleanSupplier hostGone)
    {
        this.hostTimeoutNs = hostTimeoutNs;
        this.where = where;
        this.poll = poll;
        this.hostGone = hostGone;
    }

    /**
     * Makes the requests of a clustered host outlast a failover; call once, before the first request.
     *
     * @param failover the client's link with the cluster.
     */
    void failover(final Failover failover)
    {
        this.failover = failover;
    }

    /** @return a new id for a consumer or a request, unique within this client. */
    long nextId()
    {
        return ids.incrementAndGet();
    }

    /**
     * Registers a new request under an id, before it is sent, so that an answer that comes at once finds it.
     *
     * @param requestId the request's (or consumer's) id.
     * @return the request.
     */
    Request register(final long requestId)
    {
        return register(requestId, new Request());
    }

    /**
     * Registers a request under an id, before it is sent.
     *
     * @param requestId the request's (or consumer's) id.
     * @param request   the request.
     * @param <R>       its kind.
     * @return the request.
     */
    <R extends Request> R register(final long requestId, final R request)
    {
        requests.put(requestId, request);
        return request;
    }

    /**
     * Sends a registered request, and keeps how to send it again: to a clustered host it goes again when the client
     * has taken up a new leader while the request waits ({@link #await}). To a cluster whose new leader the client
     * has not taken up yet (it heard of it, and is taking its consumers up there on another thread) it goes once that
     * is done, so that it comes after what the client sends the new leader first (its temporary queues).
     *
     * @param request the request, registered.
     * @param send    sends it, now and again.
     * @throws JMSException if it cannot be sent.
     */
    void send(final Request request, final Send send) throws JMSException
    {
        final Failover current = failover;
        if (null != current)
        {
            final long deadline = System.nanoTime() + hostTimeoutNs;
            while (current.isOpen() && current.leaderChanges() != current.leadersTakenUp() &&
                System.nanoTime() < deadline)
            {
                if (poll.getAsInt() == 0)
                {
                    Thread.yield();
                }
            }
            request.sentAt = current.leadersTakenUp();
        }
        request.again = send;
        send.send();
    }

    /**
     * Sends a request under a new id and waits for its answer ({@link #send}, {@link #await}), then forgets it: a
     * request whose answer says only that it was applied.
     *
     * @param send sends the request under the id it is given, now and again.
     * @param what what waits, for the message of a timeout.
     * @throws JMSException if it cannot be sent, or no answer came in time.
     */
    void ask(final SendWithId send, final String what) throws JMSException
    {
        final long requestId = nextId();
        final Request request = register(requestId);
        try
        {
            send(request, () -> send.send(requestId));
            await(request, what);
        }
        finally
        {
            forget(requestId);
        }
    }

    /**
     * Forgets a request: answered, given up, or never sent.
     *
     * @param requestId the request's id.
     */
    void forget(final long requestId)
    {
        requests.remove(requestId);
    }

    /**
     * @param requestId the request's id.
     * @return the request waiting under it, or null.
     */
    Request get(final long requestId)
    {
        return requests.get(requestId);
    }

    /**
     * The host accepted a request (or answered it in full).
     *
     * @param requestId the request's (or consumer's) id.
     */
    void onAccepted(final long requestId)
    {
        complete(requestId, ErrorCode.GENERIC, null);
    }

    /**
     * The host refused a request.
     *
     * @param requestId the request's (or consumer's) id.
     * @param code      what kind of failure.
     * @param message   the host's message.
     */
    void onRefused(final long requestId, final ErrorCode code, final String message)
    {
        complete(requestId, code, message);
    }

    /**
     * Fails every request waiting now: the host was lost.
     *
     * @param code   the code they fail with.
     * @param reason why.
     */
    void failAll(final ErrorCode code, final String reason)
    {
        // a request done without a refusal counts as answered: never fail one so
        final String refusal = null == reason ? "the queue host at " + where + " was lost (" + code + ")" : reason;
        for (final Map.Entry<Long, Request> entry : requests.entrySet())
        {
            final Request request = entry.getValue();
            request.code = code;
            request.refusal = refusal;
            request.done = true;
        }
    }

    private void complete(final long requestId, final ErrorCode code, final String refusal)
    {
        final Request request = requests.get(requestId);
        if (request != null)
        {
            request.code = code;
            request.refusal = refusal;
            request.done = true;
        }
    }

    /**
     * Waits for a request of the session to be answered, polling the reply stream meanwhile; fails at once if the
     * host has gone.
     *
     * @param request the request.
     * @param what    what it is for, for the message.
     * @throws JMSException if the host has gone, or did not answer within the host timeout.
     */
    void await(final Request request, final String what) throws JMSException
    {
        await(request, what, true);
    }

    /**
     * Waits for a request to be answered, polling the reply stream meanwhile.
     *
     * @param request   the request.
     * @param what      what it is for, for the message.
     * @param inSession whether it needs the session (not a Connect): then a host that has gone fails it at once.
     * @throws JMSException if the host has gone, or did not answer within the host timeout.
     */
    void await(final Request request, final String what, final boolean inSession) throws JMSException
    {
        // a Connect opens the session that a failover waits for: it goes again by its own loop
        final Failover current = inSession ? failover : null;
        long deadline = System.nanoTime() + hostTimeoutNs;
        while (!request.done)
        {
            if (poll.getAsInt() == 0)
            {
                Thread.yield();
            }
            if (inSession && hostGone.getAsBoolean())
            {
                throw hostGone(where);
            }
            final long now = System.nanoTime();
            if (null != current && !request.done)
            {
                if (null != request.again && current.isOpen() && current.leadersTakenUp() != request.sentAt)
                {
                    // a new leader took over while it waited: it may have been lost with the old one
                    request.sentAt = current.leadersTakenUp();
                    request.again.send();
                    deadline = now + hostTimeoutNs;
                }
                else if (!current.isOpen() || current.awaitingLeader(now))
                {
                    // no leader now: the wait is failoverTimeout's, after which the cluster is lost (failAll); a
                    // request that went once the cluster was lost already fails so, or it would wait for ever
                    current.throwIfFailoverFailed("the outcome of " + what + " is unknown");
                    deadline = Math.max(deadline, now + hostTimeoutNs);
                }
            }
            if (now > deadline)
            {
                throw unreachable(what, hostTimeoutNs, where);
            }
        }
    }

    /**
     * Throws the refusal of an answered request, if it was refused.
     *
     * @param request the answered request.
     * @throws JMSException the exception the specification names for the host's refusal.
     */
    static void throwIfRefused(final Request request) throws JMSException
    {
        if (request.refusal != null)
        {
            throw refusal(request.code, request.refusal);
        }
    }

    /**
     * The JMS exception the specification names for a refusal of the host, with the host's message.
     *
     * @param code what kind of failure.
     * @param why  the host's message.
     * @return the exception.
     */
    static JMSException refusal(final ErrorCode code, final String why)
    {
        return switch (code)
        {
            case INVALID_DESTINATION -> new InvalidDestinationException(why);
            case ILLEGAL_STATE -> new IllegalStateException(why);
            case INVALID_SELECTOR -> new InvalidSelectorException(why);
            case AUTHENTICATION_FAILED -> new JMSSecurityException(why);
            case RESOURCE_LIMIT -> new ResourceAllocationException(why);
            case TRANSACTION_ROLLED_BACK -> new TransactionRolledBackException(why);
            default -> new JMSException(why);
        };
    }

    /**
     * The host was there and has gone (stopped, or the process that ran it is ending): waiting out the
     * timeout would only hold up, for instance, a close during the JVM's shutdown.
     *
     * @param where where the host was.
     * @return the exception.
     */
    static JMSException hostGone(final String where)
    {
        return new JMSException("the queue host has gone from " + where + ": it was stopped, or the " +
            "process that ran it is ending; start it again, or check the driver");
    }

    /**
     * No host answered in time.
     *
     * @param what          what the request was for.
     * @param hostTimeoutNs how long it waited.
     * @param where         where the host is.
     * @return the exception.
     */
    static JMSException unreachable(final String what, final long hostTimeoutNs, final String where)
    {
        return new JMSException("no queue host answered for " + what + " within " + hostTimeoutNs / 1_000_000 +
            " ms on " + where + ": queues are hosted by the Wirespeed driver process " +
            "(driver=external, or the one host= names: check that it runs with wirespeed.host.endpoint set to that " +
            "ADDRESS:PORT) or inside this JVM with the embedded driver; start the driver, or check aeronDir");
    }

    /** Sends a request under its id. */
    @FunctionalInterface
    interface SendWithId
    {
        /**
         * Sends it.
         *
         * @param requestId the request's id.
         * @throws JMSException if it cannot be sent.
         */
        void send(long requestId) throws JMSException;
    }

    /** Sends a request, now and again after a failover. */
    @FunctionalInterface
    interface Send
    {
        /**
         * Sends it.
         *
         * @throws JMSException if it cannot be sent.
         */
        void send() throws JMSException;
    }

    /** What the requests of a clustered host need to know of the client's link with it across a failover. */
    interface Failover
    {
        /** @return how many times a new leader took over since the client connected. */
        long leaderChanges();

        /**
         * @return the {@link #leaderChanges()} the client has taken up: its temporary queues created and its consumers
         *         taken up again at the new leader (or opened again in a new session); a request sent before that
         *         may have been lost with the old leader.
         */
        long leadersTakenUp();

        /** @return whether the client's session with the host is open: a request can go now. */
        boolean isOpen();

        /**
         * @param nowNs {@link System#nanoTime()}.
         * @return whether no leader was heard lately: the cluster elects one.
         */
        boolean awaitingLeader(long nowNs);

        /**
         * Throws when the client took the cluster for lost: no leader for {@code failoverTimeout}.
         *
         * @param outcome what became of the call that waited, for the message.
         * @throws JMSException naming the members and the majority they need.
         */
        void throwIfFailoverFailed(String outcome) throws JMSException;
    }

    /** A request waiting for the host's answer. */
    static class Request
    {
        volatile boolean done;
        volatile ErrorCode code;
        volatile String refusal;
        /** Sends it again, or null for a request that goes once. Set before it is sent, read by its waiting thread. */
        Send again;
        /** {@link Failover#leadersTakenUp()} when it was last sent; read and written by its waiting thread. */
        long sentAt;
    }
}
