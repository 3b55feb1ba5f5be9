package io.wirespeed.jms.queue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

import org.agrona.DirectBuffer;
import org.agrona.ExpandableDirectByteBuffer;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;

import io.wirespeed.codec.EnvelopeReader;
import io.wirespeed.codec.MalformedEnvelopeException;
import io.wirespeed.transport.MessageHandler;
import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;

/**
 * The queue host: the one owner of dispatch for every queue of a media driver. It takes producers'
 * envelopes, keeps them by queue and priority, hands each to exactly one consumer with credit (in
 * turn), forgets it on acknowledgement, and gives it to another consumer, marked redelivered, when
 * its consumer closes or its client goes. It also serves browsing, temporary queues and shared
 * topic subscriptions. Runs as an {@link Agent} on its own thread, inside the external driver
 * process or inside a JVM with an embedded driver.
 */
public final class QueueHost implements Agent, AutoCloseable
{
    private static final int FRAGMENT_LIMIT = 64;
    private static final long LIVENESS_CHECK_NS = 50_000_000L;
    private static final System.Logger LOGGER = System.getLogger(QueueHost.class.getName());

    private final Transport transport;
    private final Function<String, Predicate<EnvelopeReader>> selectors;
    private final TransportSubscription inbound;
    private final TransportSubscription control;
    private final Map<String, HostedQueue> queues = new HashMap<>();
    private final Map<String, HostedClient> clients = new HashMap<>();
    private final Map<String, SharedFeed> sharedFeeds = new HashMap<>();
    private final EnvelopeReader reader = new EnvelopeReader();
    private final QueueFrame frame = new QueueFrame();
    private final QueueFrame out = new QueueFrame();
    private final ExpandableDirectByteBuffer outBuffer = new ExpandableDirectByteBuffer(4096);
    private final UnsafeBuffer envelopeView = new UnsafeBuffer(new byte[0]);
    private final MessageHandler inboundHandler = this::onEnvelope;
    private final MessageHandler controlHandler = this::onFrame;
    private AgentRunner runner;
    private long sequence;
    private long deliveryIds;
    private long lastLivenessCheck;

    /**
     * A host on a transport's queue channel.
     *
     * @param transport the transport (sharing the media driver with the clients).
     * @param selectors compiles a selector into a test on an envelope; throws IllegalArgumentException
     *                  with the reason for an invalid one.
     */
    public QueueHost(final Transport transport, final Function<String, Predicate<EnvelopeReader>> selectors)
    {
        this.transport = transport;
        this.selectors = selectors;
        this.inbound = transport.addSubscription(QueueStreams.CHANNEL, QueueStreams.INBOUND_STREAM);
        this.control = transport.addSubscription(QueueStreams.CHANNEL, QueueStreams.CONTROL_STREAM);
    }

    /**
     * Starts the host's thread.
     *
     * @return this host.
     */
    public QueueHost start()
    {
        runner = new AgentRunner(new BackoffIdleStrategy(), ex -> LOGGER.log(System.Logger.Level.ERROR,
            "queue host error", ex), null, this);
        AgentRunner.startOnThread(runner);
        return this;
    }

    @Override
    public String roleName()
    {
        return "wirespeed-queue-host";
    }

    @Override
    public int doWork()
    {
        int work = inbound.poll(inboundHandler, FRAGMENT_LIMIT);
        work += control.poll(controlHandler, FRAGMENT_LIMIT);
        for (final SharedFeed feed : sharedFeeds.values())
        {
            work += feed.poll();
        }
        final long nowMs = System.currentTimeMillis();
        for (final HostedQueue queue : queues.values())
        {
            work += dispatch(queue, nowMs);
        }
        final long nowNs = System.nanoTime();
        if (nowNs - lastLivenessCheck > LIVENESS_CHECK_NS)
        {
            lastLivenessCheck = nowNs;
            work += checkClients(nowNs);
        }
        return work;
    }

