package io.wirespeed.jms;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;

import javax.jms.IllegalStateException;
import javax.jms.InvalidDestinationException;
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

import io.wirespeed.jms.config.TopicRouting;
import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.destination.TopicPattern;
import io.wirespeed.jms.exceptions.JmsExceptions;
import io.wirespeed.jms.message.JmsMessage;
import io.wirespeed.jms.metrics.DestinationCounters;
import io.wirespeed.jms.queue.QueueClient;
import io.wirespeed.jms.queue.QueueInbox;
import io.wirespeed.jms.transport.TransportChannel;
import io.wirespeed.jms.wire.MessageDecoder;
import io.wirespeed.selector.EnvelopeSelectorSource;
import io.wirespeed.selector.Selector;
import io.wirespeed.transport.MessageHandler;
import io.wirespeed.transport.TransportSubscription;

/**
 * A message consumer on a topic or queue. A topic consumer reads its topic's envelopes from the stream the topic
 * shares with others ({@link TopicSource}; one transport subscription per stream and connection) and filters them
 * in place, before any message object exists: the connection's own messages under noLocal, expired messages,
 * the selector. Synchronous receives poll on the caller's thread; with a listener, the connection's delivery
 * thread polls and calls it.
 */
public class JmsMessageConsumer implements MessageConsumer, TopicSubscriber, QueueReceiver, RedeliveringConsumer
{
    private final JmsSession session;
    private final JmsConnection connection;
    private final JmsDestination destination;
    private final String selector;
    private final boolean noLocal;
    private final TransportSubscription subscription;
    private final TopicFeed topicSource;
    private final TopicPattern pattern;
    private final MessageDecoder decoder;
    private final DestinationCounters counters;
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
    private final Selector compiledSelector;
    private final EnvelopeSelectorSource selectorSource = new EnvelopeSelectorSource();
    private final QueueClient queueClient;
    private final QueueInbox inbox;
    private final AtomicBoolean queueSignalled = new AtomicBoolean();
    private final long consumerId;
    private final int creditBatch;
    private int consumedSinceCredit;
    private int window;
    private boolean paused = true;

    JmsMessageConsumer(
        final JmsSession session, final JmsDestination destination, final String selector, final boolean noLocal,
        final String sharedSubscription) throws JMSException
    {
        this(session, destination, selector, noLocal, sharedSubscription, null);
    }

    /**
     * A consumer on a topic, a queue, a shared subscription or a durable subscription.
     *
     * @param session            the session.
     * @param destination        the topic or queue.
     * @param selector           the selector, or null.
     * @param noLocal            whether the connection's own messages are left out.
     * @param sharedSubscription a shared or durable subscription's key (client id "/" name), or null.
     * @param durableShared      null for a non-durable consumer; for a durable one whether the subscription is shared.
     * @throws JMSException if the subscription cannot be made.
     */
    JmsMessageConsumer(
        final JmsSession session, final JmsDestination destination, final String selector, final boolean noLocal,
        final String sharedSubscription, final Boolean durableShared) throws JMSException
    {
        this.session = session;
        this.connection = session.connection();
        this.destination = destination;
        this.selector = selector == null || selector.isBlank() ? null : selector;
        this.noLocal = noLocal;
        this.reuseMessages = connection.config().reuseMessages();
        this.decoder = new MessageDecoder(connection.config().deserializationPolicy());
        this.recordsReceives = session.sessionMode() == Session.CLIENT_ACKNOWLEDGE ||
            session.sessionMode() == Session.SESSION_TRANSACTED;
        this.receivedEnvelope = recordsReceives ? new ExpandableArrayBuffer(256) : null;
        this.idle = connection.config().idle().newIdleStrategy();
        this.creditBatch = Math.max(1, connection.config().queuePrefetch() / 2);
        connection.checkMayConsume(destination);
        this.pattern = wildcardOf(destination, sharedSubscription, durableShared);
        this.compiledSelector = JmsSelectors.compile(this.selector);
        if (!destination.isTopic() || sharedSubscription != null)
        {
            final TransportChannel recorded = durableShared != null ? connection.durableChannelFor(destination.name()) :
                null;
            this.queueClient = durableShared != null ? connection.durableQueueClient() : connection.queueClient();
            this.consumerId = queueClient.nextId();
            final String selectorText = this.selector == null ? "" : this.selector;
            if (durableShared != null)
            {
                this.inbox = queueClient.subscribeDurable(destination.name(), selectorText, sharedSubscription,
                    recorded.channel(), connection.routing().streamId(destination.name()), durableShared, noLocal, 0,
                    consumerId);
            }
            else if (destination.isTopic())
            {
                final TransportChannel target = connection.channelFor(destination.name());
                this.inbox = queueClient.subscribeShared(destination.name(), selectorText, sharedSubscription,
                    target.channel(), connection.routing().streamId(destination.name()), 0, consumerId);
            }
            else
            {
                this.inbox = queueClient.subscribe(destination.name(), selectorText, 0, consumerId);
            }
            this.subscription = inbox;
            this.topicSource = null;
            inbox.onArrival(this::signalQueueDelivery);
        }
        else
        {
            this.queueClient = null;
            this.inbox = null;
            this.consumerId = 0;
            this.topicSource = null == pattern ? connection.topicStreams().open(
                connection.channelFor(destination.name()), connection.routing().streamId(destination.name()),
                destination, null, this) : openPattern(pattern);
            this.subscription = topicSource;
        }
        decoder.consumerDestination(destination);
        this.counters = connection.metrics().destination(destination);
        connection.countConsumer(destination, 1);
        LocalSubscriptions.created();
        if (inbox != null)
        {
            // subscribed without credit: the host sends a consumer nothing while its connection is stopped
            connection.addQueueConsumer(this);
        }
    }

