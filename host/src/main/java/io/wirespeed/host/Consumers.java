package io.wirespeed.host;

import java.util.Collection;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;

import org.agrona.collections.LongArrayList;
import org.agrona.concurrent.UnsafeBuffer;

import io.wirespeed.codec.EnvelopeReader;
import io.wirespeed.codec.control.sbe.ErrorCode;

/**
 * The host's consumers and their deliveries: a consumer subscribes to a queue with credit, gets the queue's messages
 * in turn with the other consumers that have credit, and acknowledges each, gives it back, pauses, or closes (its
 * unacknowledged messages go back to the queue, marked redelivered, unless it keeps them for its session). Used on
 * the host's thread only.
 */
final class Consumers
{
    /** The most consumers one client (connection) has at once. */
    static final int MAX_CONSUMERS_PER_CLIENT = 4096;

    private final HostContext context;
    private final Consumer<HostedQueue> lastConsumerGone;
    private final UnsafeBuffer envelopeView = new UnsafeBuffer(new byte[0]);
    private long deliveryIds;
    /** The last delivery id issued when the current leadership term began: later ones the current leader sent. */
    private long termStartDeliveryId;

    /**
     * @param context          what the host's parts share.
     * @param lastConsumerGone told of a queue whose consumers may all have gone (a shared subscription's closes).
     */
    Consumers(final HostContext context, final Consumer<HostedQueue> lastConsumerGone)
    {
        this.context = context;
        this.lastConsumerGone = lastConsumerGone;
    }

    /**
     * Adds a consumer to a queue, or refuses it (an invalid selector, an id in use, too many for the client). A
     * Subscribe of a consumer the client has, on the same queue with the same selector, is accepted again and changes
     * nothing: a client sends it again when its answer may have been lost with a cluster's leader.
     *
     * @param client     its client.
     * @param consumerId its id, unique in the client.
     * @param queue      the queue.
     * @param selector   its selector, blank for none.
     * @param credit     how many messages it takes now.
     */
    void add(
        final HostSession client, final long consumerId, final HostedQueue queue, final String selector,
        final int credit)
    {
        final Predicate<EnvelopeReader> test = context.compileFor(client, consumerId, selector);
        if (HostContext.REFUSED == test)
        {
            return;
        }
        final HostedConsumer existing = client.consumers.get(consumerId);
        if (null != existing)
        {
            if (existing.queue == queue && existing.selectorText.equals(null == selector ? "" : selector) &&
                queue.consumers.contains(existing))
            {
                // the same Subscribe again (a client whose answer may have been lost with a cluster's leader): the
                // consumer it has is accepted again, as it was, not opened twice
                context.proxy.accepted(client, consumerId);
                return;
            }
            // another subscribe with the same id (a broken or forged client) would leave the first on its queue
            context.proxy.refuse(client, consumerId, ErrorCode.ILLEGAL_STATE, "consumer id " + consumerId +
                " is in use");
            return;
        }
        if (client.consumers.size() >= MAX_CONSUMERS_PER_CLIENT)
        {
            context.proxy.refuse(client, consumerId, ErrorCode.RESOURCE_LIMIT, "the queue host serves at most " +
                MAX_CONSUMERS_PER_CLIENT + " consumers per connection: close some");
            return;
        }
        final HostedConsumer consumer = new HostedConsumer(client, consumerId, queue, test, credit);
        consumer.selectorText = null == selector ? "" : selector;
        client.consumers.put(consumerId, consumer);
        queue.consumers.add(consumer);
        context.proxy.accepted(client, consumerId);
    }

    /** See {@link ControlListener#onCredit}. */
    void onCredit(final HostSession client, final long consumerId, final int credit)
    {
        final HostedConsumer consumer = client.consumers.get(consumerId);
        // credit added while awaiting the Resync is in what the Resync grants
        if (consumer != null && HostedConsumer.AWAITING_RESYNC != consumer.credit)
        {
            consumer.credit += credit;
        }
    }

    /** See {@link ControlListener#onAcknowledge}. */
    void onAcknowledge(final HostSession client, final long consumerId, final long deliveryId)
    {
        final HostedConsumer consumer = client.consumers.get(consumerId);
        if (consumer != null)
        {
            final StoredMessage message = consumer.inFlight.remove(deliveryId);
            if (message != null)
            {
                message.done();
                forgetIfSettled(client, consumer);
            }
        }
    }

    /**
     * Why a commit's acknowledgements cannot all apply, if so: each must name a delivery a consumer of the client holds
     * in flight. A delivery the client no longer holds went back to its queue (its session was given up), and a commit
     * acknowledging it would lose the message.
     *
     * @param client           the client.
     * @param acknowledgements consumer id and delivery id pairs.
     * @return why not, or null if they all apply.
     */
    String whyNotHeld(final HostSession client, final LongArrayList acknowledgements)
    {
        for (int i = 0; i < acknowledgements.size(); i += 2)
        {
            final long consumerId = acknowledgements.getLong(i);
            final long deliveryId = acknowledgements.getLong(i + 1);
            final HostedConsumer consumer = client.consumers.get(consumerId);
            if (null == consumer || !consumer.inFlight.containsKey(deliveryId))
            {
                return "delivery " + deliveryId + " of consumer " + consumerId + " is no longer held by this " +
                    "connection (the cluster gave up its session, and the message went back to its queue)";
            }
        }
        return null;
    }

