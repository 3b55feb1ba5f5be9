package io.wirespeed.host;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.wirespeed.codec.DestinationKind;
import io.wirespeed.codec.EnvelopeDescriptor;
import io.wirespeed.codec.EnvelopeWriter;
import io.wirespeed.codec.control.sbe.AcknowledgeEncoder;
import io.wirespeed.codec.control.sbe.BooleanType;
import io.wirespeed.codec.control.sbe.CloseConsumerEncoder;
import io.wirespeed.codec.control.sbe.ErrorCode;
import io.wirespeed.codec.control.sbe.RecordedDecoder;
import io.wirespeed.codec.control.sbe.SubscribeDurableEncoder;
import io.wirespeed.codec.control.sbe.SubscribeSharedEncoder;
import io.wirespeed.codec.control.sbe.TopicCreditEncoder;
import io.wirespeed.codec.control.sbe.UnsubscribeEncoder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A clustered host's durable subscriptions (issue 24 item 3), fed from the log: clients are told the subscribed
 * topics before {@code Connected} and when they change; a topic message forwarded into the log goes to each durable
 * subscription its selector and noLocal let it into, confirmed once; a subscription, its definition and what it holds
 * are in the snapshot.
 */
class LoggedSubscriptionsTest
{
    private static final long SUBSCRIBER = 7;
    private static final long PUBLISHER = 8;

    private final StateMachineRig rig = new StateMachineRig();
    private final QueueHost host = rig.host;
    private final StateMachineRig.Egress egress = rig.egress;

    @BeforeEach
    void connect()
    {
        rig.connect(host, SUBSCRIBER, (int)SUBSCRIBER);
        rig.connect(host, PUBLISHER, (int)PUBLISHER);
    }

    @AfterEach
    void close()
    {
        rig.close();
    }

    @Test
    void clientsHearTheSubscribedTopicsBeforeConnectedThenEachTopicThatGainsItsFirstSubscriptionOrLosesItsLast()
    {
        assertEquals(List.of("topics [] to 7", "connected 7", "topics [] to 8", "connected 8"), egress.greetings);
        subscribe(host, 1, "prices", "", false);
        assertEquals(List.of("+prices to 7", "+prices to 8"), egress.greetings.subList(4, 6));
        subscribe(host, 3, "prices", "", false, "app/other");
        shared(host, 4, "");
        assertEquals(6, egress.greetings.size(), "more subscriptions on the topic change nothing: " + egress.greetings);
        closeConsumer(host, 3);
        unsubscribe(host, 5, "app/other");
        closeConsumer(host, 4);
        assertEquals(6, egress.greetings.size(), "the topic keeps one subscription: " + egress.greetings);
        closeConsumer(host, 1);
        unsubscribe(host, 2);
        assertEquals(List.of("-prices to 7", "-prices to 8"), egress.greetings.subList(6, 8));
        assertEquals(List.of(), egress.refusals);

        host.onNewLeadershipTerm();
        assertEquals(List.of("topics [] to 7", "topics [] to 8"), egress.greetings.subList(8, 10),
            "the whole list again at a new leader");
    }

    @Test
    void withThousandsOfSubscribedTopicsEachNewOneCostsEveryClientOneNameAndAMessageReachesOnlyItsTopics()
    {
        final int topics = 2_000;
        final int before = egress.greetings.size();
        final long bytesBefore = egress.bytes;
        for (int i = 0; i < topics; i++)
        {
            subscribe(host, 10 + i, "t" + i, "", false, "app/t" + i);
        }
        assertEquals(2 * topics, egress.greetings.size() - before, "one change per topic per client");
        final long sent = egress.bytes - bytesBefore;
        assertTrue(sent < 100L * 2 * topics, sent + " bytes for " + topics + " subscriptions' answers and changes " +
            "to two clients: at most 100 each (the whole list each time was about 24 MB)");
        assertEquals(List.of("+t1999 to 7", "+t1999 to 8"),
            egress.greetings.subList(egress.greetings.size() - 2, egress.greetings.size()));

        publish(host, PUBLISHER, 1, "t1999", "A");
        publish(host, PUBLISHER, 2, "t7", "B");
        publish(host, PUBLISHER, 3, "nobody", "C");
        host.onTick(1, 0);
        assertEquals(List.of("17:B", "2009:A"), egress.deliveries.stream().sorted().toList());
        assertEquals(List.of(), egress.refusals);

        final StateMachineRig.Egress restoredEgress = new StateMachineRig.Egress();
        final QueueHost restored = rig.stateMachine(restoredEgress);
        try
        {
            rig.restore(restored);
            assertEquals(host.stateDigest(), restored.stateDigest(), "the subscriptions are restored");
            rig.connect(restored, 9, 9);
            assertEquals("topics [" + String.join(", ", new TreeSet<>(topicNames(topics))) + "] to 9",
                restoredEgress.greetings.get(0), "a new client hears all of them, in order");
        }
        finally
        {
            restored.close();
        }
    }

