package io.wirespeed.jms.hostclient;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

import javax.jms.JMSException;

import org.agrona.DirectBuffer;
import org.agrona.collections.LongArrayList;

/**
 * A {@link QueueClient}'s consumers: opens each at the host with the inbox its deliveries arrive in (the consumer's
 * source creates and owns the inbox; this keeps it, by consumer id, only while the consumer is open), routes every
 * delivery by consumer id into that inbox (or back to the host if the consumer has closed), pauses and closes them,
 * and counts the credit the host owes each so that a host that runs again after one was lost can be asked for it
 * when the consumers are opened there again ({@link #reopenAll}).
 * <p>
 * Threads: sessions open, credit, pause and close consumers on their own threads; deliveries are routed by whoever
 * polls the reply stream (the connection's delivery thread, the runtime's thread, or a thread waiting for an answer),
 * one at a time under the client's poll lock, without allocating; consumers are opened again on the thread that
 * found the host back, under the session's connect lock. The maps are concurrent; a consumer's owed credit is
 * guarded by its {@code Reopen}'s monitor.
 */
final class DeliveryRouting
{
    private static final System.Logger LOGGER = System.getLogger(DeliveryRouting.class.getName());

    private final Map<Long, QueueInbox> inboxes = new ConcurrentHashMap<>();
    private final Map<Long, Reopen> subscriptions = new ConcurrentHashMap<>();
    private final HostProxy host;
    private final HostRequests requests;
    private final LongSupplier leaderChanges;
    private volatile long seenLeaderChanges;
    /** The highest delivery id that came from a clustered host, whose ids only grow (the log orders them). */
    private volatile long highestDeliveryId;
    /** The highest delivery id of a cluster session given up: the host gave its deliveries back to their queues. */
    private volatile long staleThrough;
    /** Deliveries that crossed their consumer's close, as consumer id and delivery id, to give back after the read. */
    private final LongArrayList inTransit = new LongArrayList();
    /** Whether {@link #inTransit} may hold any: each poll checks this, not the list's monitor. */
    private volatile boolean anyInTransit;

    /**
     * @param host          sends the requests.
     * @param requests      the client's requests: a consumer's opening waits under its id.
     * @param leaderChanges how many times a cluster's new leader took over, or null for a host that is no cluster.
     */
    DeliveryRouting(final HostProxy host, final HostRequests requests, final LongSupplier leaderChanges)
    {
        this.host = host;
        this.requests = requests;
        this.leaderChanges = leaderChanges;
        this.seenLeaderChanges = null == leaderChanges ? 0 : leaderChanges.getAsLong();
    }

    /** Sends the request that opens a consumer at the host. */
    @FunctionalInterface
    interface Subscribe
    {
        /**
         * Sends it.
         *
         * @throws JMSException if the host cannot be reached.
         */
        void send() throws JMSException;
    }

    /**
     * Opens a consumer and waits for the host to accept it.
     *
     * @param what       what it consumes, for messages.
     * @param consumerId the consumer's id.
     * @param credit     how many messages the host may send ahead.
     * @param send       sends the request, now and again when the host runs again after it was lost.
     * @param inbox      the consumer's inbox, which the host's deliveries go into until the consumer closes.
     * @throws JMSException if the host refuses or cannot be reached.
     */
    void open(final String what, final long consumerId, final int credit, final Subscribe send, final QueueInbox inbox)
        throws JMSException
    {
        inboxes.put(consumerId, inbox);
        final HostRequests.Request request = requests.register(consumerId);
        try
        {
            subscriptions.put(consumerId, new Reopen(send, credit));
            // to a cluster it goes again after a failover; the host accepts again a consumer it has
            requests.send(request, send::send);
            requests.await(request, what);
            if (request.refusal != null)
            {
                subscriptions.remove(consumerId);
            }
        }
        catch (final JMSException ex)
        {
            inboxes.remove(consumerId);
            subscriptions.remove(consumerId);
            throw ex;
        }
        finally
        {
            requests.forget(consumerId);
        }
        if (request.refusal != null)
        {
            inboxes.remove(consumerId);
            HostRequests.throwIfRefused(request);
        }
    }

    /**
     * Grants a consumer more credit.
     *
     * @param consumerId the consumer.
     * @param credit     how many more messages the host may send.
     * @throws JMSException if the host cannot be reached.
     */
    void credit(final long consumerId, final int credit) throws JMSException
    {
        final Reopen reopen = subscriptions.get(consumerId);
        if (reopen != null)
        {
            synchronized (reopen)
            {
                reopen.outstanding += credit;
            }
        }
        host.credit(consumerId, credit);
    }

