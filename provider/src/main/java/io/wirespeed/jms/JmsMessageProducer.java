package io.wirespeed.jms;

import javax.jms.CompletionListener;
import javax.jms.DeliveryMode;
import javax.jms.Destination;
import javax.jms.IllegalStateException;
import javax.jms.InvalidDestinationException;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageFormatException;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.QueueSender;
import javax.jms.Topic;
import javax.jms.TopicPublisher;

import io.wirespeed.jms.delivery.ListenerThreads;
import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.exceptions.JmsExceptions;
import io.wirespeed.jms.message.JmsMessage;
import io.wirespeed.jms.send.SendArguments;
import io.wirespeed.jms.send.SendRoute;
import io.wirespeed.jms.wire.ConnectionId;
import io.wirespeed.jms.wire.ForeignMessages;

/**
 * A message producer. It stamps the headers on each message (id, timestamp, expiration, delivery
 * time, delivery mode, priority, destination) and hands it to the session's sender. Expiration and delivery time
 * saturate at {@code Long.MAX_VALUE}; a time to live of zero or less never expires and a delivery delay of zero or
 * less delivers at once (the specification names no exception for negative values). Sending a
 * reused Wirespeed message allocates nothing once warm: the message id is a per-producer prefix
 * plus a sequence, turned into a String only if the application asks for it.
 */
public class JmsMessageProducer implements MessageProducer, TopicPublisher, QueueSender
{
    private final JmsSession session;
    private final JmsDestination destination;
    private final int id;
    private final String messageIdPrefix;
    private SendRoute fixedRoute;
    private long sequence;
    private int deliveryMode = DeliveryMode.PERSISTENT;
    private int priority = Message.DEFAULT_PRIORITY;
    private long timeToLive = Message.DEFAULT_TIME_TO_LIVE;
    private long deliveryDelay = Message.DEFAULT_DELIVERY_DELAY;
    private boolean disableMessageId;
    private boolean disableTimestamp;
    private volatile boolean closed;

    JmsMessageProducer(final JmsSession session, final JmsDestination destination) throws JMSException
    {
        this.session = session;
        this.destination = destination;
        this.id = session.nextProducerId();
        this.messageIdPrefix = ConnectionId.messageIdPrefix(
            session.connection().senderId().high(), session.connection().senderId().low(), session.id(), id);
        if (destination != null)
        {
            this.fixedRoute = session.sender().route(destination);
        }
    }

    @Override
    public void setDisableMessageID(final boolean value) throws JMSException
    {
        checkOpen();
        disableMessageId = value;
    }

    @Override
    public boolean getDisableMessageID() throws JMSException
    {
        checkOpen();
        return disableMessageId;
    }

    @Override
    public void setDisableMessageTimestamp(final boolean value) throws JMSException
    {
        checkOpen();
        disableTimestamp = value;
    }

    @Override
    public boolean getDisableMessageTimestamp() throws JMSException
    {
        checkOpen();
        return disableTimestamp;
    }

    @Override
    public void setDeliveryMode(final int deliveryMode) throws JMSException
    {
        checkOpen();
        SendArguments.checkDeliveryMode(deliveryMode);
        this.deliveryMode = deliveryMode;
    }

    @Override
    public int getDeliveryMode() throws JMSException
    {
        checkOpen();
        return deliveryMode;
    }

    @Override
    public void setPriority(final int priority) throws JMSException
    {
        checkOpen();
        SendArguments.checkPriority(priority);
        this.priority = priority;
    }

    @Override
    public int getPriority() throws JMSException
    {
        checkOpen();
        return priority;
    }

    /** {@inheritDoc} A negative value throws {@link JMSException}. */
    @Override
    public void setTimeToLive(final long timeToLive) throws JMSException
    {
        checkOpen();
        SendArguments.checkTimeToLive(timeToLive);
        this.timeToLive = timeToLive;
    }

    @Override
    public long getTimeToLive() throws JMSException
    {
        checkOpen();
        return timeToLive;
    }

