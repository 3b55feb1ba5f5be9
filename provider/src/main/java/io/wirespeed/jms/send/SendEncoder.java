package io.wirespeed.jms.send;

import javax.jms.MessageFormatException;

import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import io.wirespeed.jms.config.ConnectionConfig;
import io.wirespeed.jms.config.TopicRouting;
import io.wirespeed.jms.message.JmsMessage;
import io.wirespeed.jms.message.JmsMessageExceptions;
import io.wirespeed.jms.wire.MessageEncoder;
import io.wirespeed.transport.ClaimedSpace;

/**
 * A session's envelope writer: measures a message, and writes it on a {@link SendRoute}'s publication either
 * encoded straight into a claim ({@link #claimNext}, for a message no larger than the publication's claim) or
 * offered from bytes encoded before (the session's buffer, or a transaction's copy: {@link #offerNext}). Each
 * {@link #attempt} is one try, returning what the publication returned, so that a {@link SendGate} can try again
 * through back-pressure; the message or bytes to write stay set until {@link #clear}. Refuses, with the option to
 * change, a message larger than its publication takes. One thread at a time; nothing allocated per message once
 * warm but the copy a transaction keeps.
 */
final class SendEncoder
{
    private static final int INITIAL_BUFFER = 4096;
    /** Attempts that go to whichever leader leads (the count of leader changes is never negative). */
    private static final long ANY_LEADER = -1;

    private final SendSession session;
    private final ConnectionConfig config;
    private final MessageEncoder encoder = new MessageEncoder();
    /** Made on the session's first {@link #encode}: a send that claims publication space never needs it. */
    private ExpandableArrayBuffer buffer;
    private final UnsafeBuffer held = new UnsafeBuffer(0, 0);
    private JmsMessage claimMessage;
    private int claimProducerId;
    private DirectBuffer source;
    private long leaderChanges = ANY_LEADER;

    /**
     * A writer for a session's messages.
     *
     * @param session the session whose connection and id the envelopes carry.
     */
    SendEncoder(final SendSession session)
    {
        this.session = session;
        this.config = session.connection().config();
    }

    /**
     * The length of a message's envelope.
     *
     * @param message the message.
     * @return its encoded length in bytes.
     */
    int measure(final JmsMessage message)
    {
        return encoder.encodedLength(message);
    }

    /**
     * The next attempts claim the message's measured length on the route's publication and encode it into the claim.
     *
     * @param message    the stamped message.
     * @param producerId the sending producer's number within the session.
     */
    void claimNext(final JmsMessage message, final int producerId)
    {
        claimMessage = message;
        claimProducerId = producerId;
        source = null;
    }

    /**
     * The next attempts offer what {@link #encode} last wrote into the session's buffer.
     */
    void offerEncoded()
    {
        claimMessage = null;
        source = buffer;
    }

    /**
     * The next attempts offer bytes encoded before.
     *
     * @param bytes an envelope, as {@link #copy} returned it.
     */
    void offerNext(final byte[] bytes)
    {
        claimMessage = null;
        held.wrap(bytes);
        source = held;
    }

    /**
     * The next attempts offer bytes kept elsewhere, and only while the route's cluster session has the leader it had
     * at the given count of leader changes ({@link io.wirespeed.transport.TransportPublication#LEADER_CHANGED}
     * otherwise).
     *
     * @param bytes         the buffer holding an envelope.
     * @param offset        where it starts.
     * @param length        its length.
     * @param leaderChanges the count of leader changes the sender saw last.
     */
    void offerWhileLeader(final DirectBuffer bytes, final int offset, final int length, final long leaderChanges)
    {
        claimMessage = null;
        held.wrap(bytes, offset, length);
        source = held;
        this.leaderChanges = leaderChanges;
    }

    /** @return the session's buffer, which {@link #encode} last wrote into. */
    DirectBuffer encoded()
    {
        return buffer;
    }

    /** Forgets the message or bytes the attempts wrote. */
    void clear()
    {
        claimMessage = null;
        source = null;
        held.wrap(0, 0);
        leaderChanges = ANY_LEADER;
    }

