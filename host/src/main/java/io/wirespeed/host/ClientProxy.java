package io.wirespeed.host;

import java.util.List;

import org.agrona.DirectBuffer;
import org.agrona.ExpandableDirectByteBuffer;

import io.wirespeed.codec.control.sbe.AcceptedEncoder;
import io.wirespeed.codec.control.sbe.BooleanType;
import io.wirespeed.codec.control.sbe.BrowseEndEncoder;
import io.wirespeed.codec.control.sbe.BrowseItemEncoder;
import io.wirespeed.codec.control.sbe.ConnectedEncoder;
import io.wirespeed.codec.control.sbe.DeliverEncoder;
import io.wirespeed.codec.control.sbe.ErrorCode;
import io.wirespeed.codec.control.sbe.ForwardedTopicChangeEncoder;
import io.wirespeed.codec.control.sbe.ForwardedTopicsEncoder;
import io.wirespeed.codec.control.sbe.HeartbeatEncoder;
import io.wirespeed.codec.control.sbe.MessageHeaderEncoder;
import io.wirespeed.codec.control.sbe.RecordedEncoder;
import io.wirespeed.codec.control.sbe.RecordsQueuesEncoder;
import io.wirespeed.codec.control.sbe.RefusedEncoder;
import io.wirespeed.codec.control.sbe.SendGrantEncoder;
import io.wirespeed.codec.control.sbe.SendRefusedEncoder;

/**
 * The host's side of the control protocol's responses: encodes each response and hands it to the host's egress
 * ({@link HostEgress}), whose sends never fail: what the client's publication does not take now is the egress's to
 * keep ({@link PublicationEgress}'s send queue), so that nothing the host's state machine does depends on how sending
 * goes. Used on the host's thread only.
 */
final class ClientProxy
{
    private static final int MAX_MESSAGE_CHARS = 20_000;

    private final HostEgress egress;
    private final ExpandableDirectByteBuffer buffer = new ExpandableDirectByteBuffer(4096);
    private final MessageHeaderEncoder header = new MessageHeaderEncoder();
    private final AcceptedEncoder accepted = new AcceptedEncoder();
    private final RefusedEncoder refused = new RefusedEncoder();
    private final DeliverEncoder deliver = new DeliverEncoder();
    private final BrowseItemEncoder browseItem = new BrowseItemEncoder();
    private final BrowseEndEncoder browseEnd = new BrowseEndEncoder();
    private final ConnectedEncoder connected = new ConnectedEncoder();
    private final HeartbeatEncoder heartbeat = new HeartbeatEncoder();
    private final SendGrantEncoder sendGrant = new SendGrantEncoder();
    private final SendRefusedEncoder sendRefused = new SendRefusedEncoder();
    private final RecordedEncoder recorded = new RecordedEncoder();
    private final RecordsQueuesEncoder recordsQueues = new RecordsQueuesEncoder();
    private final ForwardedTopicsEncoder forwardedTopics = new ForwardedTopicsEncoder();
    private final ForwardedTopicChangeEncoder forwardedTopicChange = new ForwardedTopicChangeEncoder();

    /**
     * @param egress sends what is encoded.
     */
    ClientProxy(final HostEgress egress)
    {
        this.egress = egress;
    }

    /**
     * Tells a client its request succeeded.
     *
     * @param client        the client.
     * @param correlationId the request's id (a consumer's id for a subscribe).
     */
    void accepted(final HostSession client, final long correlationId)
    {
        accepted.wrapAndApplyHeader(buffer, 0, header).correlationId(correlationId).client().high(client.high)
            .low(client.low);
        send(client, MessageHeaderEncoder.ENCODED_LENGTH + accepted.encodedLength());
    }

    /**
     * Tells a client its session is open.
     *
     * @param client              the client.
     * @param correlationId       its Connect's id.
     * @param heartbeatIntervalMs how often the host sends a heartbeat when it sends nothing else.
     */
    void connected(final HostSession client, final long correlationId, final int heartbeatIntervalMs)
    {
        connected.wrapAndApplyHeader(buffer, 0, header).correlationId(correlationId)
            .heartbeatIntervalMs(heartbeatIntervalMs).client().high(client.high).low(client.low);
        send(client, MessageHeaderEncoder.ENCODED_LENGTH + connected.encodedLength());
    }

