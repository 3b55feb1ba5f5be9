package io.wirespeed.host;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;

import org.agrona.concurrent.UnsafeBuffer;

import io.wirespeed.codec.EnvelopeReader;

/**
 * A consumer as the queue host knows it: its credit, its selector, and the messages delivered to
 * it and not yet acknowledged.
 */
final class HostedConsumer
{
    /**
     * The credit of a consumer from a new leadership term until its client's {@code Resync}: no delivery of the new
     * leader's may overtake one the lost leader sent that the client never had, which the Resync sends again; credit
     * the client adds meanwhile is not counted, as the Resync says all it grants. Part of the state, so in snapshots.
     */
    static final int AWAITING_RESYNC = -1;

    final HostSession client;
    final long id;
    final HostedQueue queue;
    final Map<Long, StoredMessage> inFlight = new LinkedHashMap<>();
    private final Predicate<EnvelopeReader> selector;
    private final EnvelopeReader reader = new EnvelopeReader();
    private final UnsafeBuffer view = new UnsafeBuffer(new byte[0]);
    /**
     * How many messages it takes now; {@link #AWAITING_RESYNC} from a new leadership term until its client's
     * {@code Resync}.
     */
    int credit;
    /** Its selector as the client gave it, blank for none: what a snapshot keeps ({@link HostSnapshot}). */
    String selectorText = "";
    /**
     * What the queue looked like when its last search found nothing this consumer takes ({@link HostedQueue#take}):
     * its count of put-back messages then, or -1 for never; the last sequence it had; until when (a message not
     * yet due) that stays true. Then only messages that arrived since need testing against its selector.
     */
    long idlePutBacks = -1;
    long idleSequence;
    long idleUntilMs;

    HostedConsumer(
        final HostSession client, final long id, final HostedQueue queue, final Predicate<EnvelopeReader> selector,
        final int credit)
    {
        this.client = client;
        this.id = id;
        this.queue = queue;
        this.selector = selector;
        this.credit = credit;
    }

    /**
     * Adds the consumer's state to a digest: whose it is, its credit, and its deliveries in flight in the order made.
     *
     * @param digest the digest.
     */
    void digest(final HostStateDigest digest)
    {
        digest.part("consumer").add(client.id).add(id).add(credit).add(null != selector).add(inFlight.size());
        for (final Map.Entry<Long, StoredMessage> delivery : inFlight.entrySet())
        {
            digest.add(delivery.getKey());
            delivery.getValue().digest(digest);
        }
    }

    /**
     * @param message a message of its queue.
     * @return whether its selector (if any) accepts it.
     */
    boolean accepts(final StoredMessage message)
    {
        if (selector == null)
        {
            return true;
        }
        view.wrap(message.envelope);
        return selector.test(reader.wrap(view, 0, message.envelope.length));
    }
}
