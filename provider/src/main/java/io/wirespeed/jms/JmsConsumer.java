package io.wirespeed.jms;

import javax.jms.BytesMessage;
import javax.jms.JMSConsumer;
import javax.jms.JMSContext;
import javax.jms.JMSException;
import javax.jms.JMSRuntimeException;
import javax.jms.MapMessage;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageFormatException;
import javax.jms.MessageListener;
import javax.jms.ObjectMessage;
import javax.jms.StreamMessage;
import javax.jms.TextMessage;

import io.wirespeed.jms.exceptions.JmsExceptions;

/**
 * The simplified API's consumer over a classic {@link MessageConsumer} of a {@link JmsContext}'s session: the
 * same receives with unchecked exceptions, plus {@code receiveBody}.
 * <p>
 * Every message it delivers, by receive or to its listener, is reported to the context so that
 * {@link JMSContext#acknowledge()} can acknowledge the session's messages.
 */
public final class JmsConsumer implements JMSConsumer
{
    private static final long NO_WAIT = -1;
    private static final long WAIT_FOREVER = 0;

    private final JmsContext context;
    private final MessageConsumer consumer;
    private volatile MessageListener listener;

    JmsConsumer(final JmsContext context, final MessageConsumer consumer)
    {
        this.context = context;
        this.consumer = consumer;
    }

    /** {@inheritDoc} */
    @Override
    public String getMessageSelector()
    {
        try
        {
            return consumer.getMessageSelector();
        }
        catch (final JMSException ex)
        {
            throw JmsExceptions.toRuntime(ex);
        }
    }

    /**
     * {@inheritDoc}
     * <p>
     * Returns the listener the application set, not the wrapper that reports deliveries to the context.
     */
    @Override
    public MessageListener getMessageListener()
    {
        try
        {
            consumer.getMessageListener();
            return listener;
        }
        catch (final JMSException ex)
        {
            throw JmsExceptions.toRuntime(ex);
        }
    }

    /** {@inheritDoc} */
    @Override
    public void setMessageListener(final MessageListener listener)
    {
        try
        {
            consumer.setMessageListener(null == listener ? null : new ReportingListener(context, listener));
            this.listener = listener;
        }
        catch (final JMSException ex)
        {
            throw JmsExceptions.toRuntime(ex);
        }
    }

    /** {@inheritDoc} */
    @Override
    public Message receive()
    {
        return receiveMessage(WAIT_FOREVER);
    }

    /** {@inheritDoc} */
    @Override
    public Message receive(final long timeout)
    {
        return receiveMessage(timeout);
    }

    /** {@inheritDoc} */
    @Override
    public Message receiveNoWait()
    {
        return receiveMessage(NO_WAIT);
    }

    /** {@inheritDoc} */
    @Override
    public void close()
    {
        try
        {
            consumer.close();
        }
        catch (final JMSException ex)
        {
            throw JmsExceptions.toRuntime(ex);
        }
    }

    /**
     * {@inheritDoc}
     * <p>
     * A message whose body cannot be returned is handed back to the consumer in an {@code AUTO_ACKNOWLEDGE} or
     * {@code DUPS_OK_ACKNOWLEDGE} context when the consumer is a {@link RedeliveringConsumer}; another consumer
     * cannot take it back, and it is lost to this one.
     */
    @Override
    public <T> T receiveBody(final Class<T> c)
    {
        return bodyOf(receiveMessage(WAIT_FOREVER), c);
    }

    /** {@inheritDoc} As {@link #receiveBody(Class)} for a message that fails. */
    @Override
    public <T> T receiveBody(final Class<T> c, final long timeout)
    {
        return bodyOf(receiveMessage(timeout), c);
    }

    /** {@inheritDoc} As {@link #receiveBody(Class)} for a message that fails. */
    @Override
    public <T> T receiveBodyNoWait(final Class<T> c)
    {
        return bodyOf(receiveMessage(NO_WAIT), c);
    }

    private Message receiveMessage(final long timeout)
    {
        try
        {
            final Message message = NO_WAIT == timeout ? consumer.receiveNoWait() : consumer.receive(timeout);
            if (null != message)
            {
                context.delivered(message);
            }
            return message;
        }
        catch (final JMSException ex)
        {
            throw JmsExceptions.toRuntime(ex);
        }
    }

    private <T> T bodyOf(final Message message, final Class<T> type)
    {
        if (null == message)
        {
            return null;
        }
        try
        {
            return readBody(message, type);
        }
        catch (final MessageFormatException ex)
        {
            final JMSRuntimeException failure = JmsExceptions.toRuntime(ex);
            handBack(message, failure);
            throw failure;
        }
        catch (final JMSException ex)
        {
            throw JmsExceptions.toRuntime(ex);
        }
    }

    private void handBack(final Message message, final JMSRuntimeException failure)
    {
        final int sessionMode = context.sessionMode();
        final boolean implicitAcknowledge =
            JMSContext.AUTO_ACKNOWLEDGE == sessionMode || JMSContext.DUPS_OK_ACKNOWLEDGE == sessionMode;
        if (implicitAcknowledge && consumer instanceof RedeliveringConsumer)
        {
            try
            {
                ((RedeliveringConsumer)consumer).redeliver(message);
            }
            catch (final JMSException | RuntimeException ex)
            {
                failure.addSuppressed(ex);
            }
        }
    }

    private static <T> T readBody(final Message message, final Class<T> type) throws JMSException
    {
        final String kind = kindOf(message);
        if (null == kind)
        {
            throw new MessageFormatException(
                "receiveBody returns the body of a TextMessage, BytesMessage, MapMessage or ObjectMessage, not of a " +
                (message instanceof StreamMessage ? "StreamMessage" : "Message") +
                "; call receive() and read the message instead");
        }
        final T body = message.getBody(type);
        if (null == body)
        {
            throw new MessageFormatException(
                "The " + kind + " has no body, so receiveBody cannot return one; call receive() to get such messages");
        }
        return body;
    }

    private static String kindOf(final Message message)
    {
        if (message instanceof TextMessage)
        {
            return "TextMessage";
        }
        if (message instanceof BytesMessage)
        {
            return "BytesMessage";
        }
        if (message instanceof MapMessage)
        {
            return "MapMessage";
        }
        if (message instanceof ObjectMessage)
        {
            return "ObjectMessage";
        }
        return null;
    }

    /**
     * Tells the context about each message before the application's listener sees it.
     */
    private static final class ReportingListener implements MessageListener
    {
        private final JmsContext context;
        private final MessageListener listener;

        ReportingListener(final JmsContext context, final MessageListener listener)
        {
            this.context = context;
            this.listener = listener;
        }

        @Override
        public void onMessage(final Message message)
        {
            context.delivered(message);
            listener.onMessage(message);
        }
    }
}
