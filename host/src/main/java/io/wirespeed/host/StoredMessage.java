package io.wirespeed.host;

import io.wirespeed.host.durable.DurableFeed;

/**
 * A message held by the queue host: the envelope bytes as the producer sent them, the fields
 * dispatch needs, and how often it was delivered.
 */
final class StoredMessage
{
    final byte[] envelope;
    final long sequence;
    final int priority;
    final long expiration;
    final long deliveryTime;
    int deliveryCount;
    /** The queue's accounts that count it, or null while no queue holds it. */
    QueueRoom room;
    private DurableFeed origin;
    private long recordingId;
    private long start;
    private boolean settled;

    StoredMessage(
        final byte[] envelope, final long sequence, final int priority, final long expiration, final long deliveryTime)
    {
        this.envelope = envelope;
        this.sequence = sequence;
        this.priority = priority;
        this.expiration = expiration;
        this.deliveryTime = deliveryTime;
    }

    /**
     * Ties the message to the recording it was replayed from, so that its end moves the durable position.
     *
     * @param feed        the feed that replayed it.
     * @param recordingId the recording.
     * @param start       its start position there.
     * @return this message.
     */
    StoredMessage from(final DurableFeed feed, final long recordingId, final long start)
    {
        this.origin = feed;
        this.recordingId = recordingId;
        this.start = start;
        return this;
    }

    /** The message is gone for good (acknowledged, expired, or its queue deleted). Idempotent. */
    void done()
    {
        if (!settled && room != null)
        {
            room.settle(envelope.length);
        }
        settled = true;
        if (origin != null)
        {
            origin.acknowledge(recordingId, start);
            origin = null;
        }
    }

    /** @return whether {@link #done()} was called: the message is gone for good. */
    boolean isSettled()
    {
        return settled;
    }

    /**
     * Adds the message's state to a digest: its number, headers dispatch reads, deliveries, whether it is settled,
     * where its recording has it, and its envelope.
     *
     * @param digest the digest.
     */
    void digest(final HostStateDigest digest)
    {
        digest.add(sequence).add(priority).add(expiration).add(deliveryTime).add(deliveryCount).add(settled)
            .add(null != origin).add(recordingId).add(start).add(envelope);
    }

    boolean isExpired(final long nowMs)
    {
        return expiration != 0 && expiration <= nowMs;
    }

    boolean isDue(final long nowMs)
    {
        return deliveryTime <= nowMs;
    }
}
