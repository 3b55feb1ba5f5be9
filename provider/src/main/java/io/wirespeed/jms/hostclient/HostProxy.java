package io.wirespeed.jms.hostclient;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.IntSupplier;

import javax.jms.InvalidDestinationException;
import javax.jms.InvalidSelectorException;
import javax.jms.JMSException;
import javax.jms.JMSSecurityException;

import org.agrona.DirectBuffer;
import org.agrona.ExpandableDirectByteBuffer;
import org.agrona.collections.LongArrayList;
import org.agrona.concurrent.UnsafeBuffer;

import io.wirespeed.codec.Utf8;
import io.wirespeed.codec.control.QueueStreams;
import io.wirespeed.codec.control.sbe.AcknowledgeEncoder;
import io.wirespeed.codec.control.sbe.BooleanType;
import io.wirespeed.codec.control.sbe.BrowseEncoder;
import io.wirespeed.codec.control.sbe.ClientRefEncoder;
import io.wirespeed.codec.control.sbe.CloseConsumerEncoder;
import io.wirespeed.codec.control.sbe.CommitEncoder;
import io.wirespeed.codec.control.sbe.ConnectEncoder;
import io.wirespeed.codec.control.sbe.CreateTemporaryQueueEncoder;
import io.wirespeed.codec.control.sbe.CreditEncoder;
import io.wirespeed.codec.control.sbe.DeleteTemporaryQueueEncoder;
import io.wirespeed.codec.control.sbe.GiveBackEncoder;
import io.wirespeed.codec.control.sbe.KeepAliveEncoder;
import io.wirespeed.codec.control.sbe.MessageHeaderEncoder;
import io.wirespeed.codec.control.sbe.PauseEncoder;
import io.wirespeed.codec.control.sbe.ResyncEncoder;
import io.wirespeed.codec.control.sbe.SendCreditEncoder;
import io.wirespeed.codec.control.sbe.SubscribeDurableEncoder;
import io.wirespeed.codec.control.sbe.SubscribeEncoder;
import io.wirespeed.codec.control.sbe.SubscribeSharedEncoder;
import io.wirespeed.codec.control.sbe.TopicCreditEncoder;
import io.wirespeed.codec.control.sbe.UnsubscribeEncoder;
import io.wirespeed.jms.wire.ConnectionId;
import io.wirespeed.transport.TransportException;
import io.wirespeed.transport.TransportPublication;

/**
 * A connection's side of the control protocol's requests: encodes each request to the queue host and sends it on
 * the control stream, waiting out back-pressure up to the host timeout. Thread safe: sessions on several threads
 * send through it, one request at a time. A request that waits reads what the host sends meanwhile
 * ({@link #pollWhileWaiting}): the thread waiting may be the one that reads it (a connection's delivery thread, whose
 * listener acknowledges), and a cluster's new leader, whose word points the ingress at it, is heard only there. Each
 * text field is checked against the protocol's {@link QueueStreams#MAX_TEXT_BYTES} before it is encoded, and refused
 * with the JMS exception for its kind.
 */
final class HostProxy
{
    private final long high;
    private final long low;
    private final int replyStream;
    private final long hostTimeoutNs;
    private TransportPublication publication;
    private final ExpandableDirectByteBuffer buffer = new ExpandableDirectByteBuffer(1024);
    private final MessageHeaderEncoder header = new MessageHeaderEncoder();
    private final SubscribeEncoder subscribe = new SubscribeEncoder();
    private final SubscribeSharedEncoder subscribeShared = new SubscribeSharedEncoder();
    private final SubscribeDurableEncoder subscribeDurable = new SubscribeDurableEncoder();
    private final UnsubscribeEncoder unsubscribe = new UnsubscribeEncoder();
    private final CreditEncoder credit = new CreditEncoder();
    private final AcknowledgeEncoder acknowledge = new AcknowledgeEncoder();
    private final ResyncEncoder resync = new ResyncEncoder();
    private RecentSettlements recent;
    /** The temporary queues this client created and has not deleted, kept for a cluster's new leader; else null. */
    private Set<String> temporaryQueues;
    private final GiveBackEncoder giveBack = new GiveBackEncoder();
    private final CloseConsumerEncoder closeConsumer = new CloseConsumerEncoder();
    private final PauseEncoder pause = new PauseEncoder();
    private final CommitEncoder commit = new CommitEncoder();
    private final BrowseEncoder browse = new BrowseEncoder();
    private final CreateTemporaryQueueEncoder createTemporary = new CreateTemporaryQueueEncoder();
    private final DeleteTemporaryQueueEncoder deleteTemporary = new DeleteTemporaryQueueEncoder();
    private final ConnectEncoder connect = new ConnectEncoder();
    private final KeepAliveEncoder keepAlive = new KeepAliveEncoder();
    private final String where;
    private final SendCreditEncoder sendCredit = new SendCreditEncoder();
    private final TopicCreditEncoder topicCredit = new TopicCreditEncoder();
    private volatile boolean hostSeen;
    private volatile long lastSentNs;
    /** The client's link with a clustered host, whose elections a request waits out; null for a single host. */
    private volatile HostSessionLink cluster;
    private long failoverNs;
    private volatile IntSupplier pollWhileWaiting = () -> 0;