    /** {@inheritDoc} A negative value throws {@link JMSException}. */
    @Override
    public void setDeliveryDelay(final long deliveryDelay) throws JMSException
    {
        checkOpen();
        SendArguments.checkDeliveryDelay(deliveryDelay);
        this.deliveryDelay = deliveryDelay;
    }

    @Override
    public long getDeliveryDelay() throws JMSException
    {
        checkOpen();
        return deliveryDelay;
    }

    @Override
    public Destination getDestination() throws JMSException
    {
        checkOpen();
        return destination;
    }

    @Override
    public Topic getTopic() throws JMSException
    {
        return (Topic)getDestination();
    }

    @Override
    public Queue getQueue() throws JMSException
    {
        return (Queue)getDestination();
    }

    @Override
    public void send(final Message message) throws JMSException
    {
        send(message, deliveryMode, priority, timeToLive);
    }

    @Override
    public void send(final Message message, final int deliveryMode, final int priority, final long timeToLive)
        throws JMSException
    {
        checkOpen();
        if (destination == null)
        {
            throw new UnsupportedOperationException(
                "this producer was created without a destination: use send(destination, message)");
        }
        doSend(destination, message, deliveryMode, priority, timeToLive, null);
    }

    @Override
    public void send(final Destination destination, final Message message) throws JMSException
    {
        send(destination, message, deliveryMode, priority, timeToLive);
    }

    @Override
    public void send(
        final Destination destination, final Message message, final int deliveryMode, final int priority,
        final long timeToLive) throws JMSException
    {
        checkOpen();
        doSend(anonymousTarget(destination), message, deliveryMode, priority, timeToLive, null);
    }

    @Override
    public void send(final Message message, final CompletionListener completionListener) throws JMSException
    {
        send(message, deliveryMode, priority, timeToLive, completionListener);
    }

    @Override
    public void send(
        final Message message, final int deliveryMode, final int priority, final long timeToLive,
        final CompletionListener completionListener) throws JMSException
    {
        checkOpen();
        if (destination == null)
        {
            throw new UnsupportedOperationException(
                "this producer was created without a destination: use send(destination, message, listener)");
        }
        doSend(destination, message, deliveryMode, priority, timeToLive, checkListener(completionListener));
    }

    @Override
    public void send(final Destination destination, final Message message, final CompletionListener completionListener)
        throws JMSException
    {
        send(destination, message, deliveryMode, priority, timeToLive, completionListener);
    }

    @Override
    public void send(
        final Destination destination, final Message message, final int deliveryMode, final int priority,
        final long timeToLive, final CompletionListener completionListener) throws JMSException
    {
        checkOpen();
        doSend(anonymousTarget(destination), message, deliveryMode, priority, timeToLive,
            checkListener(completionListener));
    }

    @Override
    public void publish(final Message message) throws JMSException
    {
        send(message);
    }

    @Override
    public void publish(final Message message, final int deliveryMode, final int priority, final long timeToLive)
        throws JMSException
    {
        send(message, deliveryMode, priority, timeToLive);
    }

    @Override
    public void publish(final Topic topic, final Message message) throws JMSException
    {
        send(topic, message);
    }

    @Override
    public void publish(
        final Topic topic, final Message message, final int deliveryMode, final int priority, final long timeToLive)
        throws JMSException
    {
        send(topic, message, deliveryMode, priority, timeToLive);
    }

    @Override
    public void send(final Queue queue, final Message message) throws JMSException
    {
        send((Destination)queue, message);
    }

    @Override
    public void send(
        final Queue queue, final Message message, final int deliveryMode, final int priority, final long timeToLive)
        throws JMSException
    {
        send((Destination)queue, message, deliveryMode, priority, timeToLive);
    }

    private JmsDestination anonymousTarget(final Destination target) throws JMSException
    {
        if (destination != null)
        {
            throw new UnsupportedOperationException("this producer was created for '" + destination +
                "': use send(message), or create a producer with a null destination to name one per send");
        }
        if (target == null)
        {
            throw new InvalidDestinationException("the destination must not be null");
        }
        return JmsDestination.ofGiven(target, false);
    }

