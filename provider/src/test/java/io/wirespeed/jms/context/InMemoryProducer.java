package io.wirespeed.jms.context;

import javax.jms.CompletionListener;
import javax.jms.DeliveryMode;
import javax.jms.Destination;
import javax.jms.IllegalStateException;
import javax.jms.InvalidDestinationException;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageProducer;

/**
 * A {@link MessageProducer} of {@link InMemoryConnection}: stamps the headers a provider sets on send, records
 * the send and delivers a copy to the destination's consumers.
 */
final class InMemoryProducer implements MessageProducer
{
    private final InMemorySession session;
    private final Destination destination;
    private boolean disableMessageId;
    private boolean disableMessageTimestamp;
    private int deliveryMode = DeliveryMode.PERSISTENT;
    private int priority = Message.DEFAULT_PRIORITY;
    private long timeToLive;
    private long deliveryDelay;
    private boolean closed;

    InMemoryProducer(final InMemorySession session, final Destination destination)
    {
        this.session = session;
        this.destination = destination;
    }

    /**
     * What one send was asked to do.
     *
     * @param message                 the message the application passed.
     * @param destination             where it went.
     * @param deliveryMode            the delivery mode argument.
     * @param priority                the priority argument.
     * @param timeToLive              the time-to-live argument.
     * @param deliveryDelay           the producer's delivery delay at the time.
     * @param disableMessageId        the producer's flag at the time.
     * @param disableMessageTimestamp the producer's flag at the time.
     * @param completionListener      the listener of an asynchronous send, or null.
     */
    record Send(
        Message message,
        Destination destination,
        int deliveryMode,
        int priority,
        long timeToLive,
        long deliveryDelay,
        boolean disableMessageId,
        boolean disableMessageTimestamp,
        CompletionListener completionListener)
    {
    }

    @Override
    public void setDisableMessageID(final boolean value) throws JMSException
    {
        checkOpen();
        disableMessageId = value;
    }

    @Override
    public boolean getDisableMessageID()
    {
        return disableMessageId;
    }

    @Override
    public void setDisableMessageTimestamp(final boolean value) throws JMSException
    {
        checkOpen();
        disableMessageTimestamp = value;
    }

    @Override
    public boolean getDisableMessageTimestamp()
    {
        return disableMessageTimestamp;
    }

    @Override
    public void setDeliveryMode(final int deliveryMode)
    {
        this.deliveryMode = deliveryMode;
    }

    @Override
    public int getDeliveryMode()
    {
        return deliveryMode;
    }

    @Override
    public void setPriority(final int priority)
    {
        this.priority = priority;
    }

    @Override
    public int getPriority()
    {
        return priority;
    }

    @Override
    public void setTimeToLive(final long timeToLive)
    {
        this.timeToLive = timeToLive;
    }

    @Override
    public long getTimeToLive()
    {
        return timeToLive;
    }

    @Override
    public void setDeliveryDelay(final long deliveryDelay) throws JMSException
    {
        checkOpen();
        this.deliveryDelay = deliveryDelay;
    }

    @Override
    public long getDeliveryDelay()
    {
        return deliveryDelay;
    }

    @Override
    public Destination getDestination()
    {
        return destination;
    }

    @Override
    public void close()
    {
        closed = true;
    }

    @Override
    public void send(final Message message) throws JMSException
    {
        send(destination, message, deliveryMode, priority, timeToLive, null);
    }

    @Override
    public void send(final Message message, final int deliveryMode, final int priority, final long timeToLive)
        throws JMSException
    {
        send(destination, message, deliveryMode, priority, timeToLive, null);
    }

    @Override
    public void send(final Destination destination, final Message message) throws JMSException
    {
        send(destination, message, deliveryMode, priority, timeToLive, null);
    }

    @Override
    public void send(
        final Destination destination,
        final Message message,
        final int deliveryMode,
        final int priority,
        final long timeToLive) throws JMSException
    {
        send(destination, message, deliveryMode, priority, timeToLive, null);
    }

    @Override
    public void send(final Message message, final CompletionListener completionListener) throws JMSException
    {
        send(destination, message, deliveryMode, priority, timeToLive, completionListener);
    }

    @Override
    public void send(
        final Message message,
        final int deliveryMode,
        final int priority,
        final long timeToLive,
        final CompletionListener completionListener) throws JMSException
    {
        send(destination, message, deliveryMode, priority, timeToLive, completionListener);
    }

    @Override
    public void send(final Destination destination, final Message message, final CompletionListener listener)
        throws JMSException
    {
        send(destination, message, deliveryMode, priority, timeToLive, listener);
    }

    @Override
    public void send(
        final Destination destination,
        final Message message,
        final int deliveryMode,
        final int priority,
        final long timeToLive,
        final CompletionListener completionListener) throws JMSException
    {
        checkOpen();
        if (!(destination instanceof InMemoryDestination))
        {
            throw new InvalidDestinationException("not an in-memory destination: " + destination);
        }
        final long now = System.currentTimeMillis();
        message.setJMSDestination(destination);
        message.setJMSDeliveryMode(deliveryMode);
        message.setJMSPriority(priority);
        message.setJMSExpiration(0 == timeToLive ? 0 : now + timeToLive);
        message.setJMSTimestamp(disableMessageTimestamp ? 0 : now);
        message.setJMSMessageID(disableMessageId ? null : session.connection().nextMessageId());
        message.setJMSDeliveryTime(now + deliveryDelay);
        session.connection().sent().add(new Send(message, destination, deliveryMode, priority, timeToLive,
            deliveryDelay, disableMessageId, disableMessageTimestamp, completionListener));
        session.connection().deliver((InMemoryDestination)destination, (InMemoryMessage)message);
        if (null != completionListener)
        {
            session.complete(completionListener, message);
        }
    }

    private void checkOpen() throws IllegalStateException
    {
        if (closed || session.isClosed())
        {
            throw new IllegalStateException("in-memory producer closed");
        }
    }
}