    /**
     * @param publication   the host's control stream.
     * @param id            the connection's id.
     * @param replyStream   the stream this connection receives responses on.
     * @param hostTimeoutNs how long a request may wait for the host to take it.
     * @param where         where the host is, for messages.
     */
    HostProxy(final TransportPublication publication, final ConnectionId id, final int replyStream,
        final long hostTimeoutNs, final String where)
    {
        this.where = where;
        this.publication = publication;
        this.high = id.high();
        this.low = id.low();
        this.replyStream = replyStream;
        this.hostTimeoutNs = hostTimeoutNs;
    }

    /**
     * Makes the requests to a clustered host wait out an election, up to {@code failoverTimeout}, instead of the host
     * timeout; call once, before the first request.
     *
     * @param link       the client's link with the cluster.
     * @param failoverNs the failover timeout.
     */
    void failover(final HostSessionLink link, final long failoverNs)
    {
        this.failoverNs = failoverNs;
        this.cluster = link;
    }

    /**
     * Reads what the host sent while a request waits for the control stream to take it; call once, before the first
     * request. What it routes may send requests of its own through this proxy (a delivery that crossed its consumer's
     * close goes back, a new leader takes the consumers up again): they go before the request that waits.
     *
     * @param poll reads the host's replies once; returns the work done.
     */
    void pollWhileWaiting(final IntSupplier poll)
    {
        this.pollWhileWaiting = poll;
    }

    /** @return whether the host took a request once: then a lost connection means it has gone. */
    boolean hostSeen()
    {
        return hostSeen;
    }

    /** @return whether the host's control stream has its subscriber now. */
    boolean isConnected()
    {
        return publication.isConnected();
    }

    /** @return when a request last went to the host ({@link System#nanoTime()}). */
    long lastSentNs()
    {
        return lastSentNs;
    }

    /**
     * Sends a Connect.
     *
     * @param correlationId the request's id.
     * @param user          the user, or null.
     * @param password      the password, or null.
     * @param wait          whether to wait out back-pressure and a host not yet connected, up to the host timeout.
     * @return whether it was sent; without waiting, false when the control stream did not take it now.
     * @throws JMSException when waiting: the host has gone, or did not take it within the timeout.
     */
    synchronized boolean connect(
        final long correlationId, final String user, final String password, final boolean wait) throws JMSException
    {
        checkCredential(user, "user");
        checkCredential(password, "password");
        client(connect.wrapAndApplyHeader(buffer, 0, header).correlationId(correlationId)
            .protocolVersion(MessageHeaderEncoder.SCHEMA_VERSION).sessionId(publication.sessionId()).client());
        connect.user(user == null ? "" : user).password(password == null ? "" : password);
        if (wait)
        {
            offer(connect.encodedLength());
            return true;
        }
        return offerOnce(MessageHeaderEncoder.ENCODED_LENGTH + connect.encodedLength());
    }

    private boolean offerOnce(final int length)
    {
        try
        {
            if (publication.offer(buffer, 0, length) > 0)
            {
                lastSentNs = System.nanoTime();
                return true;
            }
        }
        catch (final TransportException ex)
        {
            // the next request that waits says why the host cannot be reached
        }
        return false;
    }