    private void onEnvelope(final DirectBuffer buffer, final int offset, final int length)
    {
        try
        {
            reader.wrap(buffer, offset, length);
        }
        catch (final MalformedEnvelopeException ex)
        {
            LOGGER.log(System.Logger.Level.WARNING, "queue host dropped a malformed envelope: " + ex.getMessage());
            return;
        }
        final String name = reader.destinationName().asString();
        enqueue(queue(name, null), buffer, offset, length);
    }

    private void enqueue(final HostedQueue queue, final DirectBuffer buffer, final int offset, final int length)
    {
        if (queue == null)
        {
            return;
        }
        final byte[] copy = new byte[length];
        buffer.getBytes(offset, copy);
        queue.add(new StoredMessage(copy, ++sequence, reader.priority(), reader.expiration(), reader.deliveryTime()));
    }

    private HostedQueue queue(final String name, final HostedClient temporaryOwner)
    {
        HostedQueue queue = queues.get(name);
        if (queue == null)
        {
            if (isTemporaryName(name) && temporaryOwner == null)
            {
                return null;
            }
            queue = new HostedQueue(name, temporaryOwner);
            queues.put(name, queue);
        }
        return queue;
    }

    private static boolean isTemporaryName(final String name)
    {
        return name.startsWith(QueueClient.TEMPORARY_QUEUE_PREFIX);
    }

    private void onFrame(final DirectBuffer buffer, final int offset, final int length)
    {
        try
        {
            frame.wrap(buffer, offset, length);
        }
        catch (final IllegalArgumentException ex)
        {
            LOGGER.log(System.Logger.Level.WARNING, "queue host dropped a malformed frame: " + ex.getMessage());
            return;
        }
        final HostedClient client = client(frame);
        switch (frame.type())
        {
            case QueueFrame.SUBSCRIBE -> onSubscribe(client, frame.text(), frame.consumerId(), frame.count());
            case QueueFrame.SUBSCRIBE_SHARED -> onSubscribeShared(client);
            case QueueFrame.CREDIT -> onCredit(client, frame.consumerId(), frame.count());
            case QueueFrame.ACK -> onAck(client, frame.consumerId(), frame.deliveryId());
            case QueueFrame.RETURN -> onReturn(client, frame.consumerId(), frame.deliveryId());
            case QueueFrame.CLOSE -> onClose(client, frame.consumerId());
            case QueueFrame.BROWSE -> onBrowse(client, frame.text(), frame.deliveryId());
            case QueueFrame.CREATE_TEMPORARY -> queue(frame.text(), client);
            case QueueFrame.DELETE_TEMPORARY -> deleteTemporary(client, frame.text());
            default -> LOGGER.log(System.Logger.Level.WARNING, "queue host ignored frame type " + frame.type());
        }
    }

    private HostedClient client(final QueueFrame frame)
    {
        final String key = frame.clientHigh() + ":" + frame.clientLow();
        HostedClient client = clients.get(key);
        if (client == null)
        {
            client = new HostedClient(frame.clientHigh(), frame.clientLow(),
                transport.addPublication(QueueStreams.CHANNEL, frame.replyStreamId()));
            clients.put(key, client);
        }
        return client;
    }

    private void onSubscribe(final HostedClient client, final String text, final long consumerId, final int credit)
    {
        final int nul = text.indexOf('\0');
        final String name = nul < 0 ? text : text.substring(0, nul);
        final String selector = nul < 0 ? "" : text.substring(nul + 1);
        final HostedQueue queue = queues.get(name);
        if (isTemporaryName(name) && (queue == null || queue.temporaryOwner != client))
        {
            refuse(client, consumerId, queue == null ? "temporary queue '" + name + "' does not exist (deleted, or " +
                "its connection closed)" : "temporary queue '" + name + "' belongs to another connection");
            return;
        }
        addConsumer(client, consumerId, queue(name, null), selector, credit);
    }

    private void addConsumer(
        final HostedClient client, final long consumerId, final HostedQueue queue, final String selector,
        final int credit)
    {
        final Predicate<EnvelopeReader> test;
        try
        {
            test = selector.isBlank() ? null : selectors.apply(selector);
        }
        catch (final IllegalArgumentException ex)
        {
            refuse(client, consumerId, ex.getMessage());
            return;
        }
        final HostedConsumer consumer = new HostedConsumer(client, consumerId, queue, test, credit);
        client.consumers.put(consumerId, consumer);
        queue.consumers.add(consumer);
        reply(client, QueueFrame.SUBSCRIBED, consumerId, 0, 0, "");
    }

