package io.wirespeed.jms.wire;

import java.util.Enumeration;

import javax.jms.BytesMessage;
import javax.jms.JMSException;
import javax.jms.MapMessage;
import javax.jms.Message;
import javax.jms.MessageEOFException;
import javax.jms.ObjectMessage;
import javax.jms.StreamMessage;
import javax.jms.TextMessage;

import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.message.JmsBytesMessage;
import io.wirespeed.jms.message.JmsMapMessage;
import io.wirespeed.jms.message.JmsMessage;
import io.wirespeed.jms.message.JmsObjectMessage;
import io.wirespeed.jms.message.JmsStreamMessage;
import io.wirespeed.jms.message.JmsTextMessage;

/**
 * Copies a message made by another JMS provider into a Wirespeed message of the same type, so that
 * it can be sent (the specification requires a provider to send foreign messages). Headers the
 * application sets (correlation id, reply-to, type), properties and body are copied.
 */
public final class ForeignMessages
{
    private ForeignMessages()
    {
    }

    /**
     * Copies a foreign message.
     *
     * @param foreign the message from another provider.
     * @return a Wirespeed message with the same content.
     * @throws JMSException if the foreign message cannot be read.
     */
    public static JmsMessage copy(final Message foreign) throws JMSException
    {
        final JmsMessage copy = copyBody(foreign);
        final byte[] correlationBytes = correlationBytes(foreign);
        if (correlationBytes != null)
        {
            copy.setJMSCorrelationIDAsBytes(correlationBytes);
        }
        else
        {
            copy.setJMSCorrelationID(foreign.getJMSCorrelationID());
        }
        if (foreign.getJMSReplyTo() != null)
        {
            copy.setJMSReplyTo(JmsDestination.of(foreign.getJMSReplyTo()));
        }
        copy.setJMSType(foreign.getJMSType());
        final Enumeration<?> names = foreign.getPropertyNames();
        while (names.hasMoreElements())
        {
            final String name = (String)names.nextElement();
            copy.setObjectProperty(name, foreign.getObjectProperty(name));
        }
        return copy;
    }

    private static byte[] correlationBytes(final Message foreign)
    {
        try
        {
            return foreign.getJMSCorrelationID() == null ? foreign.getJMSCorrelationIDAsBytes() : null;
        }
        catch (final JMSException | UnsupportedOperationException ex)
        {
            return null;
        }
    }

    private static JmsMessage copyBody(final Message foreign) throws JMSException
    {
        if (foreign instanceof BytesMessage)
        {
            final BytesMessage bytes = (BytesMessage)foreign;
            bytes.reset();
            final byte[] body = new byte[(int)bytes.getBodyLength()];
            bytes.readBytes(body);
            final JmsBytesMessage copy = new JmsBytesMessage();
            copy.writeBytes(body);
            return copy;
        }
        if (foreign instanceof TextMessage)
        {
            final JmsTextMessage copy = new JmsTextMessage();
            copy.setText(((TextMessage)foreign).getText());
            return copy;
        }
        if (foreign instanceof MapMessage)
        {
            final MapMessage map = (MapMessage)foreign;
            final JmsMapMessage copy = new JmsMapMessage();
            final Enumeration<?> names = map.getMapNames();
            while (names.hasMoreElements())
            {
                final String name = (String)names.nextElement();
                copy.setObject(name, map.getObject(name));
            }
            return copy;
        }
        if (foreign instanceof StreamMessage)
        {
            final StreamMessage stream = (StreamMessage)foreign;
            stream.reset();
            final JmsStreamMessage copy = new JmsStreamMessage();
            while (true)
            {
                try
                {
                    copy.writeObject(stream.readObject());
                }
                catch (final MessageEOFException ex)
                {
                    break;
                }
            }
            return copy;
        }
        if (foreign instanceof ObjectMessage)
        {
            final JmsObjectMessage copy = new JmsObjectMessage();
            copy.setObject(((ObjectMessage)foreign).getObject());
            return copy;
        }
        return new JmsMessage();
    }
}