    /** The wildcard pattern of a plain topic consumer's destination, checked; null for one topic. */
    private static TopicPattern wildcardOf(
        final JmsDestination destination, final String sharedSubscription, final Boolean durableShared)
        throws JMSException
    {
        if (!destination.isTopic() || !TopicPattern.isWildcard(destination.name()))
        {
            return null;
        }
        final TopicPattern pattern = TopicPattern.parse(destination.name());
        if (null != sharedSubscription)
        {
            throw new InvalidDestinationException((null != durableShared ? "durable" : "shared") +
                " subscriptions on wildcard topics such as '" + destination.name() + "' are not supported yet: " +
                "the queue host keeps such a subscription from one topic's stream, and does not yet follow the " +
                "topics a pattern matches as they appear; use a non-durable, unshared consumer on the pattern, " +
                "or a durable or shared subscription per topic");
        }
        return pattern;
    }

    /** Opens a source on every partition stream of every channel the pattern's topics may travel on. */
    private PatternSource openPattern(final TopicPattern pattern) throws JMSException
    {
        final TopicRouting routing = connection.routing();
        final List<TopicSource> sources = new ArrayList<>();
        try
        {
            for (final String channel : routing.channels(pattern))
            {
                final TransportChannel target = connection.transportChannel(channel, destination.name());
                if (!TopicRouting.isSingleStream(channel))
                {
                    connection.resolution().watch(target);
                }
                for (int i = 0, range = routing.streamIdRange(channel); i < range; i++)
                {
                    sources.add(connection.topicStreams().open(
                        target, routing.streamIdBase() + i, destination, pattern, this));
                }
            }
        }
        catch (final JMSException | RuntimeException ex)
        {
            for (final TopicSource source : sources)
            {
                source.close();
            }
            throw ex;
        }
        return new PatternSource(sources.toArray(new TopicSource[0]));
    }

    @Override
    public String getMessageSelector() throws JMSException
    {
        checkOpen();
        return selector;
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
        return noLocal;
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
        if (null != topicSource)
        {
            topicSource.listen(listening);
        }
    }

    /** @return whether this consumer reads a shared topic stream, which the delivery thread polls for it. */
    boolean isTopicStreamConsumer()
    {
        return null != topicSource;
    }

    /** A redelivery or a delayed message waits: no stream or inbox will announce it to the delivery thread. */
    private void onWaiting()
    {
        if (null != inbox)
        {
            signalQueueDelivery();
        }
        else
        {
            connection.poller().onBacklog();
        }
    }