    private void onSubscribeShared(final HostedClient client)
    {
        final String[] parts = frame.text().split("\0", -1);
        if (parts.length != 5)
        {
            refuse(client, frame.consumerId(), "malformed shared subscription request");
            return;
        }
        final String topic = parts[0];
        final String selector = parts[1];
        final String key = parts[2];
        SharedFeed feed = sharedFeeds.get(key);
        if (feed == null)
        {
            feed = new SharedFeed(topic, new HostedQueue("shared:" + key, null),
                transport.addSubscription(parts[3], Integer.parseInt(parts[4])));
            sharedFeeds.put(key, feed);
        }
        else if (!feed.topic.equals(topic))
        {
            refuse(client, frame.consumerId(), "shared subscription '" + key + "' is on topic '" + feed.topic +
                "', not '" + topic + "': close its consumers first or use another name");
            return;
        }
        addConsumer(client, frame.consumerId(), feed.queue, selector, frame.count());
    }

    private void onCredit(final HostedClient client, final long consumerId, final int credit)
    {
        final HostedConsumer consumer = client.consumers.get(consumerId);
        if (consumer != null)
        {
            consumer.credit += credit;
        }
    }

    private void onAck(final HostedClient client, final long consumerId, final long deliveryId)
    {
        final HostedConsumer consumer = client.consumers.get(consumerId);
        if (consumer != null)
        {
            consumer.inFlight.remove(deliveryId);
        }
    }

    private void onReturn(final HostedClient client, final long consumerId, final long deliveryId)
    {
        final HostedConsumer consumer = client.consumers.get(consumerId);
        if (consumer != null)
        {
            final StoredMessage message = consumer.inFlight.remove(deliveryId);
            if (message != null)
            {
                message.deliveryCount--;
                consumer.queue.returnToHead(message);
            }
        }
    }

    private void onClose(final HostedClient client, final long consumerId)
    {
        final HostedConsumer consumer = client.consumers.remove(consumerId);
        if (consumer != null)
        {
            release(consumer);
        }
    }

    private void release(final HostedConsumer consumer)
    {
        final HostedQueue queue = consumer.queue;
        queue.consumers.remove(consumer);
        final List<StoredMessage> unacknowledged = new ArrayList<>(consumer.inFlight.values());
        for (int i = unacknowledged.size() - 1; i >= 0; i--)
        {
            queue.returnToHead(unacknowledged.get(i));
        }
        consumer.inFlight.clear();
        final Iterator<Map.Entry<String, SharedFeed>> feeds = sharedFeeds.entrySet().iterator();
        while (feeds.hasNext())
        {
            final SharedFeed feed = feeds.next().getValue();
            if (feed.queue == queue && queue.consumers.isEmpty())
            {
                feed.subscription.close();
                queues.remove(queue.name);
                feeds.remove();
            }
        }
    }

    private void onBrowse(final HostedClient client, final String text, final long requestId)
    {
        final int nul = text.indexOf('\0');
        final String name = nul < 0 ? text : text.substring(0, nul);
        final String selector = nul < 0 ? "" : text.substring(nul + 1);
        final Predicate<EnvelopeReader> test;
        try
        {
            test = selector.isBlank() ? null : selectors.apply(selector);
        }
        catch (final IllegalArgumentException ex)
        {
            refuse(client, requestId, ex.getMessage());
            return;
        }
        final HostedQueue queue = queues.get(name);
        if (queue != null)
        {
            queue.forEachWaiting(System.currentTimeMillis(), message ->
            {
                envelopeView.wrap(message.envelope);
                if (test == null || test.test(reader.wrap(envelopeView, 0, message.envelope.length)))
                {
                    out.begin(outBuffer, 0, QueueFrame.BROWSE_ITEM).client(client.high, client.low, 0)
                        .deliveryId(requestId).count(message.deliveryCount).text("")
                        .payload(envelopeView, 0, message.envelope.length);
                    offerPatiently(client, out.length());
                }
            });
        }
        reply(client, QueueFrame.BROWSE_END, 0, requestId, 0, "");
    }