    /** Tells the host this client is alive, if the control stream takes it now; never waits. */
    synchronized void keepAlive()
    {
        client(keepAlive.wrapAndApplyHeader(buffer, 0, header).client());
        offerOnce(MessageHeaderEncoder.ENCODED_LENGTH + keepAlive.encodedLength());
    }

    synchronized void subscribe(final long consumerId, final int credits, final String queue, final String selector)
        throws JMSException
    {
        checkQueue(queue);
        checkSelector(selector);
        client(subscribe.wrapAndApplyHeader(buffer, 0, header).consumerId(consumerId).credit(credits).client());
        subscribe.queue(queue).selector(selector);
        offer(subscribe.encodedLength());
    }

    synchronized void subscribeShared(
        final long consumerId, final int credits, final String topic, final String selector, final String key,
        final String channel, final int streamId) throws JMSException
    {
        checkSubscription(topic, selector, key, channel);
        client(subscribeShared.wrapAndApplyHeader(buffer, 0, header).consumerId(consumerId).credit(credits)
            .streamId(streamId).client());
        subscribeShared.topic(topic).selector(selector).subscription(key).channel(channel);
        offer(subscribeShared.encodedLength());
    }

    synchronized void subscribeDurable(
        final long consumerId, final int credits, final String topic, final String selector, final String key,
        final String channel, final int streamId, final boolean shared, final boolean noLocal) throws JMSException
    {
        checkSubscription(topic, selector, key, channel);
        client(subscribeDurable.wrapAndApplyHeader(buffer, 0, header).consumerId(consumerId).credit(credits)
            .streamId(streamId).shared(bool(shared)).noLocal(bool(noLocal)).client());
        subscribeDurable.topic(topic).selector(selector).subscription(key).channel(channel);
        offer(subscribeDurable.encodedLength());
    }

    synchronized void unsubscribe(final long correlationId, final String key) throws JMSException
    {
        checkKey(key);
        client(unsubscribe.wrapAndApplyHeader(buffer, 0, header).correlationId(correlationId).client());
        unsubscribe.subscription(key);
        offer(unsubscribe.encodedLength());
    }

    synchronized void credit(final long consumerId, final int credits) throws JMSException
    {
        client(credit.wrapAndApplyHeader(buffer, 0, header).consumerId(consumerId).credit(credits).client());
        offer(credit.encodedLength());
    }

    /** Keeps the acknowledgements and give-backs sent from now on, to send again to a cluster's new leader. */
    synchronized void keepRecentSettlements()
    {
        recent = new RecentSettlements();
    }

    synchronized void acknowledge(final long consumerId, final long deliveryId) throws JMSException
    {
        sendAcknowledge(consumerId, deliveryId);
        if (null != recent)
        {
            recent.record(RecentSettlements.ACKNOWLEDGED, consumerId, deliveryId, System.nanoTime());
        }
    }

    private void sendAcknowledge(final long consumerId, final long deliveryId) throws JMSException
    {
        client(acknowledge.wrapAndApplyHeader(buffer, 0, header).consumerId(consumerId).deliveryId(deliveryId)
            .client());
        offer(acknowledge.encodedLength());
    }

    synchronized void giveBack(final long consumerId, final long deliveryId, final boolean seen) throws JMSException
    {
        sendGiveBack(consumerId, deliveryId, seen);
        if (null != recent)
        {
            recent.record(seen ? RecentSettlements.GIVEN_BACK_SEEN : RecentSettlements.GIVEN_BACK_UNSEEN, consumerId,
                deliveryId, System.nanoTime());
        }
    }

    private void sendGiveBack(final long consumerId, final long deliveryId, final boolean seen) throws JMSException
    {
        client(giveBack.wrapAndApplyHeader(buffer, 0, header).consumerId(consumerId).deliveryId(deliveryId)
            .seen(bool(seen)).client());
        offer(giveBack.encodedLength());
    }