    /**
     * Closes a consumer; what the host sent it and the application never saw goes back as it was (see
     * {@link QueueClient#close(long, boolean)}).
     *
     * @param consumerId      the consumer.
     * @param sessionHoldsAny whether the consumer's session still holds deliveries of it.
     * @throws JMSException if the host cannot be reached.
     */
    void close(final long consumerId, final boolean sessionHoldsAny) throws JMSException
    {
        if (inboxes.containsKey(consumerId))
        {
            // the host answers a pause after everything it sent the consumer: all of that goes back unseen,
            // none of it crosses the close and comes back marked redelivered
            pause(consumerId);
        }
        inboxes.remove(consumerId);
        subscriptions.remove(consumerId);
        host.closeConsumer(consumerId, sessionHoldsAny);
    }

    /**
     * Stops deliveries to a consumer and waits for the host to answer after everything it sent it: what it sent ahead
     * goes back to the queue as it was, and the host owes it no credit.
     *
     * @param consumerId the consumer.
     * @throws JMSException if the host cannot be reached.
     */
    void pause(final long consumerId) throws JMSException
    {
        requests.ask((requestId) -> host.pause(consumerId, requestId), "a stopped consumer");
        final Reopen reopen = subscriptions.get(consumerId);
        if (reopen != null)
        {
            synchronized (reopen)
            {
                reopen.outstanding = 0;
            }
        }
        final QueueInbox inbox = inboxes.get(consumerId);
        if (inbox != null)
        {
            returnUnseen(consumerId, inbox);
        }
    }

    private void returnUnseen(final long consumerId, final QueueInbox inbox) throws JMSException
    {
        for (final long deliveryId : inbox.drain())
        {
            host.giveBack(consumerId, deliveryId, false);
        }
    }

    /**
     * A delivery arrived: into its consumer's inbox, or back to the host if the consumer has closed.
     *
     * @param consumerId    the consumer.
     * @param deliveryId    the delivery.
     * @param deliveryCount JMSXDeliveryCount.
     * @param buffer        holding the envelope, valid during the call.
     * @param offset        where the envelope starts.
     * @param length        its length.
     */
    /**
     * Whether a delivery came in a clustered host's session that the host has given up since (its session timed out,
     * as across a restart of the whole cluster), so that the host gave it back to its queue and it comes again: an
     * acknowledgement of it can apply to nothing. Delivery ids of a cluster only grow; a single host's start again
     * after a restart, so for it this says false.
     *
     * @param deliveryId the delivery's id.
     * @return true if it came before the session was opened again.
     */
    boolean isGivenUp(final long deliveryId)
    {
        return deliveryId <= staleThrough;
    }

    void onDeliver(
        final long consumerId, final long deliveryId, final int deliveryCount, final DirectBuffer buffer,
        final int offset, final int length)
    {
        if (null != leaderChanges && leaderChanges.getAsLong() != seenLeaderChanges)
        {
            // the first delivery of a new leader: what came from the lost one ends before it
            markLeaderChange();
        }
        if (null != leaderChanges && deliveryId > highestDeliveryId)
        {
            highestDeliveryId = deliveryId;
        }
        final QueueInbox inbox = inboxes.get(consumerId);
        final Reopen reopen = subscriptions.get(consumerId);
        if (reopen != null)
        {
            synchronized (reopen)
            {
                reopen.outstanding--;
                reopen.lastDeliveryId = Math.max(reopen.lastDeliveryId, deliveryId);
            }
        }
        if (inbox != null)
        {
            inbox.add(buffer, offset, length, deliveryId, deliveryCount);
        }
        else
        {
            // given back once the read is over ({@link #giveBackInTransit}): a request sent from within it could wait
            // on another thread's request, which waits for the reading to end
            synchronized (inTransit)
            {
                inTransit.addLong(consumerId);
                inTransit.addLong(deliveryId);
                anyInTransit = true;
            }
        }
    }

    /**
     * Gives back the deliveries that crossed their consumer's close, as they were; the host ignores one it took back.
     * Called by the thread that routed them, after its read and outside the poll lock.
     */
    void giveBackInTransit()
    {
        while (anyInTransit)
        {
            final long consumerId;
            final long deliveryId;
            synchronized (inTransit)
            {
                final int size = inTransit.size();
                if (0 == size)
                {
                    anyInTransit = false;
                    return;
                }
                deliveryId = inTransit.removeAt(size - 1);
                consumerId = inTransit.removeAt(size - 2);
            }
            try
            {
                host.giveBack(consumerId, deliveryId, false);
            }
            catch (final JMSException ex)
            {
                LOGGER.log(System.Logger.Level.WARNING, "could not give back delivery " + deliveryId + " of closed " +
                    "consumer " + consumerId + "; the host returns it when this connection goes: " + ex.getMessage());
            }
        }
    }