    /**
     * One try at writing the message or bytes set before on the route's publication.
     *
     * @param route  where it goes.
     * @param length the envelope's length.
     * @return the new stream position when positive, otherwise a {@link io.wirespeed.transport.TransportPublication}
     *         status (back-pressured, not connected, ...).
     * @throws MessageFormatException if the message cannot be encoded.
     */
    long attempt(final SendRoute route, final int length) throws MessageFormatException
    {
        if (null != claimMessage)
        {
            return claimAndEncode(route, length);
        }
        return ANY_LEADER == leaderChanges ? route.publication.offer(source, 0, length) :
            route.publication.offer(source, 0, length, leaderChanges);
    }

    /**
     * Claims the measured length on the route's publication and encodes the message straight into the claim: no
     * copy through the session's buffer.
     */
    private long claimAndEncode(final SendRoute route, final int length) throws MessageFormatException
    {
        final ClaimedSpace claim = route.claim;
        final long result = route.publication.tryClaim(length, claim);
        if (result > 0)
        {
            final int encoded;
            try
            {
                encoded = encoder.encode(claimMessage, session.connection().senderId(), session.id(), claimProducerId,
                    claim.buffer(), claim.offset());
            }
            catch (final IllegalArgumentException | java.lang.IllegalStateException | IndexOutOfBoundsException ex)
            {
                claim.abort();
                throw JmsMessageExceptions.format("the message cannot be encoded: " + ex.getMessage(), ex);
            }
            if (encoded != length)
            {
                claim.abort();
                throw new java.lang.IllegalStateException("the envelope measured " + length + " bytes but took " +
                    encoded);
            }
            claim.commit();
        }
        return result;
    }

    /**
     * Encodes a message into the session's buffer.
     *
     * @param message    the stamped message.
     * @param producerId the sending producer's number within the session.
     * @return the envelope's length.
     * @throws MessageFormatException if the message cannot be encoded.
     */
    int encode(final JmsMessage message, final int producerId) throws MessageFormatException
    {
        try
        {
            if (null == buffer)
            {
                buffer = new ExpandableArrayBuffer(INITIAL_BUFFER);
            }
            return encoder.encode(message, session.connection().senderId(), session.id(), producerId, buffer, 0);
        }
        catch (final IllegalArgumentException | java.lang.IllegalStateException | IndexOutOfBoundsException ex)
        {
            throw JmsMessageExceptions.format("the message cannot be encoded: " + ex.getMessage(), ex);
        }
    }

    /**
     * A copy of what {@link #encode} last wrote, for a transaction to hold until commit.
     *
     * @param length the envelope's length.
     * @return its bytes.
     */
    byte[] copy(final int length)
    {
        final byte[] copy = new byte[length];
        buffer.getBytes(0, copy);
        return copy;
    }

    /**
     * Refuses an envelope longer than the route's publication takes, if it is.
     *
     * @param route  where it would go.
     * @param length the envelope's length.
     * @throws MessageFormatException naming the option that raises the limit, if it is too long.
     */
    void checkLength(final SendRoute route, final int length) throws MessageFormatException
    {
        if (length > route.maxMessageLength)
        {
            throw tooLarge(route, length);
        }
    }

    private MessageFormatException tooLarge(final SendRoute route, final int length)
    {
        final String raise;
        if (route.queue)
        {
            raise = "queue messages travel on the queue host's own channel (" + route.channel + "), whose term " +
                "length no option changes: send less per message, or send it to a topic";
        }
        else if (!route.channel.equals(TopicRouting.defaultChannel(config)))
        {
            raise = "raise term-length in the channel of the route.<pattern> option that sends this destination to " +
                route.channel + ", or send less per message";
        }
        else
        {
            raise = "raise the URI option termLength (now " + (0 == config.termLength() ? "the driver's default" :
                config.termLength()) + "; a power of two up to 1g; the largest message is an eighth of it, at " +
                "most 16 MiB), or send less per message";
        }
        return JmsMessageExceptions.format("the message takes " + length + " bytes encoded, more than the " +
            route.maxMessageLength + " bytes the publication to " + route + " takes: " + raise, null);
    }
}