    /**
     * Tells a client the host is alive.
     *
     * @param client the client.
     */
    void heartbeat(final HostSession client)
    {
        heartbeat.wrapAndApplyHeader(buffer, 0, header).client().high(client.high).low(client.low);
        send(client, MessageHeaderEncoder.ENCODED_LENGTH + heartbeat.encodedLength());
    }

    /**
     * Tells a client its request failed.
     *
     * @param client        the client.
     * @param correlationId the request's id (a consumer's id for a subscribe).
     * @param code          what kind of failure, which the client turns into the JMS exception the specification
     *                      names.
     * @param message       what is wrong and what to change.
     */
    void refuse(final HostSession client, final long correlationId, final ErrorCode code, final String message)
    {
        refused.wrapAndApplyHeader(buffer, 0, header).correlationId(correlationId).code(code).client()
            .high(client.high).low(client.low);
        refused.message(fit(message));
        send(client, MessageHeaderEncoder.ENCODED_LENGTH + refused.encodedLength());
    }

    /**
     * A refusal quotes what the client sent, which may be as long as a text field holds: cut it so that the
     * message's UTF-8 (at most 3 bytes a char) fits its field.
     */
    private static String fit(final String message)
    {
        return message.length() <= MAX_MESSAGE_CHARS ? message : message.substring(0, MAX_MESSAGE_CHARS) + "...";
    }

    /**
     * Delivers a message to a consumer.
     *
     * @param client        the client.
     * @param consumerId    the consumer.
     * @param deliveryId    the delivery's id.
     * @param deliveryCount JMSXDeliveryCount.
     * @param envelope      holding the envelope.
     * @param offset        where it starts.
     * @param length        its length.
     */
    void deliver(
        final HostSession client, final long consumerId, final long deliveryId, final int deliveryCount,
        final DirectBuffer envelope, final int offset, final int length)
    {
        deliver.wrapAndApplyHeader(buffer, 0, header).consumerId(consumerId).deliveryId(deliveryId)
            .deliveryCount(deliveryCount).client().high(client.high).low(client.low);
        deliver.putEnvelope(envelope, offset, length);
        send(client, MessageHeaderEncoder.ENCODED_LENGTH + deliver.encodedLength());
    }

    /**
     * Sends one message of a browse.
     *
     * @param client        the client.
     * @param correlationId the browse's id.
     * @param deliveryCount how often it was delivered.
     * @param envelope      holding the envelope.
     * @param offset        where it starts.
     * @param length        its length.
     */
    void browseItem(
        final HostSession client, final long correlationId, final int deliveryCount, final DirectBuffer envelope,
        final int offset, final int length)
    {
        browseItem.wrapAndApplyHeader(buffer, 0, header).correlationId(correlationId).deliveryCount(deliveryCount)
            .client().high(client.high).low(client.low);
        browseItem.putEnvelope(envelope, offset, length);
        send(client, MessageHeaderEncoder.ENCODED_LENGTH + browseItem.encodedLength());
    }

    /**
     * Ends a browse.
     *
     * @param client        the client.
     * @param correlationId the browse's id.
     */
    void browseEnd(final HostSession client, final long correlationId)
    {
        browseEnd.wrapAndApplyHeader(buffer, 0, header).correlationId(correlationId).client().high(client.high)
            .low(client.low);
        send(client, MessageHeaderEncoder.ENCODED_LENGTH + browseEnd.encodedLength());
    }

