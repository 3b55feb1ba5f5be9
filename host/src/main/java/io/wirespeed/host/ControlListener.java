package io.wirespeed.host;

import org.agrona.collections.LongArrayList;

/**
 * What the queue host does with each request of the control protocol, as {@link ControlAdapter} decoded and
 * checked it. Called on the host's thread only.
 */
interface ControlListener
{
    /**
     * The client a request came from, known from then on; it was heard now. A client over IPC is made known by its
     * first request unless the host authenticates; a client over UDP, or of a host that authenticates, must have
     * opened its session with {@link #onConnect}.
     *
     * @param high          its connection id, high half.
     * @param low           its connection id, low half.
     * @param replyStreamId the stream it receives responses on.
     * @param udp           whether the request came over UDP.
     * @return the client.
     * @throws ClientLimitException if the host has no room for it, or it has no session where it needs one: the
     *                              request is dropped with a warning.
     */
    HostSession client(long high, long low, int replyStreamId, boolean udp);

    /**
     * Opens a client's session: checks its protocol version and credentials, makes the publication that reaches it
     * (over UDP, the response channel of its control publication's session) and answers Connected or Refused.
     *
     * @param high            its connection id, high half.
     * @param low             its connection id, low half.
     * @param replyStreamId   the stream it receives responses on.
     * @param correlationId   the request's id.
     * @param protocolVersion the control schema version it speaks.
     * @param sessionId       the session of its control publication.
     * @param user            the user it names, or empty.
     * @param password        the password, or empty.
     * @param udp             whether the request came over UDP.
     */
    void onConnect(
        long high, long low, int replyStreamId, long correlationId, int protocolVersion, int sessionId, String user,
        String password, boolean udp);

    /**
     * Opens a consumer on a queue.
     *
     * @param client     the client.
     * @param consumerId the consumer's id within the client (also the request's correlation id).
     * @param credit     how many messages the host may send ahead.
     * @param queue      the queue's name.
     * @param selector   the selector, or empty.
     */
    void onSubscribe(HostSession client, long consumerId, int credit, String queue, String selector);

    /**
     * Opens a consumer on a shared topic subscription.
     *
     * @param client       the client.
     * @param consumerId   the consumer's id.
     * @param credit       how many messages the host may send ahead.
     * @param topic        the topic.
     * @param selector     the selector, or empty.
     * @param subscription the subscription's identity.
     * @param channel      the topic's channel.
     * @param streamId     the topic's stream.
     */
    void onSubscribeShared(
        HostSession client, long consumerId, int credit, String topic, String selector, String subscription,
        String channel, int streamId);

    /**
     * Opens a consumer on a durable subscription, creating or replacing it.
     *
     * @param client       the client.
     * @param consumerId   the consumer's id.
     * @param credit       how many messages the host may send ahead.
     * @param topic        the topic.
     * @param selector     the selector, or empty.
     * @param subscription the subscription's identity (client id, "/", name).
     * @param channel      the topic's channel.
     * @param streamId     the topic's stream.
     * @param shared       whether the subscription is shared.
     * @param noLocal      whether the subscriber's own connection's messages are left out.
     */
    void onSubscribeDurable(
        HostSession client, long consumerId, int credit, String topic, String selector, String subscription,
        String channel, int streamId, boolean shared, boolean noLocal);

    /**
     * Deletes a durable subscription.
     *
     * @param client        the client.
     * @param correlationId the request's id.
     * @param subscription  the subscription's identity.
     */
    void onUnsubscribe(HostSession client, long correlationId, String subscription);

    /**
     * Grants a consumer more credit.
     *
     * @param client     the client.
     * @param consumerId the consumer.
     * @param credit     how many more.
     */
    void onCredit(HostSession client, long consumerId, int credit);

    /**
     * Acknowledges a delivery.
     *
     * @param client     the client.
     * @param consumerId the consumer.
     * @param deliveryId the delivery.
     */
    void onAcknowledge(HostSession client, long consumerId, long deliveryId);