    /**
     * Sends again the acknowledgements and give-backs sent since a time ({@link #keepRecentSettlements}).
     *
     * @param sinceNs {@link System#nanoTime()} of the oldest to send again.
     * @return how many went again.
     * @throws JMSException if the host cannot be reached.
     */
    synchronized int settleAgain(final long sinceNs) throws JMSException
    {
        return null == recent ? 0 : recent.sendSince(sinceNs, (kind, consumerId, deliveryId) ->
        {
            if (RecentSettlements.ACKNOWLEDGED == kind)
            {
                sendAcknowledge(consumerId, deliveryId);
            }
            else
            {
                sendGiveBack(consumerId, deliveryId, RecentSettlements.GIVEN_BACK_SEEN == kind);
            }
        });
    }

    synchronized void resync(final long consumerId, final long lastDeliveryId, final long credits)
        throws JMSException
    {
        client(resync.wrapAndApplyHeader(buffer, 0, header).consumerId(consumerId).lastDeliveryId(lastDeliveryId)
            .credit(credits).client());
        offer(resync.encodedLength());
    }

    synchronized void closeConsumer(final long consumerId, final boolean keepDeliveries) throws JMSException
    {
        client(closeConsumer.wrapAndApplyHeader(buffer, 0, header).consumerId(consumerId)
            .keepDeliveries(bool(keepDeliveries)).client());
        offer(closeConsumer.encodedLength());
    }

    synchronized void commit(
        final long correlationId, final int sessionId, final long transactionId, final int messages,
        final LongArrayList acknowledgements) throws JMSException
    {
        commit.wrapAndApplyHeader(buffer, 0, header).correlationId(correlationId).sessionId(sessionId)
            .transactionId(transactionId).messages(messages);
        client(commit.client());
        final CommitEncoder.AcknowledgementsEncoder acks = commit.acknowledgementsCount(acknowledgements.size() / 2);
        for (int i = 0; i < acknowledgements.size(); i += 2)
        {
            acks.next().consumerId(acknowledgements.getLong(i)).deliveryId(acknowledgements.getLong(i + 1));
        }
        offer(commit.encodedLength());
    }

    /**
     * @return the most acknowledgements one {@code Commit} carries: its group's limit, and what the control stream's
     *         longest message holds.
     */
    int maxCommitAcknowledgements()
    {
        final int room = (publication.maxMessageLength() - MessageHeaderEncoder.ENCODED_LENGTH -
            CommitEncoder.BLOCK_LENGTH - CommitEncoder.AcknowledgementsEncoder.HEADER_SIZE) /
            CommitEncoder.AcknowledgementsEncoder.sbeBlockLength();
        return Math.min(CommitEncoder.AcknowledgementsEncoder.countMaxValue(), room);
    }

    synchronized void pause(final long consumerId, final long correlationId) throws JMSException
    {
        client(pause.wrapAndApplyHeader(buffer, 0, header).consumerId(consumerId).correlationId(correlationId)
            .client());
        offer(pause.encodedLength());
    }

    synchronized void browse(final long correlationId, final String queue, final String selector)
        throws JMSException
    {
        checkQueue(queue);
        checkSelector(selector);
        client(browse.wrapAndApplyHeader(buffer, 0, header).correlationId(correlationId).client());
        browse.queue(queue).selector(selector);
        offer(browse.encodedLength());
    }

    /**
     * Keeps the temporary queues created from now on and not deleted, to create them again at a cluster's new leader
     * ({@link #temporaryQueuesAgain}).
     */
    synchronized void keepTemporaryQueues()
    {
        temporaryQueues = new LinkedHashSet<>();
    }

    /**
     * Creates again the temporary queues kept ({@link #keepTemporaryQueues}): at a cluster's new leader, which lacks
     * one whose creation reached only the lost leader, or in a new session, whose host forgot the old one's. The host
     * takes a temporary queue it has for the same queue.
     *
     * @return how many went again.
     * @throws JMSException if the host cannot be reached.
     */
    synchronized int temporaryQueuesAgain() throws JMSException
    {
        if (null == temporaryQueues)
        {
            return 0;
        }
        for (final String name : temporaryQueues)
        {
            sendTemporaryQueue(name, true);
        }
        return temporaryQueues.size();
    }

    synchronized void temporaryQueue(final String name, final boolean create) throws JMSException
    {
        if (null != temporaryQueues && !create)
        {
            temporaryQueues.remove(name);
        }
        sendTemporaryQueue(name, create);
        if (null != temporaryQueues && create)
        {
            temporaryQueues.add(name);
        }
    }

