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

import io.wirespeed.codec.control.sbe.ErrorCode;

/**
 * The requests a {@link QueueClient} waits on the host to answer: issues the ids of requests and consumers, keeps each
 * request that waits by its id, matches the host's answers to them, waits for an answer (polling the reply stream,
 * up to the host timeout, or until the host has gone), and turns a refusal into the JMS exception the specification
 * names.
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
        for (final Map.Entry<Long, Request> entry : requests.entrySet())
        {
            final Request request = entry.getValue();
            request.code = code;
            request.refusal = reason;
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
        final long deadline = System.nanoTime() + hostTimeoutNs;
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
            if (System.nanoTime() > deadline)
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

    /** A request waiting for the host's answer. */
    static class Request
    {
        volatile boolean done;
        volatile ErrorCode code;
        volatile String refusal;
    }
}