    /**
     * Commits a transaction of a clustered host's client in one log entry: the queue messages its session staged under
     * the transaction id ({@link HostInputs#onStagedQueueMessage}) go into their queues and the acknowledgements
     * apply, all or nothing; answered {@code Accepted}, again for a transaction applied already, or {@code Refused}
     * ({@code TRANSACTION_ROLLED_BACK}) when the host no longer has what the commit names.
     *
     * @param client           the client.
     * @param correlationId    the request's id, for the answer.
     * @param sessionId        the client's JMS session that commits.
     * @param transactionId    the transaction, rising with each of the session's commits.
     * @param messages         how many queue messages the session staged for it.
     * @param acknowledgements the deliveries it acknowledges, as consumer id and delivery id pairs.
     */
    void onCommit(
        HostSession client, long correlationId, int sessionId, long transactionId, int messages,
        LongArrayList acknowledgements);

    /**
     * A clustered host's new leader took over: the client says the last delivery it received of a consumer and the
     * credit it still grants it; the deliveries in flight to it after that one are sent again.
     *
     * @param client         the client.
     * @param consumerId     the consumer.
     * @param lastDeliveryId the last delivery the client received of it (0 for none).
     * @param credit         how many more messages the client takes.
     */
    void onResync(HostSession client, long consumerId, long lastDeliveryId, long credit);

    /**
     * Gives a delivery back to its queue.
     *
     * @param client     the client.
     * @param consumerId the consumer.
     * @param deliveryId the delivery.
     * @param seen       whether the application saw it (it stays marked redelivered).
     */
    void onGiveBack(HostSession client, long consumerId, long deliveryId, boolean seen);

    /**
     * Closes a consumer.
     *
     * @param client         the client.
     * @param consumerId     the consumer.
     * @param keepDeliveries whether its session still holds deliveries, which stay in flight.
     */
    void onCloseConsumer(HostSession client, long consumerId, boolean keepDeliveries);

    /**
     * Stops deliveries to a consumer until its next credit.
     *
     * @param client        the client.
     * @param consumerId    the consumer.
     * @param correlationId the request's id, answered after every delivery already sent.
     */
    void onPause(HostSession client, long consumerId, long correlationId);

    /**
     * Sends a queue's waiting messages.
     *
     * @param client        the client.
     * @param correlationId the request's id.
     * @param queue         the queue.
     * @param selector      the selector, or empty.
     */
    void onBrowse(HostSession client, long correlationId, String queue, String selector);

    /**
     * Creates a temporary queue owned by the client.
     *
     * @param client the client.
     * @param queue  its name.
     */
    void onCreateTemporaryQueue(HostSession client, String queue);

    /**
     * Deletes a temporary queue of the client.
     *
     * @param client the client.
     * @param queue  its name.
     */
    void onDeleteTemporaryQueue(HostSession client, String queue);

    /**
     * A producer's client asks room on a queue for messages it is about to send: answered with a grant, a refusal,
     * or (the queue full, its policy block) a grant when room comes.
     *
     * @param client        the client.
     * @param correlationId the request's id.
     * @param queue         the queue.
     * @param messages      the fewest messages the grant must cover.
     * @param bytes         the fewest envelope bytes the grant must cover.
     */
    default void onSendCredit(HostSession client, long correlationId, String queue, int messages, long bytes)
    {
    }

    /**
     * A publisher's client asks a clustered host for room on a topic's shared and durable subscriptions, for messages
     * it is about to forward into the log: answered with a grant, a refusal, or (a subscription full, the policy
     * block) a grant when every subscription has room.
     *
     * @param client        the client.
     * @param correlationId the request's id.
     * @param topic         the topic.
     * @param messages      the fewest messages the grant must cover.
     * @param bytes         the fewest envelope bytes the grant must cover.
     */
    default void onTopicCredit(HostSession client, long correlationId, String topic, int messages, long bytes)
    {
    }
}