    private void sendTemporaryQueue(final String name, final boolean create) throws JMSException
    {
        if (create)
        {
            client(createTemporary.wrapAndApplyHeader(buffer, 0, header).client());
            createTemporary.queue(name);
            offer(createTemporary.encodedLength());
        }
        else
        {
            client(deleteTemporary.wrapAndApplyHeader(buffer, 0, header).client());
            deleteTemporary.queue(name);
            offer(deleteTemporary.encodedLength());
        }
    }

    /**
     * Sends on a new control publication from now on, closing the old one: after the host was lost, a new
     * publication (tied to a new response subscription) makes a new session with the host that runs next.
     *
     * @param replacement the new publication.
     */
    synchronized void relink(final TransportPublication replacement)
    {
        final TransportPublication old = publication;
        publication = replacement;
        old.close();
    }

    /**
     * Asks the host for room on a queue before sending to it.
     *
     * @param correlationId the request's id, which the grant or refusal carries.
     * @param queue         the queue.
     * @param messages      the fewest messages the grant must cover.
     * @param bytes         the fewest envelope bytes the grant must cover.
     * @throws JMSException if the request cannot be sent.
     */
    synchronized void sendCredit(final long correlationId, final String queue, final int messages, final long bytes)
        throws JMSException
    {
        checkQueue(queue);
        client(sendCredit.wrapAndApplyHeader(buffer, 0, header).correlationId(correlationId).messages(messages)
            .bytes(bytes).client());
        sendCredit.queue(queue);
        offer(sendCredit.encodedLength());
    }

    /**
     * Asks a clustered host for room on a topic's shared and durable subscriptions before forwarding to it.
     *
     * @param correlationId the request's id, which the grant or refusal carries.
     * @param topic         the topic.
     * @param messages      the fewest messages the grant must cover.
     * @param bytes         the fewest envelope bytes the grant must cover.
     * @throws JMSException if the request cannot be sent.
     */
    synchronized void topicCredit(final long correlationId, final String topic, final int messages, final long bytes)
        throws JMSException
    {
        client(topicCredit.wrapAndApplyHeader(buffer, 0, header).correlationId(correlationId).messages(messages)
            .bytes(bytes).client());
        topicCredit.topic(topic);
        offer(topicCredit.encodedLength());
    }

    /** Closes the control stream's publication. */
    synchronized void close()
    {
        publication.close();
    }

    private static void checkSubscription(
        final String topic, final String selector, final String key, final String channel) throws JMSException
    {
        final int topicBytes = utf8Length(topic);
        if (topicBytes > QueueStreams.MAX_TEXT_BYTES)
        {
            throw new InvalidDestinationException("topic '" + excerpt(topic) + "' is " + topicBytes +
                " bytes of UTF-8; a shared or durable subscription's topic name is at most " +
                QueueStreams.MAX_TEXT_BYTES + " bytes: shorten it");
        }
        checkSelector(selector);
        checkKey(key);
        final int channelBytes = utf8Length(channel);
        if (channelBytes > QueueStreams.MAX_TEXT_BYTES)
        {
            throw new JMSException("the topic's channel '" + excerpt(channel) + "' is " + channelBytes +
                " bytes of UTF-8, more than the " + QueueStreams.MAX_TEXT_BYTES + " the queue host takes: " +
                "shorten the route that gives it");
        }
    }

    private static void checkCredential(final String value, final String what) throws JMSException
    {
        final int bytes = null == value ? 0 : utf8Length(value);
        if (bytes > QueueStreams.MAX_TEXT_BYTES)
        {
            throw new JMSSecurityException("the " + what + " is " + bytes + " bytes of UTF-8; the queue host takes " +
                "at most " + QueueStreams.MAX_TEXT_BYTES + " bytes");
        }
    }

    private static void checkQueue(final String queue) throws JMSException
    {
        final int bytes = utf8Length(queue);
        if (bytes > QueueStreams.MAX_TEXT_BYTES)
        {
            throw new InvalidDestinationException("queue '" + excerpt(queue) + "' is " + bytes +
                " bytes of UTF-8; a queue name is at most " + QueueStreams.MAX_TEXT_BYTES + " bytes: shorten it");
        }
    }