    /**
     * @param inbox a consumer's inbox.
     * @return whether deliveries are routed into it, i.e. its consumer is open; for tests.
     */
    boolean routesTo(final QueueInbox inbox)
    {
        return inboxes.containsValue(inbox);
    }

    /** @return how many consumers are open (and opened again when the host runs again). */
    int consumers()
    {
        return subscriptions.size();
    }

    /**
     * Opens the consumers again at a host that runs again after it was lost: what their inboxes held came from the
     * lost host and is dropped (a host with the archive delivers its unacknowledged PERSISTENT messages again, marked
     * redelivered), and the credit the lost host owed each is asked of the new one.
     *
     * @throws JMSException if the host cannot be reached.
     */
    void reopenAll() throws JMSException
    {
        if (null != leaderChanges)
        {
            seenLeaderChanges = leaderChanges.getAsLong();
            // the cluster gave up the old session and gave its deliveries back: an acknowledgement of one is void
            staleThrough = highestDeliveryId;
        }
        for (final Map.Entry<Long, Reopen> entry : subscriptions.entrySet())
        {
            final long consumerId = entry.getKey();
            final QueueInbox inbox = inboxes.get(consumerId);
            final Reopen reopen = entry.getValue();
            if (inbox != null)
            {
                // what it drops was never taken by the application, which so never gives that credit back
                final int dropped = inbox.drain().length;
                final long owed;
                synchronized (reopen)
                {
                    owed = reopen.outstanding + dropped;
                    reopen.outstanding = owed;
                    reopen.lastDeliveryId = 0;
                    reopen.lastFromLostLeader = 0;
                }
                reopen.send.send();
                if (owed > reopen.initialCredit)
                {
                    host.credit(consumerId, (int)Math.min(Integer.MAX_VALUE, owed - reopen.initialCredit));
                }
            }
        }
    }

    /**
     * Takes the consumers up again at a cluster's new leader: the cluster kept them, with the deliveries in flight to
     * them, but what the lost leader sent last may never have come, and what this client sent it last (credit,
     * acknowledgements, give-backs) may never have reached the log. So the acknowledgements and give-backs sent since
     * a little before the leader went quiet go again (the host ignores those it applied), and each consumer says the
     * last delivery it had from the lost leader and the credit it still grants: the host sends again what it had
     * sent after that one and sets the credit ({@code Resync}). Deliveries the application holds stay with it, and
     * acknowledging them works; nothing comes twice.
     *
     * @param settledSinceNs {@link System#nanoTime()} from which acknowledgements and give-backs go again.
     * @throws JMSException if the host cannot be reached.
     */
    void resyncAfterNewLeader(final long settledSinceNs) throws JMSException
    {
        if (null != leaderChanges && leaderChanges.getAsLong() != seenLeaderChanges)
        {
            markLeaderChange();
        }
        host.settleAgain(settledSinceNs);
        for (final Map.Entry<Long, Reopen> entry : subscriptions.entrySet())
        {
            if (inboxes.containsKey(entry.getKey()))
            {
                final Reopen reopen = entry.getValue();
                final long last;
                final long credit;
                synchronized (reopen)
                {
                    last = reopen.lastFromLostLeader;
                    credit = reopen.outstanding;
                }
                host.resync(entry.getKey(), last, credit);
            }
        }
    }

    /** A new leader took over: each consumer's last delivery so far is the last the lost leader's it had. */
    private void markLeaderChange()
    {
        seenLeaderChanges = leaderChanges.getAsLong();
        for (final Reopen reopen : subscriptions.values())
        {
            synchronized (reopen)
            {
                reopen.lastFromLostLeader = reopen.lastDeliveryId;
            }
        }
    }

    /** How to open a consumer again at a host that runs again, and the credit the lost host owed it. */
    private static final class Reopen
    {
        final Subscribe send;
        final int initialCredit;
        long outstanding;
        long lastDeliveryId;
        long lastFromLostLeader;

        Reopen(final Subscribe send, final int initialCredit)
        {
            this.send = send;
            this.initialCredit = initialCredit;
            this.outstanding = initialCredit;
        }
    }
}