    /**
     * Tells the delivery thread that this queue-host consumer has something for its listener, unless it was told
     * already and has not served the consumer since; any thread. Nothing when no listener is set.
     */
    void signalQueueDelivery()
    {
        if (null != listener && !closed && !queueSignalled.get() && queueSignalled.compareAndSet(false, true))
        {
            connection.poller().onQueueDelivery(this);
        }
    }

    /** The delivery thread is about to serve this consumer: later arrivals signal again. */
    void clearQueueSignal()
    {
        queueSignalled.set(false);
    }

    /** @return whether this queue-host consumer still holds deliveries, redeliveries or delayed messages. */
    boolean hasQueueDeliveries()
    {
        return null != inbox && (inbox.size() > 0 || hasWaiting());
    }

    /** @return whether a redelivery or a delayed message waits in this consumer; for the delivery thread. */
    boolean hasWaiting()
    {
        return !redeliveries.isEmpty() || !delayed.isEmpty();
    }

    /** @return whether the calling delivery thread is inside this consumer's listener; for the session's close. */
    boolean isDeliveringToListener()
    {
        return inDelivery;
    }

    private JmsMessage pollOne()
    {
        received = null;
        while (received == null && subscription.poll(receiveHandler, 1) > 0)
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
        if (inbox != null)
        {
            message.setDeliveryTag(inbox.currentDeliveryId());
            message.setDeliveryCount(inbox.currentDeliveryCount());
            message.setJMSRedelivered(inbox.currentDeliveryCount() > 1);
        }
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
    void onAcknowledged(final long deliveryTag)
    {
        if (queueClient != null && deliveryTag != 0)
        {
            try
            {
                queueClient.acknowledge(consumerId, deliveryTag);
            }
            catch (final JMSException ex)
            {
                connection.onAsyncException(ex);
            }
        }
    }

    /**
     * Returns credit for a message handed over. The window opens as TCP's slow start does: one credit at first,
     * then each message consumed returns its credit and one more, until the window is the prefetch; after that
     * credit goes back in batches. So a consumer that arrives at a full queue takes one message, not its whole
     * prefetch, and the consumers that arrive while it works on it get their share; a fast consumer reaches its
     * full prefetch within a few round trips.
     */
    private void consumed()
    {
        if (queueClient != null && window < connection.config().queuePrefetch())
        {
            try
            {
                queueClient.credit(consumerId, ++consumedSinceCredit + 1);
                window++;
            }
            catch (final JMSException ex)
            {
                connection.onAsyncException(ex);
            }
            consumedSinceCredit = 0;
        }
        else if (queueClient != null && ++consumedSinceCredit >= creditBatch)
        {
            try
            {
                queueClient.credit(consumerId, consumedSinceCredit);
            }
            catch (final JMSException ex)
            {
                connection.onAsyncException(ex);
            }
            consumedSinceCredit = 0;
        }
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
     * Delivers waiting messages to the listener; called by the connection's delivery thread.
     *
     * @param fragmentLimit the most fragments to read.
     * @return the work done.
     */
    int deliverToListener(final int fragmentLimit)
    {
        if (closed || listener == null)
        {
            return 0;
        }
        int work = 0;
        inDelivery = true;
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
                work += subscription.poll(listenerHandler, fragmentLimit);
            }
        }
        finally
        {
            inDelivery = false;
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
     * or kept with a message that waited) until it is acknowledged.
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
        if (envelope == null)
        {
            session.deliveries().delivered(this, message);
        }
        else
        {
            session.deliveries().delivered(this, message, envelope, offset, length);
        }
        try
        {
            current.onMessage(message);
        }
        catch (final RuntimeException ex)
        {
            onListenerFailure(message, ex);
            return;
        }
        final int mode = session.sessionMode();
        if ((mode == Session.AUTO_ACKNOWLEDGE || mode == Session.DUPS_OK_ACKNOWLEDGE) && !session.isClosed())
        {
            session.deliveries().acknowledgeAll();
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

    private boolean accept(final DirectBuffer buffer, final int offset, final int length)
    {
        if (inbox != null && !acceptDelivery(buffer, offset, length))
        {
            discardDelivery();
            return false;
        }
        final boolean accepted = inbox != null || acceptFromTopic(buffer, offset, length);
        if (accepted)
        {
            counters.onReceived(length);
        }
        return accepted;
    }

    private boolean acceptDelivery(final DirectBuffer buffer, final int offset, final int length)
    {
        if (!wrapChecked(buffer, offset, length) || !decoder.isFor(destination))
        {
            return false;
        }
        final long expiration = decoder.expiration();
        return expiration == 0 || expiration > connection.clock().time();
    }

    /**
     * A delivery from the queue host that the application will never see (expired on the way, or
     * malformed): acknowledged, so the host forgets it, and its credit returned, so the consumer
     * is not starved by messages that expired in its prefetch buffer.
     */
    private void discardDelivery()
    {
        try
        {
            queueClient.acknowledge(consumerId, inbox.currentDeliveryId());
        }
        catch (final JMSException ex)
        {
            connection.onAsyncException(ex);
        }
        consumed();
    }

    /**
     * Whether a topic envelope from this consumer's inbox is one to hand over. Its stream put it there only after
     * comparing its kind and name with this consumer's topic or pattern, so that is not checked again; the clock is
     * read only for a message that can expire or was sent with a delay.
     */
    private boolean acceptFromTopic(final DirectBuffer buffer, final int offset, final int length)
    {
        if (!wrapChecked(buffer, offset, length))
        {
            return false;
        }
        if (noLocal && connection.sent(decoder))
        {
            return false;
        }
        final long now = decoder.isTimed() ? connection.clock().time() : Long.MIN_VALUE;
        final long expiration = decoder.expiration();
        if (expiration != 0 && expiration <= now)
        {
            return false;
        }
        if (compiledSelector != null && !compiledSelector.matches(selectorSource.wrap(decoder.reader())))
        {
            return false;
        }
        if (Long.MIN_VALUE != now && decoder.deliveryTime() > now)
        {
            holdUntilDue(keepEnvelope(decoder.decode(), buffer, offset, length));
            return false;
        }
        return true;
    }

    private boolean wrapChecked(final DirectBuffer buffer, final int offset, final int length)
    {
        if (!decoder.wrap(buffer, offset, length))
        {
            connection.onAsyncException(new JMSException("dropped a malformed message on '" + destination + "': " +
                decoder.lastError()));
            return false;
        }
        return true;
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
    void onRecovered(final JmsMessage message)
    {
        if (!closed)
        {
            redeliverFirst(message);
        }
        else if (queueClient != null && message.deliveryTag() != 0)
        {
            try
            {
                queueClient.giveBack(consumerId, message.deliveryTag());
            }
            catch (final JMSException ex)
            {
                connection.onAsyncException(ex);
            }
        }
    }

    /**
     * The connection stopped: a consumer served by the queue host takes nothing more, and what the host had
     * sent it ahead goes back to the queue in order. Called by the connection, which serialises start and stop.
     *
     * @throws JMSException if the queue host cannot be reached.
     */
    void pauseQueueDelivery() throws JMSException
    {
        if (inbox != null && !paused && !closed)
        {
            paused = true;
            queueClient.pause(consumerId);
            consumedSinceCredit = 0;
        }
    }

    /**
     * The connection started: a consumer served by the queue host opens its credit window again, from one message
     * (see {@link #consumed()}). Called by the connection, which serialises start and stop.
     *
     * @throws JMSException if the queue host cannot be reached.
     */
    void resumeQueueDelivery() throws JMSException
    {
        if (inbox != null && paused && !closed)
        {
            paused = false;
            window = 1;
            queueClient.credit(consumerId, window);
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
    JmsDestination destination()
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
        subscription.close();
        if (queueClient != null)
        {
            connection.removeQueueConsumer(this);
            try
            {
                queueClient.close(consumerId, session.deliveries().holds(this));
            }
            catch (final JMSException ex)
            {
                connection.onAsyncException(ex);
            }
        }
        connection.countConsumer(destination, -1);
        session.onConsumerClosed(this);
    }

    @Override
    public String toString()
    {
        return "JmsMessageConsumer[" + destination + "]";
    }
}