    private void deleteTemporary(final HostedClient client, final String name)
    {
        final HostedQueue queue = queues.get(name);
        if (queue != null && queue.temporaryOwner == client)
        {
            queues.remove(name);
        }
    }

    private int dispatch(final HostedQueue queue, final long nowMs)
    {
        int work = 0;
        for (int tried = 0; queue.size() > 0 && tried < queue.consumers.size(); )
        {
            final HostedConsumer consumer = queue.nextWithCredit(tried);
            if (consumer == null)
            {
                break;
            }
            final StoredMessage message = queue.take(consumer, nowMs);
            if (message == null)
            {
                tried++;
                continue;
            }
            message.deliveryCount++;
            final long deliveryId = ++deliveryIds;
            envelopeView.wrap(message.envelope);
            out.begin(outBuffer, 0, QueueFrame.DELIVER).client(consumer.client.high, consumer.client.low, 0)
                .consumerId(consumer.id).deliveryId(deliveryId).count(message.deliveryCount).text("")
                .payload(envelopeView, 0, message.envelope.length);
            final long result = consumer.client.reply.offer(outBuffer, 0, out.length());
            if (result < 0)
            {
                message.deliveryCount--;
                queue.returnToHead(message);
                break;
            }
            consumer.credit--;
            consumer.inFlight.put(deliveryId, message);
            work++;
            tried = 0;
        }
        return work;
    }

    private int checkClients(final long nowNs)
    {
        int work = 0;
        final Iterator<HostedClient> it = clients.values().iterator();
        while (it.hasNext())
        {
            final HostedClient client = it.next();
            if (client.isGone(nowNs))
            {
                for (final HostedConsumer consumer : client.consumers.values())
                {
                    release(consumer);
                }
                client.consumers.clear();
                queues.values().removeIf(queue -> queue.temporaryOwner == client);
                client.reply.close();
                it.remove();
                work++;
            }
        }
        return work;
    }

    private void refuse(final HostedClient client, final long id, final String why)
    {
        reply(client, QueueFrame.REFUSED, id, id, 0, why);
    }

    private void reply(
        final HostedClient client, final int type, final long consumerId, final long requestId, final int count,
        final String text)
    {
        out.begin(outBuffer, 0, type).client(client.high, client.low, 0).consumerId(consumerId)
            .deliveryId(requestId).count(count).text(text);
        offerPatiently(client, out.length());
    }

    private void offerPatiently(final HostedClient client, final int length)
    {
        final long deadline = System.nanoTime() + 1_000_000_000L;
        while (client.reply.offer(outBuffer, 0, length) < 0 && System.nanoTime() < deadline)
        {
            Thread.onSpinWait();
        }
    }

    @Override
    public void close()
    {
        if (runner != null)
        {
            runner.close();
        }
        else
        {
            onClose();
        }
    }

    @Override
    public void onClose()
    {
        inbound.close();
        control.close();
        for (final HostedClient client : clients.values())
        {
            client.reply.close();
        }
        for (final SharedFeed feed : sharedFeeds.values())
        {
            feed.subscription.close();
        }
    }

    /** A topic subscription that feeds a shared subscription's queue. */
    private final class SharedFeed
    {
        final String topic;
        final HostedQueue queue;
        final TransportSubscription subscription;
        private final MessageHandler handler = this::onMessage;

        SharedFeed(final String topic, final HostedQueue queue, final TransportSubscription subscription)
        {
            this.topic = topic;
            this.queue = queue;
            this.subscription = subscription;
            queues.put(queue.name, queue);
        }

        int poll()
        {
            return subscription.poll(handler, FRAGMENT_LIMIT);
        }

        private void onMessage(final DirectBuffer buffer, final int offset, final int length)
        {
            try
            {
                reader.wrap(buffer, offset, length);
            }
            catch (final MalformedEnvelopeException ex)
            {
                return;
            }
            if (reader.destinationName().contentEquals(topic))
            {
                enqueue(queue, buffer, offset, length);
            }
        }
    }
}