    @Test
    void aForwardedTopicMessageGoesToTheSubscriptionsItsSelectorAndNoLocalLetItIntoOnce()
    {
        subscribe(host, 1, "prices", "sym = 'A'", false);
        subscribe(host, 2, "prices", "", true);
        final long confirmedBefore = egress.count(RecordedDecoder.TEMPLATE_ID);
        publish(host, PUBLISHER, 1, "prices", "A");
        publish(host, PUBLISHER, 2, "prices", "B");
        publish(host, PUBLISHER, 2, "prices", "B");
        publish(host, SUBSCRIBER, 3, "prices", "A");
        publish(host, PUBLISHER, 4, "other", "A");
        host.onTick(1, 0);
        assertEquals(confirmedBefore + 5, egress.count(RecordedDecoder.TEMPLATE_ID), "each confirmed, the copy too");
        assertEquals(List.of("1:A", "1:A", "2:A", "2:B"), egress.deliveries.stream().sorted().toList(),
            "the selector's subscription took the A ones, the noLocal one not its own connection's, none twice");
    }

    @Test
    void aSubscriptionAndWhatItHoldsAreInTheSnapshot()
    {
        subscribe(host, 1, "prices", "sym = 'A'", true);
        closeConsumer(host, 1);
        publish(host, PUBLISHER, 1, "prices", "A");
        publish(host, PUBLISHER, 2, "prices", "B");
        final StateMachineRig.Egress restoredEgress = new StateMachineRig.Egress();
        final QueueHost restored = rig.stateMachine(restoredEgress);
        try
        {
            rig.restore(restored);
            assertEquals(host.stateDigest(), restored.stateDigest(), "the subscription is restored");
            subscribe(restored, 3, "prices", "sym = 'A'", true);
            publish(restored, PUBLISHER, 3, "prices", "A");
            restored.onTick(1, 0);
            assertEquals(List.of("3:A", "3:A"), restoredEgress.deliveries, "what it held, then what came after");
        }
        finally
        {
            restored.close();
        }
    }

    @Test
    void aSharedSubscriptionsConsumersSplitItsMessagesWithTheirOwnSelectorsAndItGoesWithTheLast()
    {
        shared(host, 1, "");
        shared(host, 2, "sym = 'B'");
        assertEquals("+prices to 8", egress.greetings.get(egress.greetings.size() - 1));
        publish(host, PUBLISHER, 1, "prices", "A");
        publish(host, PUBLISHER, 2, "prices", "B");
        host.onTick(1, 0);
        assertEquals(List.of("1:A", "2:B"), egress.deliveries.stream().sorted().toList(),
            "each message once, to a consumer whose selector takes it");
        closeConsumer(host, 1);
        closeConsumer(host, 2);
        assertEquals("-prices to 8", egress.greetings.get(egress.greetings.size() - 1),
            "the subscription went with its last consumer");
        assertEquals(-1, host.heldMessages(LoggedSubscriptions.QUEUE_PREFIX + "shared:app/shared"));
    }

    @Test
    void anUnsubscribeOfASubscriptionWithAnActiveConsumerIsRefused()
    {
        subscribe(host, 1, "prices", "", false);
        unsubscribe(host, 2);
        assertEquals(List.of(ErrorCode.ILLEGAL_STATE), egress.refusals);
    }

