package io.wirespeed.jms.consumer;

import javax.jms.JMSException;

import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.hostclient.QueueClient;
import io.wirespeed.jms.hostclient.QueueInbox;
import io.wirespeed.jms.message.JmsMessage;
import io.wirespeed.jms.transport.TransportChannel;
import io.wirespeed.jms.wire.MessageDecoder;
import io.wirespeed.transport.MessageHandler;

/**
 * A consumer's source at the queue host: a queue, a shared subscription or a durable one (shared or not), which
 * differ only in how they subscribe. The source creates and owns the consumer's one {@link QueueInbox} and hands it
 * to the queue client, which routes the consumer's deliveries into it until the source closes. The host selects,
 * and sends ahead at most the credit this source returns into that inbox; the source tags each message with its
 * delivery id and count, acknowledges, gives back, and returns credit in a window that opens as TCP's slow start
 * does. Subscribed without credit: the
 * connection's start gives the first ({@link #resume()}).
 */
public final class QueueHostSource implements MessageSource
{
    private final SourceConnection connection;
    private final JmsDestination destination;
    private final QueueClient client;
    private final long consumerId;
    private final QueueInbox inbox;
    private final int prefetch;
    private final int creditBatch;
    private int consumedSinceCredit;
    private int window;
    private boolean paused = true;

    private QueueHostSource(
        final SourceConnection connection, final JmsDestination destination, final QueueClient client,
        final long consumerId, final QueueInbox inbox)
    {
        this.connection = connection;
        this.destination = destination;
        this.client = client;
        this.consumerId = consumerId;
        this.inbox = inbox;
        this.prefetch = connection.config().queuePrefetch();
        this.creditBatch = Math.max(1, prefetch / 2);
    }

    /**
     * Subscribes at the queue host as the spec says: to a queue, a shared subscription or a durable one, without
     * credit yet.
     *
     * @param connection the consumer's connection.
     * @param spec       what the consumer consumes; served by the queue host.
     * @param onArrival  called on the thread that adds each delivery to the inbox.
     * @return the source.
     * @throws JMSException if the host refuses (a bad selector, an active durable consumer, ...) or cannot be reached.
     */
    public static QueueHostSource open(
        final SourceConnection connection, final ConsumerSpec spec, final Runnable onArrival) throws JMSException
    {
        final JmsDestination destination = spec.destination();
        final String name = destination.name();
        final QueueInbox inbox = new QueueInbox(name);
        inbox.onArrival(onArrival);
        final QueueClient client;
        final long consumerId;
        if (spec.durable())
        {
            final TransportChannel recorded = connection.durableChannelFor(name);
            client = connection.durableQueueClient();
            consumerId = client.nextId();
            client.subscribeDurable(name, spec.selectorOrEmpty(),
                spec.subscriptionKey(connection.getClientID()), recorded.channel(),
                connection.routing().streamId(name), spec.shared(), spec.noLocal(), 0, consumerId, inbox);
        }
        else if (spec.shared())
        {
            client = connection.queueClient();
            consumerId = client.nextId();
            final TransportChannel target = connection.channelFor(name);
            client.subscribeShared(name, spec.selectorOrEmpty(),
                spec.subscriptionKey(connection.getClientID()), target.channel(),
                connection.routing().streamId(name), 0, consumerId, inbox);
        }
        else
        {
            client = connection.queueClient();
            consumerId = client.nextId();
            client.subscribe(name, spec.selectorOrEmpty(), 0, consumerId, inbox);
        }
        return new QueueHostSource(connection, destination, client, consumerId, inbox);
    }

    @Override
    public int poll(final MessageHandler handler, final int limit)
    {
        return inbox.poll(handler, limit);
    }

    /** The host selected already; a delivery for another destination (or expired on the way) is discarded. */
    @Override
    public Admission admit(final MessageDecoder decoder)
    {
        final long expiration = decoder.expiration();
        if (decoder.isFor(destination) && (expiration == 0 || expiration > connection.clock().time()))
        {
            return Admission.DELIVER;
        }
        discard();
        return Admission.SKIP;
    }

