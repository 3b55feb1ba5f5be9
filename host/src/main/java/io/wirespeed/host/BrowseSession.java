package io.wirespeed.host;

import java.util.function.Predicate;

import org.agrona.concurrent.UnsafeBuffer;

import io.wirespeed.codec.EnvelopeReader;

/**
 * A browse under way, a sub-session of its client's {@link HostSession} with its own {@link #doWork}, as Aeron
 * Archive's replay and list sessions are of its control session: the queue's messages as they stood when it began,
 * in delivery order (references only, no copies of the envelopes), sent a page per duty cycle while its client takes
 * them, so that browsing a large queue neither holds the host's thread nor floods the client's send queue. A message
 * settled or expired since the browse began is left out when its turn comes. Used on the host's thread only.
 */
final class BrowseSession
{
    /** Where a browse stands. */
    enum State
    {
        /** Sending pages. */
        SENDING,
        /** Its BrowseEnd is sent (all sent, or ended early): the host forgets it. */
        DONE
    }

    /** The most messages one tick ({@link HostInputs#onTick}) sends of one browse. */
    static final int PAGE = 64;

    final HostSession client;
    final long correlationId;
    private final StoredMessage[] messages;
    private final Predicate<EnvelopeReader> test;
    private final EnvelopeReader reader = new EnvelopeReader();
    private final UnsafeBuffer view = new UnsafeBuffer(new byte[0]);
    private int next;
    private State state = State.SENDING;

    /**
     * @param client        the browsing client's session.
     * @param correlationId the browse's id.
     * @param messages      the queue's messages in delivery order.
     * @param test          the browse's selector, or null for all.
     */
    BrowseSession(
        final HostSession client, final long correlationId, final StoredMessage[] messages,
        final Predicate<EnvelopeReader> test)
    {
        this.client = client;
        this.correlationId = correlationId;
        this.messages = messages;
        this.test = test;
    }

    /**
     * Sends the next page (one per tick, whatever the egress does with it), and the browse's end after its last.
     *
     * @param proxy sends to the client.
     * @param nowMs the time now, for expiry.
     * @return how many messages it went through (sent or left out), and one more when the browse ended.
     */
    int doWork(final ClientProxy proxy, final long nowMs)
    {
        if (state == State.DONE)
        {
            return 0;
        }
        final int from = next;
        int sent = 0;
        while (next < messages.length && sent < PAGE)
        {
            final StoredMessage message = messages[next];
            messages[next++] = null;
            if (message.isSettled() || message.isExpired(nowMs))
            {
                continue;
            }
            view.wrap(message.envelope);
            if (test == null || test.test(reader.wrap(view, 0, message.envelope.length)))
            {
                proxy.browseItem(client, correlationId, message.deliveryCount, view, 0, message.envelope.length);
                sent++;
            }
        }
        if (next == messages.length)
        {
            proxy.browseEnd(client, correlationId);
            state = State.DONE;
            return next - from + 1;
        }
        return next - from;
    }

    /**
     * Ends the browse where it is: its client is told the end (it started another).
     *
     * @param proxy sends to the client.
     */
    void end(final ClientProxy proxy)
    {
        if (state != State.DONE)
        {
            proxy.browseEnd(client, correlationId);
            state = State.DONE;
        }
    }

    /**
     * Adds the browse's state to a digest: its id, where it is, and the messages it has still to go through.
     *
     * @param digest the digest.
     */
    void digest(final HostStateDigest digest)
    {
        digest.part("browse").add(correlationId).add(state.ordinal()).add(next).add(messages.length);
        for (int i = next; i < messages.length; i++)
        {
            digest.add(messages[i].sequence);
        }
    }

    /** Ends the browse without a word: its client has gone. */
    void abandon()
    {
        state = State.DONE;
    }

    /** @return whether the browse is done, to be forgotten. */
    boolean isDone()
    {
        return state == State.DONE;
    }
}