    @Test
    void aPublisherKeepsRoomOnEverySubscriptionOfItsTopicAndWaitsForItWhenOneIsFull()
    {
        host.queueLimits(limits(FullPolicy.BLOCK));
        subscribe(host, 1, "prices", "sym = 'A'", false);
        subscribe(host, 2, "prices", "", false);
        topicCredit(host, 100);
        assertEquals(List.of("2 on prices to 8"), egress.grants, "room for the one asked and half the rest");
        publish(host, PUBLISHER, 1, "prices", "B");
        publish(host, PUBLISHER, 2, "prices", "B");
        topicCredit(host, 101);
        publish(host, PUBLISHER, 3, "prices", "B");
        topicCredit(host, 102);
        publish(host, PUBLISHER, 4, "prices", "B");
        assertEquals(List.of("2 on prices to 8", "1 on prices to 8", "1 on prices to 8"), egress.grants);
        assertEquals(4, host.heldMessages(LoggedSubscriptions.QUEUE_PREFIX + "durable:app/0"), "it holds its limit");

        topicCredit(host, 103);
        host.onTick(1, 0);
        assertEquals(3, egress.grants.size(), "no room on the subscription without a selector: the request waits");
        assertEquals(List.of(), egress.refusals);

        acknowledgeFirst(host, 2);
        host.onTick(2, 0);
        assertEquals("1 on prices to 8", egress.grants.get(3), "the room its consumer made is granted; the " +
            "subscription whose selector left the messages out gave back what was kept on it");
        publish(host, PUBLISHER, 5, "prices", "A");
        assertEquals(4, host.heldMessages(LoggedSubscriptions.QUEUE_PREFIX + "durable:app/0"));
        assertEquals(1, host.heldMessages(LoggedSubscriptions.QUEUE_PREFIX + "durable:app/1"));
        assertEquals(List.of(), egress.refusals, "each forwarded message had room");
    }

    @Test
    void aRequestForRoomOnAFullSubscriptionIsInTheSnapshotAndGrantedWhenItDrains()
    {
        host.queueLimits(limits(FullPolicy.BLOCK));
        fillThenAskForMore();
        final int granted = egress.grants.size();
        final StateMachineRig.Egress restoredEgress = new StateMachineRig.Egress();
        final QueueHost restored = rig.stateMachine(restoredEgress);
        try
        {
            restored.queueLimits(limits(FullPolicy.BLOCK));
            rig.restore(restored);
            assertEquals(host.stateDigest(), restored.stateDigest(), "the waiting request is restored");
            acknowledgeFirst(restored, 2);
            restored.onTick(2, 0);
            assertEquals(List.of("1 on prices to 8"), restoredEgress.grants, "granted once the subscription drained");
            assertEquals(granted, egress.grants.size());
        }
        finally
        {
            restored.close();
        }
    }

    @Test
    void aRequestForRoomOnAFullSubscriptionUnderTheFailPolicyIsRefusedAtOnce()
    {
        host.queueLimits(limits(FullPolicy.FAIL));
        fillThenAskForMore();
        assertEquals(List.of(ErrorCode.RESOURCE_LIMIT), egress.refusals);
    }

    /** A subscription with room for 4 and no consumer is filled with room asked ahead; then room is asked again. */
    private void fillThenAskForMore()
    {
        subscribe(host, 2, "prices", "", false);
        topicCredit(host, 100, 4);
        for (int sequence = 1; sequence <= 4; sequence++)
        {
            publish(host, PUBLISHER, sequence, "prices", "B");
        }
        host.onTick(1, 0);
        topicCredit(host, 200, 1);
    }

    private static QueueLimits limits(final FullPolicy policy)
    {
        return new QueueLimits(4, 1 << 20, 1 << 24, 100, 0, policy, Map.of());
    }

    private void topicCredit(final QueueHost into, final long correlationId)
    {
        topicCredit(into, correlationId, 1);
    }

    private void topicCredit(final QueueHost into, final long correlationId, final int messages)
    {
        final TopicCreditEncoder credit = new TopicCreditEncoder().wrapAndApplyHeader(rig.out, 0, rig.header)
            .correlationId(correlationId).messages(messages).bytes(256L * messages);
        credit.client().high(PUBLISHER).low(PUBLISHER).replyStreamId(6000);
        credit.topic("prices");
        rig.request(into, credit.encodedLength());
    }