    /** @return true: {@link #admit} delivers only what names the consumer's destination. */
    @Override
    public boolean deliversOnlyItsDestination()
    {
        return true;
    }

    /**
     * A delivery the application will never see (expired on the way, or malformed): acknowledged, so the host
     * forgets it, and its credit returned, so the consumer is not starved by messages that expired in its prefetch.
     */
    @Override
    public void discard()
    {
        acknowledge(inbox.currentDeliveryId());
        consumed();
    }

    @Override
    public void tag(final JmsMessage message)
    {
        message.setDeliveryTag(inbox.currentDeliveryId());
        message.setDeliveryCount(inbox.currentDeliveryCount());
        message.setJMSRedelivered(inbox.currentDeliveryCount() > 1);
    }

    /** Nothing: the inbox signals its arrivals whether or not the consumer has a listener. */
    @Override
    public void listen(final boolean listening)
    {
    }

    /** @return false: nobody in this connection validated what the queue host delivered. */
    @Override
    public boolean isValidated()
    {
        return false;
    }

    @Override
    public boolean hasDeliveries()
    {
        return inbox.size() > 0;
    }

    /**
     * Returns credit for a message handed over. The window opens as TCP's slow start does: one credit at first,
     * then each message consumed returns its credit and one more, until the window is the prefetch; after that
     * credit goes back in batches. So a consumer that arrives at a full queue takes one message, not its whole
     * prefetch, and the consumers that arrive while it works on it get their share; a fast consumer reaches its
     * full prefetch within a few round trips.
     */
    @Override
    public void consumed()
    {
        if (window < prefetch)
        {
            try
            {
                client.credit(consumerId, ++consumedSinceCredit + 1);
                window++;
            }
            catch (final JMSException ex)
            {
                connection.onAsyncException(ex);
            }
            consumedSinceCredit = 0;
        }
        else if (++consumedSinceCredit >= creditBatch)
        {
            try
            {
                client.credit(consumerId, consumedSinceCredit);
            }
            catch (final JMSException ex)
            {
                connection.onAsyncException(ex);
            }
            consumedSinceCredit = 0;
        }
    }

    @Override
    public long hostConsumerId()
    {
        return consumerId;
    }

    @Override
    public boolean acknowledge(final long deliveryTag)
    {
        if (deliveryTag != 0)
        {
            try
            {
                return client.acknowledge(consumerId, deliveryTag);
            }
            catch (final JMSException ex)
            {
                connection.onAsyncException(ex);
            }
        }
        return true;
    }

    /** Back to the queue host, which delivers it again, marked redelivered. */
    @Override
    public void giveBack(final long deliveryTag)
    {
        if (deliveryTag != 0)
        {
            try
            {
                client.giveBack(consumerId, deliveryTag);
            }
            catch (final JMSException ex)
            {
                connection.onAsyncException(ex);
            }
        }
    }

    /** The host sends nothing more, and what it had sent ahead goes back to the queue in order. */
    @Override
    public void pause() throws JMSException
    {
        if (!paused)
        {
            paused = true;
            client.pause(consumerId);
            consumedSinceCredit = 0;
        }
    }

    /** The credit window opens again, from one message (see {@link #consumed()}). */
    @Override
    public void resume() throws JMSException
    {
        if (paused)
        {
            paused = false;
            window = 1;
            client.credit(consumerId, window);
        }
    }

    @Override
    public void close(final boolean sessionHoldsAny)
    {
        inbox.close();
        try
        {
            client.close(consumerId, sessionHoldsAny);
        }
        catch (final JMSException ex)
        {
            connection.onAsyncException(ex);
        }
    }

    /** @return the consumer's inbox, which this source owns; for tests. */
    QueueInbox inbox()
    {
        return inbox;
    }

    /** @return the queue client this source subscribed with; for tests. */
    QueueClient client()
    {
        return client;
    }

    /** @return the host's id of this consumer; for tests. */
    long consumerId()
    {
        return consumerId;
    }

    @Override
    public String toString()
    {
        return "QueueHostSource[" + destination + "]";
    }
}
