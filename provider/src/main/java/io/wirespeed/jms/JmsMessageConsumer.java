package io.wirespeed.jms;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;

import javax.jms.IllegalStateException;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageListener;
import javax.jms.Queue;
import javax.jms.QueueReceiver;
import javax.jms.Session;
import javax.jms.Topic;
import javax.jms.TopicSubscriber;

import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.concurrent.IdleStrategy;

import io.wirespeed.jms.consumer.ConsumerSpec;
import io.wirespeed.jms.consumer.JmsSelectors;
import io.wirespeed.jms.consumer.MessageSource;
import io.wirespeed.jms.consumer.QueueHostSource;
import io.wirespeed.jms.consumer.TopicStreamSource;
import io.wirespeed.jms.delivery.DelayedMessages;
import io.wirespeed.jms.delivery.DeliveredConsumer;
import io.wirespeed.jms.delivery.Deliveries;
import io.wirespeed.jms.delivery.RedeliveryQueue;
import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.destination.TopicPattern;
import io.wirespeed.jms.exceptions.JmsExceptions;
import io.wirespeed.jms.message.JmsMessage;
import io.wirespeed.jms.metrics.DestinationCounters;
import io.wirespeed.jms.send.LocalSubscriptions;
import io.wirespeed.jms.wire.MessageDecoder;
import io.wirespeed.selector.Selector;
import io.wirespeed.transport.MessageHandler;

/**
 * A message consumer on a topic, a topic pattern, a queue, or a shared or durable subscription: what it consumes is
 * its {@link ConsumerSpec}, and where its envelopes come from its {@link MessageSource} (the connection's topic
 * streams, or the queue host), which fills its inbox, filters, and keeps what the consumer owes the host. The
 * consumer itself is the same for every kind: the JMS API, synchronous receives (polling on the caller's thread),
 * listener dispatch (on the connection's delivery thread), redelivery of recovered messages, messages held for
 * their delivery time, and the session's acknowledgement.
 * <p>
 * Its public methods beyond the JMS interfaces are the view delivery has of it ({@link DeliveredConsumer}) and the
 * session's: they are for the provider, not for applications, and may change in any release.
 */
