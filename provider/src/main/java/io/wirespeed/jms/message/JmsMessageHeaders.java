package io.wirespeed.jms.message;

import java.nio.charset.StandardCharsets;

import javax.jms.Destination;
import javax.jms.Message;

/**
 * The JMS headers every message carries, apart from its properties and body: the message id (stamped by a
 * producer as a prefix and a sequence without allocating), timestamp, correlation id (as a String or as bytes),
 * reply-to, destination, delivery mode, redelivered flag, type, expiration, delivery time and priority.
 * Interface methods follow the {@link Message} contract; the methods without a JMS counterpart are the
 * provider's, for encoders and decoders.
 */
public abstract class JmsMessageHeaders implements Message
{
    private String messageIdPrefix;
    private long messageIdSequence;
    private String messageId;
    private long timestamp;
    private String correlationId;
    private byte[] correlationIdBytes;
    private Destination replyTo;
    private Destination destination;
    private int deliveryMode = DEFAULT_DELIVERY_MODE;
    private boolean redelivered;
    private String type;
    private long expiration;
    private long deliveryTime;
    private long sendTime;
    private int priority = DEFAULT_PRIORITY;

    /**
     * Stamps a provider message id as a fixed per-producer prefix and a sequence, without allocating; the String
     * form is built on the first {@link #getJMSMessageID()} after the stamp.
     *
     * @param prefix   the producer's prefix, starting with "ID:", e.g. "ID:3f2a9c:7:".
     * @param sequence the message's sequence within the producer.
     */
    public void setMessageId(final String prefix, final long sequence)
    {
        if (prefix != messageIdPrefix || sequence != messageIdSequence)
        {
            messageIdPrefix = prefix;
            messageIdSequence = sequence;
            messageId = null;
        }
    }

    /**
     * The prefix stamped by {@link #setMessageId(String, long)}, for encoders.
     *
     * @return the prefix, or null when the id was set as a String or there is no id.
     */
    public String messageIdPrefix()
    {
        return messageIdPrefix;
    }

    /**
     * The sequence stamped by {@link #setMessageId(String, long)}; meaningful only when
     * {@link #messageIdPrefix()} is not null.
     *
     * @return the sequence.
     */
    public long messageIdSequence()
    {
        return messageIdSequence;
    }

    /** Removes the message id, as a producer with {@code setDisableMessageID(true)} does on send. */
    public void clearMessageId()
    {
        messageIdPrefix = null;
        messageIdSequence = 0;
        messageId = null;
    }

    @Override
    public String getJMSMessageID()
    {
        if (null == messageId && null != messageIdPrefix)
        {
            messageId = messageIdPrefix + messageIdSequence;
        }
        return messageId;
    }

    @Override
    public void setJMSMessageID(final String id)
    {
        messageIdPrefix = null;
        messageIdSequence = 0;
        messageId = id;
    }

    @Override
    public long getJMSTimestamp()
    {
        return timestamp;
    }

    @Override
    public void setJMSTimestamp(final long timestamp)
    {
        this.timestamp = timestamp;
    }