    private static void checkSelector(final String selector) throws JMSException
    {
        final int bytes = utf8Length(selector);
        if (bytes > QueueStreams.MAX_TEXT_BYTES)
        {
            throw new InvalidSelectorException("the selector '" + excerpt(selector) + "' is " + bytes +
                " bytes of UTF-8; the queue host evaluates the selectors of queue consumers, browsers and shared " +
                "or durable subscriptions, and takes at most " + QueueStreams.MAX_TEXT_BYTES + " bytes: shorten " +
                "it (a long IN list can often become a property that says the same)");
        }
    }

    private static void checkKey(final String key) throws JMSException
    {
        final int bytes = utf8Length(key);
        if (bytes > QueueStreams.MAX_TEXT_BYTES)
        {
            throw new JMSException("subscription '" + excerpt(key) + "' is " + bytes + " bytes of UTF-8 with " +
                "its client id; the client id, '/' and the subscription name are at most " +
                QueueStreams.MAX_TEXT_BYTES + " bytes together: shorten them");
        }
    }

    /** @return the value's UTF-8 length, or 0 when it is too short to pass the limit (at most 3 bytes a char). */
    private static int utf8Length(final String value)
    {
        return value.length() <= QueueStreams.MAX_TEXT_BYTES / 3 ? 0 : Utf8.encodedLength(value);
    }

    private static String excerpt(final String value)
    {
        return value.length() <= 40 ? value : value.substring(0, 40) + "...";
    }

    private void client(final ClientRefEncoder ref)
    {
        ref.high(high).low(low).replyStreamId(replyStream);
    }

    private static BooleanType bool(final boolean value)
    {
        return value ? BooleanType.TRUE : BooleanType.FALSE;
    }

    private void offer(final int bodyLength) throws JMSException
    {
        final int length = MessageHeaderEncoder.ENCODED_LENGTH + bodyLength;
        long result = offer(buffer, length);
        if (result > 0)
        {
            return;
        }
        // the request waits, and reads the host's replies meanwhile: what they route may send requests of its own,
        // encoded in the same buffer, so the waiting request keeps a copy
        final UnsafeBuffer waiting = new UnsafeBuffer(new byte[length]);
        waiting.putBytes(0, buffer, 0, length);
        final long start = System.nanoTime();
        long deadline = start + hostTimeoutNs;
        final HostSessionLink cluster = this.cluster;
        final IntSupplier poll = pollWhileWaiting;
        while (true)
        {
            final long now = System.nanoTime();
            if (null != cluster)
            {
                // a cluster's ingress takes nothing while it elects a leader: the wait is failoverTimeout's, after
                // which the connection takes the cluster for lost (or, unheard of since, this wait gives up)
                cluster.throwIfFailoverFailed("nothing of this call was sent");
                if (cluster.awaitingLeader(now) && now - start < failoverNs)
                {
                    deadline = Math.max(deadline, now + hostTimeoutNs);
                }
            }
            else if (result == TransportPublication.NOT_CONNECTED && hostSeen)
            {
                throw HostRequests.hostGone(where);
            }
            if (result == TransportPublication.CLOSED || now > deadline)
            {
                throw HostRequests.unreachable("queue request", hostTimeoutNs, where);
            }
            // a cluster's egress brings the new leader's word, which points the ingress at it, and carries the
            // session's keep-alives: a wait that did not read it would wait for a leader it never hears of
            if (poll.getAsInt() == 0)
            {
                Thread.yield();
            }
            result = offer(waiting, length);
            if (result > 0)
            {
                return;
            }
        }
    }

    /** One try at sending a request: the control stream's result, > 0 when it took it. */
    private long offer(final DirectBuffer request, final int length) throws JMSException
    {
        final long result;
        try
        {
            result = publication.offer(request, 0, length);
        }
        catch (final TransportException ex)
        {
            throw new JMSException("queue host unreachable: " + ex.getMessage());
        }
        if (result > 0)
        {
            hostSeen = true;
            lastSentNs = System.nanoTime();
        }
        return result;
    }
}
