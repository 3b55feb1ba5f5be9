package io.wirespeed.host;

import java.util.List;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.wirespeed.codec.DestinationKind;
import io.wirespeed.codec.EnvelopeDescriptor;
import io.wirespeed.codec.EnvelopeWriter;
import io.wirespeed.codec.control.sbe.BooleanType;
import io.wirespeed.codec.control.sbe.CloseConsumerEncoder;
import io.wirespeed.codec.control.sbe.ErrorCode;
import io.wirespeed.codec.control.sbe.RecordedDecoder;
import io.wirespeed.codec.control.sbe.SubscribeDurableEncoder;
import io.wirespeed.codec.control.sbe.SubscribeSharedEncoder;
import io.wirespeed.codec.control.sbe.UnsubscribeEncoder;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
    void clientsHearTheSubscribedTopicsBeforeConnectedAndWhenTheyChange()
    {
        assertEquals(List.of("topics [] to 7", "connected 7", "topics [] to 8", "connected 8"), egress.greetings);
        subscribe(host, 1, "prices", "", false);
        assertEquals(List.of("topics [prices] to 7", "topics [prices] to 8"), egress.greetings.subList(4, 6));
        closeConsumer(host, 1);
        unsubscribe(host, 2);
        assertEquals(List.of("topics [] to 7", "topics [] to 8"), egress.greetings.subList(6, 8));
        assertEquals(List.of(), egress.refusals);
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
        assertEquals("topics [prices] to 8", egress.greetings.get(egress.greetings.size() - 1));
        publish(host, PUBLISHER, 1, "prices", "A");
        publish(host, PUBLISHER, 2, "prices", "B");
        host.onTick(1, 0);
        assertEquals(List.of("1:A", "2:B"), egress.deliveries.stream().sorted().toList(),
            "each message once, to a consumer whose selector takes it");
        closeConsumer(host, 1);
        closeConsumer(host, 2);
        assertEquals("topics [] to 8", egress.greetings.get(egress.greetings.size() - 1),
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

    private void subscribe(
        final QueueHost into, final long consumerId, final String topic, final String selector, final boolean noLocal)
    {
        final SubscribeDurableEncoder subscribe = new SubscribeDurableEncoder()
            .wrapAndApplyHeader(rig.out, 0, rig.header).consumerId(consumerId).credit(16).streamId(1)
            .shared(BooleanType.FALSE)
            .noLocal(noLocal ? BooleanType.TRUE : BooleanType.FALSE);
        subscribe.client().high(SUBSCRIBER).low(SUBSCRIBER).replyStreamId(6000);
        subscribe.topic(topic).selector(selector).subscription("app/" + consumerId % 2).channel("aeron:ipc");
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
        final UnsubscribeEncoder unsubscribe = new UnsubscribeEncoder().wrapAndApplyHeader(rig.out, 0, rig.header)
            .correlationId(correlationId);
        unsubscribe.client().high(SUBSCRIBER).low(SUBSCRIBER).replyStreamId(6000);
        unsubscribe.subscription("app/1");
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