    /**
     * {@inheritDoc}
     * <p>
     * A correlation id set as a String reads back as its UTF-8 bytes.
     */
    @Override
    public byte[] getJMSCorrelationIDAsBytes()
    {
        if (null != correlationIdBytes)
        {
            return correlationIdBytes.clone();
        }
        return null == correlationId ? null : correlationId.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void setJMSCorrelationIDAsBytes(final byte[] correlationId)
    {
        this.correlationIdBytes = null == correlationId ? null : correlationId.clone();
        this.correlationId = null;
    }

    /**
     * {@inheritDoc}
     * <p>
     * A correlation id set as bytes reads back decoded as UTF-8.
     */
    @Override
    public String getJMSCorrelationID()
    {
        if (null != correlationIdBytes)
        {
            return new String(correlationIdBytes, StandardCharsets.UTF_8);
        }
        return correlationId;
    }

    @Override
    public void setJMSCorrelationID(final String correlationId)
    {
        this.correlationId = correlationId;
        this.correlationIdBytes = null;
    }

    /**
     * The correlation id when it was set as bytes, without copying, for encoders; callers must not modify it.
     *
     * @return the bytes, or null when the correlation id is a String or absent.
     */
    public byte[] rawCorrelationIdBytes()
    {
        return correlationIdBytes;
    }

    /**
     * Sets the correlation id as bytes, taking ownership of the array, for decoders.
     *
     * @param correlationId the bytes, not copied; null clears.
     */
    public void setRawCorrelationIdBytes(final byte[] correlationId)
    {
        this.correlationIdBytes = correlationId;
        this.correlationId = null;
    }

    @Override
    public Destination getJMSReplyTo()
    {
        return replyTo;
    }

    @Override
    public void setJMSReplyTo(final Destination replyTo)
    {
        this.replyTo = replyTo;
    }

    @Override
    public Destination getJMSDestination()
    {
        return destination;
    }

    @Override
    public void setJMSDestination(final Destination destination)
    {
        this.destination = destination;
    }

    @Override
    public int getJMSDeliveryMode()
    {
        return deliveryMode;
    }

    @Override
    public void setJMSDeliveryMode(final int deliveryMode)
    {
        this.deliveryMode = deliveryMode;
    }

    @Override
    public boolean getJMSRedelivered()
    {
        return redelivered;
    }

    @Override
    public void setJMSRedelivered(final boolean redelivered)
    {
        this.redelivered = redelivered;
    }

    @Override
    public String getJMSType()
    {
        return type;
    }

    @Override
    public void setJMSType(final String type)
    {
        this.type = type;
    }

    @Override
    public long getJMSExpiration()
    {
        return expiration;
    }

    @Override
    public void setJMSExpiration(final long expiration)
    {
        this.expiration = expiration;
    }

    @Override
    public long getJMSDeliveryTime()
    {
        return deliveryTime;
    }

    @Override
    public void setJMSDeliveryTime(final long deliveryTime)
    {
        this.deliveryTime = deliveryTime;
    }

    /**
     * Stamps the time of the send that stamps the headers, which JMSTimestamp is unless the producer disabled
     * timestamps: the envelope carries it either way (a message sent without a delay then travels compact).
     *
     * @param sendTime epoch milliseconds.
     */
    public void stampSendTime(final long sendTime)
    {
        this.sendTime = sendTime;
    }

    /** @return the time of the last send of this message, 0 if it was never sent. */
    public long sendTime()
    {
        return sendTime;
    }

    @Override
    public int getJMSPriority()
    {
        return priority;
    }

    @Override
    public void setJMSPriority(final int priority)
    {
        this.priority = priority;
    }

    /** Returns every header to its value in a new message. */
    protected final void clearHeaders()
    {
        clearMessageId();
        timestamp = 0;
        correlationId = null;
        correlationIdBytes = null;
        replyTo = null;
        destination = null;
        deliveryMode = DEFAULT_DELIVERY_MODE;
        redelivered = false;
        type = null;
        expiration = 0;
        deliveryTime = 0;
        sendTime = 0;
        priority = DEFAULT_PRIORITY;
    }

    /**
     * Copies every header into another message; a correlation id's bytes are copied.
     *
     * @param target the message to fill.
     */
    protected final void copyHeadersTo(final JmsMessageHeaders target)
    {
        target.messageIdPrefix = messageIdPrefix;
        target.messageIdSequence = messageIdSequence;
        target.messageId = messageId;
        target.timestamp = timestamp;
        target.correlationId = correlationId;
        target.correlationIdBytes = null == correlationIdBytes ? null : correlationIdBytes.clone();
        target.replyTo = replyTo;
        target.destination = destination;
        target.deliveryMode = deliveryMode;
        target.redelivered = redelivered;
        target.type = type;
        target.expiration = expiration;
        target.deliveryTime = deliveryTime;
        target.sendTime = sendTime;
        target.priority = priority;
    }
}
