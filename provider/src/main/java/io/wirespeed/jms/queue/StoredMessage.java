package io.wirespeed.jms.queue;

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

    StoredMessage(
        final byte[] envelope, final long sequence, final int priority, final long expiration, final long deliveryTime)
    {
        this.envelope = envelope;
        this.sequence = sequence;
        this.priority = priority;
        this.expiration = expiration;
        this.deliveryTime = deliveryTime;
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