    /** See {@link ControlListener#onResync}. */
    void onResync(final HostSession client, final long consumerId, final long lastDeliveryId, final long credit)
    {
        final HostedConsumer consumer = client.consumers.get(consumerId);
        if (consumer == null)
        {
            return;
        }
        int resent = 0;
        for (final Map.Entry<Long, StoredMessage> delivery : consumer.inFlight.entrySet())
        {
            // the lost leader's, after the last the client had; the current leader's own it has, or will have
            if (delivery.getKey() > lastDeliveryId && delivery.getKey() <= termStartDeliveryId)
            {
                // sent by a leader that was lost before the client had it: it goes again, as it was
                final StoredMessage message = delivery.getValue();
                envelopeView.wrap(message.envelope);
                context.proxy.deliver(client, consumerId, delivery.getKey(), message.deliveryCount, envelopeView, 0,
                    message.envelope.length);
                resent++;
            }
        }
        consumer.credit = (int)Math.max(0, Math.min(Integer.MAX_VALUE, credit - resent));
    }

    /** See {@link ControlListener#onGiveBack}. */
    void onGiveBack(final HostSession client, final long consumerId, final long deliveryId, final boolean seen)
    {
        final HostedConsumer consumer = client.consumers.get(consumerId);
        if (consumer != null)
        {
            final StoredMessage message = consumer.inFlight.remove(deliveryId);
            if (message != null)
            {
                if (!seen)
                {
                    message.deliveryCount--;
                }
                consumer.queue.putBack(message);
                forgetIfSettled(client, consumer);
            }
        }
    }

    /** See {@link ControlListener#onPause}. */
    void onPause(final HostSession client, final long consumerId, final long requestId)
    {
        final HostedConsumer consumer = client.consumers.get(consumerId);
        if (consumer != null && HostedConsumer.AWAITING_RESYNC != consumer.credit)
        {
            consumer.credit = 0;
        }
        context.proxy.accepted(client, requestId);
    }

    /** See {@link ControlListener#onCloseConsumer}. */
    void onCloseConsumer(final HostSession client, final long consumerId, final boolean keepDeliveries)
    {
        final HostedConsumer consumer = client.consumers.get(consumerId);
        if (consumer == null)
        {
            return;
        }
        if (keepDeliveries && !consumer.inFlight.isEmpty())
        {
            consumer.queue.detach(consumer);
            lastConsumerGone.accept(consumer.queue);
        }
        else
        {
            client.consumers.remove(consumerId);
            release(consumer);
        }
    }

    /**
     * A client has gone: its consumers' deliveries go back to their queues.
     *
     * @param client the client.
     */
    void forget(final HostSession client)
    {
        for (final HostedConsumer consumer : client.consumers.values())
        {
            release(consumer);
        }
        client.consumers.clear();
    }

    /** @return the last delivery id issued (a snapshot's). */
    long lastDeliveryId()
    {
        return deliveryIds;
    }

    /**
     * Restores the last delivery id issued from a snapshot.
     *
     * @param lastDeliveryId the id.
     */
    void lastDeliveryId(final long lastDeliveryId)
    {
        deliveryIds = lastDeliveryId;
        termStartDeliveryId = lastDeliveryId;
    }

    /**
     * A new leadership term began (an input of the log): the deliveries issued so far were the old leaders', and
     * each consumer of a queue gets nothing more until its client's Resync ({@link HostedConsumer#AWAITING_RESYNC}).
     *
     * @param queues the host's queues, whose consumers await their Resync.
     */
    void onNewTerm(final Collection<HostedQueue> queues)
    {
        termStartDeliveryId = deliveryIds;
        for (final HostedQueue queue : queues)
        {
            for (final HostedConsumer consumer : queue.consumers)
            {
                consumer.credit = HostedConsumer.AWAITING_RESYNC;
            }
        }
    }

    /** @return the last delivery id issued when the current leadership term began (a snapshot's). */
    long termStartDeliveryId()
    {
        return termStartDeliveryId;
    }

    /**
     * Restores, from a snapshot, the last delivery id issued when the current leadership term began.
     *
     * @param id the id.
     */
    void termStartDeliveryId(final long id)
    {
        termStartDeliveryId = id;
    }

    /**
     * Adds the last delivery id issued to a digest (the consumers themselves are their queues' and sessions').
     *
     * @param digest the digest.
     */
    void digest(final HostStateDigest digest)
    {
        digest.part("deliveries").add(deliveryIds).add(termStartDeliveryId);
    }

    private static void forgetIfSettled(final HostSession client, final HostedConsumer consumer)
    {
        if (consumer.queue.forgetIfSettled(consumer))
        {
            client.consumers.remove(consumer.id);
        }
    }

    private void release(final HostedConsumer consumer)
    {
        consumer.queue.release(consumer);
        lastConsumerGone.accept(consumer.queue);
    }

    /**
     * Hands a queue's messages to its consumers with credit, in turn, while they take them.
     *
     * @param queue the queue.
     * @param nowMs the wall clock now, for expiry and delivery times.
     * @return how many were delivered.
     */
    int dispatch(final HostedQueue queue, final long nowMs)
    {
        int work = 0;
        for (int tried = 0; queue.size() > 0 && tried < queue.consumers.size(); )
        {
            final HostedConsumer consumer = queue.nextWithCredit(tried);
            if (consumer == null)
            {
                break;
            }
            // dispatch depends on credit alone: how the sending goes is the egress's, never the state machine's
            final StoredMessage message = queue.take(consumer, nowMs);
            if (message == null)
            {
                tried++;
                continue;
            }
            message.deliveryCount++;
            final long deliveryId = ++deliveryIds;
            envelopeView.wrap(message.envelope);
            context.proxy.deliver(consumer.client, consumer.id, deliveryId, message.deliveryCount, envelopeView, 0,
                message.envelope.length);
            consumer.credit--;
            consumer.inFlight.put(deliveryId, message);
            work++;
            tried = 0;
        }
        return work;
    }
}