    /** Acknowledges the first delivery that the egress saw go to a consumer of the subscriber. */
    private void acknowledgeFirst(final QueueHost into, final long consumerId)
    {
        final int index = egress.deliveries.indexOf(consumerId + ":B");
        final AcknowledgeEncoder acknowledge = new AcknowledgeEncoder().wrapAndApplyHeader(rig.out, 0, rig.header)
            .consumerId(consumerId).deliveryId(egress.deliveryIds.get(index));
        acknowledge.client().high(SUBSCRIBER).low(SUBSCRIBER).replyStreamId(6000);
        rig.request(into, acknowledge.encodedLength());
    }

    private static List<String> topicNames(final int count)
    {
        final List<String> names = new ArrayList<>(count);
        for (int i = 0; i < count; i++)
        {
            names.add("t" + i);
        }
        return names;
    }

    private void subscribe(
        final QueueHost into, final long consumerId, final String topic, final String selector, final boolean noLocal)
    {
        subscribe(into, consumerId, topic, selector, noLocal, "app/" + consumerId % 2);
    }

    private void subscribe(
        final QueueHost into, final long consumerId, final String topic, final String selector, final boolean noLocal,
        final String name)
    {
        final SubscribeDurableEncoder subscribe = new SubscribeDurableEncoder()
            .wrapAndApplyHeader(rig.out, 0, rig.header).consumerId(consumerId).credit(16).streamId(1)
            .shared(BooleanType.FALSE)
            .noLocal(noLocal ? BooleanType.TRUE : BooleanType.FALSE);
        subscribe.client().high(SUBSCRIBER).low(SUBSCRIBER).replyStreamId(6000);
        subscribe.topic(topic).selector(selector).subscription(name).channel("aeron:ipc");
        rig.request(into, subscribe.encodedLength());
    }

    private void shared(final QueueHost into, final long consumerId, final String selector)
    {
        final SubscribeSharedEncoder subscribe = new SubscribeSharedEncoder()
            .wrapAndApplyHeader(rig.out, 0, rig.header).consumerId(consumerId).credit(16).streamId(1);
        subscribe.client().high(SUBSCRIBER).low(SUBSCRIBER).replyStreamId(6000);
        subscribe.topic("prices").selector(selector).subscription("app/shared").channel("aeron:ipc");
        rig.request(into, subscribe.encodedLength());
    }

    private void closeConsumer(final QueueHost into, final long consumerId)
    {
        final CloseConsumerEncoder close = new CloseConsumerEncoder().wrapAndApplyHeader(rig.out, 0, rig.header)
            .consumerId(consumerId).keepDeliveries(BooleanType.FALSE);
        close.client().high(SUBSCRIBER).low(SUBSCRIBER).replyStreamId(6000);
        rig.request(into, close.encodedLength());
    }

    private void unsubscribe(final QueueHost into, final long correlationId)
    {
        unsubscribe(into, correlationId, "app/1");
    }

    private void unsubscribe(final QueueHost into, final long correlationId, final String name)
    {
        final UnsubscribeEncoder unsubscribe = new UnsubscribeEncoder().wrapAndApplyHeader(rig.out, 0, rig.header)
            .correlationId(correlationId);
        unsubscribe.client().high(SUBSCRIBER).low(SUBSCRIBER).replyStreamId(6000);
        unsubscribe.subscription(name);
        rig.request(into, unsubscribe.encodedLength());
    }

    private static void publish(
        final QueueHost into, final long connection, final long sequence, final String topic, final String symbol)
    {
        final UnsafeBuffer envelope = new UnsafeBuffer(new byte[256]);
        final EnvelopeWriter writer = new EnvelopeWriter().wrap(envelope, 0)
            .messageId(connection, connection, 1, 1, sequence).timestamp(sequence)
            .deliveryMode(EnvelopeDescriptor.PERSISTENT);
        writer.properties().stringValue("sym", symbol);
        final int length = writer.destination(DestinationKind.TOPIC, topic).textBody(symbol).finish();
        into.onTopicMessage(envelope, 0, length);
    }
}