    private void doSend(
        final JmsDestination target, final Message message, final int deliveryMode, final int priority,
        final long timeToLive, final CompletionListener completionListener) throws JMSException
    {
        if (message == null)
        {
            throw new MessageFormatException("the message to send must not be null");
        }
        SendArguments.checkDeliveryMode(deliveryMode);
        SendArguments.checkPriority(priority);
        SendArguments.checkTimeToLive(timeToLive);
        final JmsMessage jmsMessage =
            message instanceof JmsMessage ? (JmsMessage)message : ForeignMessages.copy(message);
        final long now = session.connection().clock().time();
        final long timestamp = disableTimestamp ? 0 : now;
        final long expiration = timeToLive > 0 ? saturatedSum(now, timeToLive) : 0;
        final long deliveryTime = saturatedSum(now, Math.max(0, deliveryDelay));
        sequence++;
        stamp(jmsMessage, target, deliveryMode, priority, timestamp, expiration, deliveryTime);
        jmsMessage.stampSendTime(now);
        if (jmsMessage != message)
        {
            stamp(message, target, deliveryMode, priority, timestamp, expiration, deliveryTime);
            message.setJMSMessageID(jmsMessage.getJMSMessageID());
        }
        final SendRoute route = target == destination ? fixedRoute : session.sender().route(target);
        session.sender().send(route, jmsMessage, id, completionListener, message);
    }

    private void stamp(
        final JmsMessage message, final JmsDestination target, final int deliveryMode, final int priority,
        final long timestamp, final long expiration, final long deliveryTime)
    {
        message.setJMSDestination(target);
        message.setJMSDeliveryMode(deliveryMode);
        message.setJMSPriority(priority);
        message.setJMSTimestamp(timestamp);
        message.setJMSExpiration(expiration);
        message.setJMSDeliveryTime(deliveryTime);
        message.setJMSRedelivered(false);
        message.setDeliveryCount(1);
        if (disableMessageId)
        {
            message.clearMessageId();
        }
        else
        {
            message.setMessageId(messageIdPrefix, sequence);
        }
    }

    private static void stamp(
        final Message message, final JmsDestination target, final int deliveryMode, final int priority,
        final long timestamp, final long expiration, final long deliveryTime) throws JMSException
    {
        message.setJMSDestination(target);
        message.setJMSDeliveryMode(deliveryMode);
        message.setJMSPriority(priority);
        message.setJMSTimestamp(timestamp);
        message.setJMSExpiration(expiration);
        message.setJMSDeliveryTime(deliveryTime);
    }

    /**
     * A time plus a non-negative span, capped at {@code Long.MAX_VALUE}: the largest time to live never expires and
     * the largest delivery delay never comes, instead of wrapping into the past.
     */
    private static long saturatedSum(final long time, final long span)
    {
        return span > Long.MAX_VALUE - time ? Long.MAX_VALUE : time + span;
    }

    private static CompletionListener checkListener(final CompletionListener listener)
    {
        if (listener == null)
        {
            throw new IllegalArgumentException("the CompletionListener must not be null: use send without one");
        }
        return listener;
    }

    private void checkOpen() throws IllegalStateException
    {
        if (closed)
        {
            throw JmsExceptions.closed("producer");
        }
        session.checkOpen();
    }

    @Override
    public void close() throws IllegalStateException
    {
        if (ListenerThreads.completionListenerSession() == session)
        {
            throw new IllegalStateException(
                "a CompletionListener must not close its own producer: close it from another thread");
        }
        if (!closed)
        {
            session.completions().awaitIdle();
            closed = true;
            session.onProducerClosed(this);
        }
    }

    @Override
    public String toString()
    {
        return "JmsMessageProducer[" + messageIdPrefix + (destination == null ? "anonymous" : destination) + "]";
    }
}