    /**
     * Grants a client room on a queue for messages it is about to send.
     *
     * @param client        the client.
     * @param correlationId the request's id.
     * @param queue         the queue.
     * @param messages      how many messages.
     * @param bytes         how many envelope bytes.
     */
    void sendGrant(
        final HostSession client, final long correlationId, final String queue, final int messages, final long bytes)
    {
        sendGrant.wrapAndApplyHeader(buffer, 0, header).correlationId(correlationId).messages(messages).bytes(bytes)
            .client().high(client.high).low(client.low);
        sendGrant.queue(queue);
        send(client, MessageHeaderEncoder.ENCODED_LENGTH + sendGrant.encodedLength());
    }

    /**
     * Tells a client that a queue message of one of its sessions was refused and dropped.
     *
     * @param client     the client.
     * @param sessionId  the sending session, from the envelope.
     * @param producerId the sending producer, from the envelope.
     * @param queue      the queue.
     * @param message    why, and what to change.
     */
    void sendRefused(
        final HostSession client, final int sessionId, final int producerId, final String queue, final String message)
    {
        sendRefused.wrapAndApplyHeader(buffer, 0, header).sessionId(sessionId).producerId(producerId).client()
            .high(client.high).low(client.low);
        sendRefused.queue(queue).message(fit(message));
        send(client, MessageHeaderEncoder.ENCODED_LENGTH + sendRefused.encodedLength());
    }

    /**
     * Tells a client over UDP that the archive recorded a PERSISTENT queue message of one of its producers (and the
     * producer's earlier ones the host took): the send waiting for it returns.
     *
     * @param client     the client.
     * @param sessionId  the sending session, from the envelope.
     * @param producerId the sending producer, from the envelope.
     * @param sequence   the producer's sequence, from the envelope.
     */
    void recorded(final HostSession client, final int sessionId, final int producerId, final long sequence)
    {
        recorded.wrapAndApplyHeader(buffer, 0, header).sessionId(sessionId).producerId(producerId).sequence(sequence)
            .client().high(client.high).low(client.low);
        send(client, MessageHeaderEncoder.ENCODED_LENGTH + recorded.encodedLength());
    }

    /**
     * Tells a client over UDP, before its session opens, that this host keeps its queues in the archive: its
     * PERSISTENT queue sends wait for {@link #recorded}.
     *
     * @param client the client.
     */
    void recordsQueues(final HostSession client)
    {
        recordsQueues.wrapAndApplyHeader(buffer, 0, header).client().high(client.high).low(client.low);
        send(client, MessageHeaderEncoder.ENCODED_LENGTH + recordsQueues.encodedLength());
    }

    /**
     * Tells a clustered host's client the topics that shared and durable subscriptions are on, all of them (before
     * {@code Connected} and at each new leader; changes follow as {@link #forwardedTopicChange}): it forwards what it
     * publishes to them into the cluster's ingress.
     *
     * @param client the client.
     * @param topics the topics.
     */
    void forwardedTopics(final HostSession client, final List<String> topics)
    {
        forwardedTopics.wrapAndApplyHeader(buffer, 0, header).client().high(client.high).low(client.low);
        final ForwardedTopicsEncoder.TopicsEncoder group = forwardedTopics.topicsCount(topics.size());
        for (final String topic : topics)
        {
            group.next().name(topic);
        }
        send(client, MessageHeaderEncoder.ENCODED_LENGTH + forwardedTopics.encodedLength());
    }

    /**
     * Tells a clustered host's client that a topic gained its first shared or durable subscription, or lost its last:
     * the change to the list {@link #forwardedTopics} gave.
     *
     * @param client    the client.
     * @param topic     the topic.
     * @param forwarded whether the client forwards what it publishes to the topic now.
     */
    void forwardedTopicChange(final HostSession client, final String topic, final boolean forwarded)
    {
        forwardedTopicChange.wrapAndApplyHeader(buffer, 0, header).client().high(client.high).low(client.low);
        forwardedTopicChange.forwarded(forwarded ? BooleanType.TRUE : BooleanType.FALSE).name(topic);
        send(client, MessageHeaderEncoder.ENCODED_LENGTH + forwardedTopicChange.encodedLength());
    }

    private void send(final HostSession client, final int length)
    {
        egress.send(client, buffer, 0, length);
    }
}