public class JmsMessageConsumer
    implements MessageConsumer, TopicSubscriber, QueueReceiver, RedeliveringConsumer, DeliveredConsumer
{
    private final JmsSession session;
    private final JmsConnection connection;
    private final ConsumerSpec spec;
    private final JmsDestination destination;
    private final MessageSource source;
    private final MessageDecoder decoder;
    private final DestinationCounters counters;
    /** Messages and bytes the listener's batch under way received, counted at its end ({@link #countReceived}). */
    private int receivedMessages;
    private long receivedBytes;
    private final RedeliveryQueue redeliveries = new RedeliveryQueue();
    private final DelayedMessages delayed = new DelayedMessages();
    private final ReentrantLock receiveLock = new ReentrantLock();
    private final IdleStrategy idle;
    private final MessageHandler receiveHandler = this::onReceived;
    private final MessageHandler listenerHandler = this::onListenerMessage;
    private final boolean reuseMessages;
    private final boolean recordsReceives;
    private final ExpandableArrayBuffer receivedEnvelope;
    private int receivedEnvelopeLength;
    private volatile MessageListener listener;
    private volatile boolean closed;
    private boolean closeRequestedByListener;
    private boolean inDelivery;
    private JmsMessage received;
    private final AtomicBoolean signalled = new AtomicBoolean();

    /**
     * A consumer as its spec says, subscribed at its source.
     *
     * @param session the session.
     * @param spec    what it consumes.
     * @throws JMSException if the destination may not be read, the selector is invalid, or the subscription
     *                      cannot be made.
     */
    JmsMessageConsumer(final JmsSession session, final ConsumerSpec spec) throws JMSException
    {
        this.session = session;
        this.connection = session.connection();
        this.spec = spec;
        this.destination = spec.destination();
        this.reuseMessages = connection.config().reuseMessages();
        this.decoder = new MessageDecoder(connection.config().deserializationPolicy());
        this.recordsReceives = session.sessionMode() == Session.CLIENT_ACKNOWLEDGE ||
            session.sessionMode() == Session.SESSION_TRANSACTED;
        this.receivedEnvelope = recordsReceives ? new ExpandableArrayBuffer(256) : null;
        this.idle = connection.config().idle().newIdleStrategy();
        connection.checkMayConsume(destination);
        final TopicPattern pattern = spec.pattern();
        final Selector selector = JmsSelectors.compile(spec.selector());
        this.source = spec.servedByQueueHost() ?
            QueueHostSource.open(connection, spec, this::signalDelivery) :
            TopicStreamSource.open(connection, spec, pattern, selector, this);
        decoder.consumerDestination(destination, source.deliversOnlyItsDestination());
        this.counters = connection.metrics().destination(destination);
        connection.countConsumer(destination, 1);
        LocalSubscriptions.created();
        // the source follows the connection's start and stop: a queue host's, subscribed without credit, is sent
        // nothing while the connection is stopped
        connection.addConsumer(this);
    }

    @Override
    public String getMessageSelector() throws JMSException
    {
        checkOpen();
        return spec.selector();
    }

    @Override
    public MessageListener getMessageListener() throws JMSException
    {
        checkOpen();
        return listener;
    }

    @Override
    public void setMessageListener(final MessageListener listener) throws JMSException
    {
        checkOpen();
        this.listener = listener;
        if (listener == null)
        {
            connection.poller().remove(this);
            listen(false);
        }
        else
        {
            listen(true);
            connection.poller().add(this);
        }
    }

    @Override
    public Topic getTopic() throws JMSException
    {
        checkOpen();
        return (Topic)destination;
    }

    @Override
    public Queue getQueue() throws JMSException
    {
        checkOpen();
        return (Queue)destination;
    }

    @Override
    public boolean getNoLocal() throws JMSException
    {
        checkOpen();
        return spec.noLocal();
    }

    @Override
    public Message receive() throws JMSException
    {
        return receive(0, false);
    }

    @Override
    public Message receive(final long timeout) throws JMSException
    {
        return receive(timeout, false);
    }

    @Override
    public Message receiveNoWait() throws JMSException
    {
        return receive(0, true);
    }

    /**
     * Receives as {@link #receive(long)} does: 0 waits for ever, a timeout too long for a nanosecond clock waits for
     * ever too, and a negative one (which the specification leaves open) does not wait, as {@link #receiveNoWait()}.
     */
    private Message receive(final long timeoutMs, final boolean noWait) throws JMSException
    {
        checkOpen();
        if (listener != null)
        {
            throw new IllegalStateException(
                "this consumer has a MessageListener: it cannot also receive synchronously");
        }
        final long start = System.nanoTime();
        final long timeoutNs = 0 == timeoutMs ? Long.MAX_VALUE : TimeUnit.MILLISECONDS.toNanos(Math.max(0, timeoutMs));
        receiveLock.lock();
        try
        {
            idle.reset();
            while (!closed)
            {
                if (connection.isStarted())
                {
                    final JmsMessage redelivery = takeRedelivery();
                    if (redelivery != null)
                    {
                        return deliverSynchronously(redelivery, false);
                    }
                    final JmsMessage message = pollOne();
                    if (message != null)
                    {
                        return deliverSynchronously(message, true);
                    }
                }
                if (noWait || (Long.MAX_VALUE != timeoutNs && System.nanoTime() - start >= timeoutNs))
                {
                    return null;
                }
                idle.idle();
            }
            return null;
        }
        finally
        {
            receiveLock.unlock();
        }
    }

    private void listen(final boolean listening)
    {
        source.listen(listening);
    }

    /** A redelivery or a delayed message waits: no stream or inbox will announce it to the delivery thread. */
    private void onWaiting()
    {
        signalDelivery();
    }

    /**
     * Tells the delivery thread that this consumer has something for its listener that no topic stream announces
     * (a queue host's delivery in its inbox, a redelivery, a delayed message), unless it was told already and has
     * not served the consumer since; any thread. Nothing when no listener is set.
     */
    public void signalDelivery()
    {
        if (null != listener && !closed && !signalled.get() && signalled.compareAndSet(false, true))
        {
            connection.poller().onSignal(this);
        }
    }

    /** The delivery thread is about to serve this consumer: later arrivals signal again. */
    public void clearSignal()
    {
        signalled.set(false);
    }

    /**
     * @return whether this consumer still holds what no stream announces: deliveries its source signals,
     * redeliveries or delayed messages.
     */
    public boolean hasSignalledDeliveries()
    {
        return source.hasDeliveries() || hasWaiting();
    }

    /** @return whether a redelivery or a delayed message waits in this consumer. */
    private boolean hasWaiting()
    {
        return !redeliveries.isEmpty() || !delayed.isEmpty();
    }

    /** @return the decoder of this consumer's envelopes; for tests, to count what it validated. */
    MessageDecoder decoder()
    {
        return decoder;
    }

    /** @return whether the calling delivery thread is inside this consumer's listener; for the session's close. */
    boolean isDeliveringToListener()
    {
        return inDelivery;
    }

    private JmsMessage pollOne()
    {
        received = null;
        while (received == null && source.poll(receiveHandler, 1) > 0)
        {
            idle.reset();
        }
        final JmsMessage message = received;
        received = null;
        return message;
    }

    private void onReceived(final DirectBuffer buffer, final int offset, final int length)
    {
        if (accept(buffer, offset, length))
        {
            received = tag(reuseMessages && !recordsReceives ? decoder.decodeReused() : decoder.decode());
            if (recordsReceives)
            {
                receivedEnvelope.putBytes(0, buffer, offset, length);
                receivedEnvelopeLength = length;
            }
        }
    }

    private JmsMessage tag(final JmsMessage message)
    {
        source.tag(message);
        return message;
    }

    /**
     * Hands a message to a synchronous receive: the session records it until acknowledged, with the envelope it
     * was decoded from (just polled, or kept with a message that waited), or it is acknowledged now.
     */
    private Message deliverSynchronously(final JmsMessage message, final boolean polled) throws JMSException
    {
        prepare(message);
        if (recordsReceives && polled)
        {
            session.deliveries().delivered(this, message, receivedEnvelope, 0, receivedEnvelopeLength);
        }
        else if (recordsReceives)
        {
            session.deliveries().delivered(this, message);
        }
        else
        {
            onAcknowledged(message);
        }
        consumed();
        return message;
    }

    /**
     * Called when a message this consumer delivered is acknowledged: a queue's host forgets it.
     *
     * @param message the acknowledged message.
     */
    void onAcknowledged(final JmsMessage message)
    {
        onAcknowledged(message.deliveryTag());
    }

    /**
     * Called when a message this consumer delivered is acknowledged: a queue's host forgets it.
     *
     * @param deliveryTag the tag the message was delivered with; 0 when it needs no acknowledgement on the wire.
     */
    public boolean onAcknowledged(final long deliveryTag)
    {
        return source.acknowledge(deliveryTag);
    }

    @Override
    public long hostConsumerId()
    {
        return source.hostConsumerId();
    }

    /** A message was handed to the application: the source may ask for another. */
    private void consumed()
    {
        source.consumed();
    }

    private void prepare(final JmsMessage message)
    {
        message.onDispatch();
        if (session.sessionMode() == Session.CLIENT_ACKNOWLEDGE)
        {
            message.setAcknowledgeCallback(acknowledged -> session.acknowledgeAll());
        }
    }

    /**
     * Delivers waiting messages to the listener; called by the connection's delivery thread. Nothing while a
     * listener of this consumer's session runs on that thread (a listener's send waiting out back-pressure has it
     * deliver to other sessions' listeners meanwhile): a session's listeners run one at a time.
     *
     * @param fragmentLimit the most fragments to read.
     * @return the work done.
     */
    public int deliverToListener(final int fragmentLimit)
    {
        if (closed || listener == null || session.isInListener())
        {
            return 0;
        }
        int work = 0;
        inDelivery = true;
        session.inListener(true);
        try
        {
            final JmsMessage redelivery = takeRedelivery();
            if (redelivery != null)
            {
                dispatch(redelivery, null, 0, 0);
                work++;
            }
            else
            {
                work += source.poll(listenerHandler, fragmentLimit);
            }
        }
        finally
        {
            inDelivery = false;
            session.inListener(false);
            countReceived();
        }
        if (closeRequestedByListener)
        {
            completeClose();
        }
        return work;
    }

    private void onListenerMessage(final DirectBuffer buffer, final int offset, final int length)
    {
        if (!closed && listener != null && accept(buffer, offset, length))
        {
            consumed();
            dispatch(tag(reuseMessages ? decoder.decodeReused() : decoder.decode()), buffer, offset, length);
        }
    }

    /**
     * Hands a message to the listener; the session records it (with the envelope it was decoded from: just polled,
     * or kept with a message that waited) until it is acknowledged. In AUTO_ACKNOWLEDGE and DUPS_OK_ACKNOWLEDGE,
     * where it is acknowledged as the listener returns, the session only borrows the envelope for the listener's
     * call (a recover meanwhile delivers the message again from it) and copies it only if the delivery outlives
     * the call unacknowledged.
     *
     * @param envelope the envelope just polled, or null for a message that waited in this consumer.
     */
    private void dispatch(final JmsMessage message, final DirectBuffer envelope, final int offset, final int length)
    {
        final MessageListener current = listener;
        if (current == null || closed)
        {
            redeliverFirst(envelope == null ? message : keepEnvelope(message, envelope, offset, length));
            return;
        }
        prepare(message);
        final Deliveries deliveries = session.deliveries();
        final int mode = session.sessionMode();
        final boolean acknowledgedOnReturn = mode == Session.AUTO_ACKNOWLEDGE || mode == Session.DUPS_OK_ACKNOWLEDGE;
        if (acknowledgedOnReturn)
        {
            deliveries.lend(this, message, envelope, offset, length);
        }
        else if (envelope == null)
        {
            deliveries.delivered(this, message);
        }
        else
        {
            deliveries.delivered(this, message, envelope, offset, length);
        }
        try
        {
            try
            {
                current.onMessage(message);
            }
            catch (final RuntimeException ex)
            {
                onListenerFailure(message, ex);
                return;
            }
            if (acknowledgedOnReturn && !session.isClosed())
            {
                deliveries.acknowledgeAll();
            }
        }
        finally
        {
            if (acknowledgedOnReturn)
            {
                deliveries.keepLent();
            }
        }
    }

    private void onListenerFailure(final JmsMessage message, final RuntimeException failure)
    {
        final int mode = session.sessionMode();
        if ((mode == Session.AUTO_ACKNOWLEDGE || mode == Session.DUPS_OK_ACKNOWLEDGE) && !message.getJMSRedelivered())
        {
            session.deliveries().recover();
        }
        else if (mode == Session.AUTO_ACKNOWLEDGE || mode == Session.DUPS_OK_ACKNOWLEDGE)
        {
            session.deliveries().acknowledgeAll();
        }
        connection.onAsyncException(JmsExceptions.wrap("the MessageListener on '" + destination + "' threw " +
            failure + (message.getJMSRedelivered() ? "; the message will be delivered once more" : ""), failure));
    }

    /**
     * Whether an envelope just polled is one to hand over; its source says, once the decoder could read it. What
     * the source says was validated when it was read is not validated again.
     */
    private boolean accept(final DirectBuffer buffer, final int offset, final int length)
    {
        if (source.isValidated())
        {
            decoder.wrapValidated(buffer, offset, length);
        }
        else if (!decoder.wrap(buffer, offset, length))
        {
            connection.onAsyncException(new JMSException("dropped a malformed message on '" + destination + "': " +
                decoder.lastError()));
            source.discard();
            return false;
        }
        switch (source.admit(decoder))
        {
            case DELIVER:
                if (inDelivery)
                {
                    // counted once the listener's batch is over: four atomic adds a batch, not a message
                    receivedMessages++;
                    receivedBytes += length;
                }
                else
                {
                    counters.onReceived(1, length);
                }
                return true;
            case HOLD:
                holdUntilDue(keepEnvelope(decoder.decode(), buffer, offset, length));
                return false;
            default:
                return false;
        }
    }

    /** Adds what the listener's batch received to the destination's counters. */
    private void countReceived()
    {
        if (0 != receivedMessages)
        {
            counters.onReceived(receivedMessages, receivedBytes);
            receivedMessages = 0;
            receivedBytes = 0;
        }
    }

    /**
     * Keeps a copy of the envelope a message was decoded from with a message that will wait in this consumer, so
     * that its session can deliver it again as it arrived.
     */
    private static JmsMessage keepEnvelope(
        final JmsMessage message, final DirectBuffer envelope, final int offset, final int length)
    {
        final byte[] copy = new byte[length];
        envelope.getBytes(offset, copy);
        message.receivedEnvelope(copy);
        return message;
    }

    private void holdUntilDue(final JmsMessage message)
    {
        delayed.hold(message);
        onWaiting();
    }

    private JmsMessage takeRedelivery()
    {
        final JmsMessage redelivery = redeliveries.poll();
        return null != redelivery ? redelivery : delayed.takeDue(connection.clock());
    }

    /**
     * Takes back a message its session recovered or rolled back: this consumer delivers it again, or, once
     * closed, gives it back to the queue host, marked redelivered (a closed topic consumer's message is gone).
     *
     * @param message the message, already marked redelivered.
     */
    public void onRecovered(final JmsMessage message)
    {
        if (!closed)
        {
            redeliverFirst(message);
        }
        else
        {
            source.giveBack(message.deliveryTag());
        }
    }

    /**
     * The connection stopped: a consumer served by the queue host takes nothing more, and what the host had
     * sent it ahead goes back to the queue in order. Called by the connection, which serialises start and stop.
     *
     * @throws JMSException if the queue host cannot be reached.
     */
    public void pauseQueueDelivery() throws JMSException
    {
        if (!closed)
        {
            source.pause();
        }
    }

    /**
     * The connection started: a consumer served by the queue host opens its credit window again, from one message
     * (see {@link QueueHostSource#consumed()}). Called by the connection, which serialises start and stop.
     *
     * @throws JMSException if the queue host cannot be reached.
     */
    public void resumeQueueDelivery() throws JMSException
    {
        if (!closed)
        {
            source.resume();
        }
    }

    /**
     * Puts a recovered message at the head of this consumer, to be delivered again before anything newer.
     *
     * @param message the message, already marked redelivered.
     */
    void redeliverFirst(final JmsMessage message)
    {
        redeliveries.addFirst(message);
        onWaiting();
    }

    /** @return the destination this consumer consumes from. */
    public JmsDestination destination()
    {
        return destination;
    }

    @Override
    public void redeliver(final Message message) throws JMSException
    {
        checkOpen();
        if (!(message instanceof JmsMessage))
        {
            throw new JMSException("only messages received from Wirespeed can be redelivered");
        }
        redeliverFirst((JmsMessage)message);
    }

    private void checkOpen() throws IllegalStateException
    {
        if (closed)
        {
            throw JmsExceptions.closed("consumer");
        }
        session.checkOpen();
    }

    @Override
    public void close() throws JMSException
    {
        if (closed)
        {
            return;
        }
        closed = true;
        if (connection.poller().isPollerThread())
        {
            connection.poller().remove(this);
            if (inDelivery)
            {
                closeRequestedByListener = true;
                session.onConsumerClosed(this);
            }
            else
            {
                completeClose();
            }
            return;
        }
        connection.poller().whileIdle(() -> connection.poller().remove(this));
        receiveLock.lock();
        try
        {
            completeClose();
        }
        finally
        {
            receiveLock.unlock();
        }
    }

    private void completeClose()
    {
        closeRequestedByListener = false;
        connection.removeConsumer(this);
        source.close(session.deliveries().holds(this));
        connection.countConsumer(destination, -1);
        session.onConsumerClosed(this);
    }

    @Override
    public String toString()
    {
        return "JmsMessageConsumer[" + destination + "]";
    }
}
