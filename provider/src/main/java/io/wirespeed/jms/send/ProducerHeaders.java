package io.wirespeed.jms.send;

import java.nio.charset.StandardCharsets;

import javax.jms.Destination;
import javax.jms.JMSException;
import javax.jms.Message;

/**
 * The headers a JMSProducer sets on every message it sends, where set: correlation id (as a String or as bytes,
 * the later replacing the earlier), type and reply-to.
 */
public final class ProducerHeaders
{
    private String correlationId;
    private byte[] correlationIdBytes;
    private String type;
    private Destination replyTo;

    /**
     * Sets the correlation id as bytes, replacing one set as a String.
     *
     * @param correlationID the bytes, copied; null clears.
     */
    public void correlationIdAsBytes(final byte[] correlationID)
    {
        correlationIdBytes = null == correlationID ? null : correlationID.clone();
        correlationId = null;
    }

    /** @return a copy of the correlation id's bytes; one set as a String reads back as its UTF-8 bytes. */
    public byte[] correlationIdAsBytes()
    {
        if (null != correlationIdBytes)
        {
            return correlationIdBytes.clone();
        }
        return null == correlationId ? null : correlationId.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Sets the correlation id as a String, replacing one set as bytes.
     *
     * @param correlationID the id; null clears.
     */
    public void correlationId(final String correlationID)
    {
        correlationId = correlationID;
        correlationIdBytes = null;
    }

    /** @return the correlation id; one set as bytes reads back decoded as UTF-8. */
    public String correlationId()
    {
        if (null != correlationIdBytes)
        {
            return new String(correlationIdBytes, StandardCharsets.UTF_8);
        }
        return correlationId;
    }

    /**
     * Sets the type.
     *
     * @param type the type, or null.
     */
    public void type(final String type)
    {
        this.type = type;
    }

    /** @return the type, or null. */
    public String type()
    {
        return type;
    }

    /**
     * Sets the reply-to destination.
     *
     * @param replyTo the destination, or null.
     */
    public void replyTo(final Destination replyTo)
    {
        this.replyTo = replyTo;
    }

    /** @return the reply-to destination, or null. */
    public Destination replyTo()
    {
        return replyTo;
    }

    /**
     * Sets the headers that are set here on a message about to be sent, replacing the message's own.
     *
     * @param message the message.
     * @throws JMSException if the message refuses a header.
     */
    public void applyTo(final Message message) throws JMSException
    {
        if (null != correlationIdBytes)
        {
            message.setJMSCorrelationIDAsBytes(correlationIdBytes);
        }
        else if (null != correlationId)
        {
            message.setJMSCorrelationID(correlationId);
        }
        if (null != type)
        {
            message.setJMSType(type);
        }
        if (null != replyTo)
        {
            message.setJMSReplyTo(replyTo);
        }
    }
}
