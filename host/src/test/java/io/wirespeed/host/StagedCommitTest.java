package io.wirespeed.host;

import java.nio.ByteOrder;
import java.util.List;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.wirespeed.codec.DestinationKind;
import io.wirespeed.codec.EnvelopeDescriptor;
import io.wirespeed.codec.EnvelopeWriter;
import io.wirespeed.codec.control.sbe.AcceptedDecoder;
import io.wirespeed.codec.control.sbe.CommitEncoder;
import io.wirespeed.codec.control.sbe.ErrorCode;
import io.wirespeed.codec.control.sbe.RecordedDecoder;
import io.wirespeed.codec.control.sbe.SubscribeEncoder;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A clustered host's transactions (issue 24 item 3): queue messages staged under a transaction's id are invisible
 * until one {@code Commit} takes them into their queues together with the transaction's acknowledgements; a commit
 * sent again applies once; one naming messages or deliveries the host no longer has is refused
 * ({@code TRANSACTION_ROLLED_BACK}) and applies nothing; staged messages are in the snapshot and go on in the
 * connection's next session.
 */
class StagedCommitTest
{
    private static final long CLIENT = 7;
    private static final int JMS_SESSION = 3;
    private static final int CONSUMER = 1;

    private final StateMachineRig rig = new StateMachineRig();
    private final QueueHost host = rig.host;
    private final StateMachineRig.Egress egress = rig.egress;

    @BeforeEach
    void connectAndDeliverOne()
    {
        rig.connect(host, CLIENT, 42);
        final UnsafeBuffer envelope = new UnsafeBuffer(new byte[256]);
        host.onQueueMessage(envelope, 0, envelope(envelope, 9, 1, "in"));
        final SubscribeEncoder subscribe = new SubscribeEncoder().wrapAndApplyHeader(rig.out, 0, rig.header)
            .consumerId(CONSUMER).credit(1);
        subscribe.client().high(CLIENT).low(CLIENT).replyStreamId(6000);
        subscribe.queue("in").selector("");
        rig.request(host, subscribe.encodedLength());
        host.onTick(1, 0);
        assertEquals(1, egress.deliveryIds.size(), "the message of queue 'in' was delivered to the consumer");
    }

    @AfterEach
    void close()
    {
        rig.close();
    }

    @Test
    void stagedMessagesWaitUnseenUntilOneCommitTakesThemWithItsAcknowledgementOnce()
    {
        final long confirmedBefore = egress.count(RecordedDecoder.TEMPLATE_ID);
        final long acceptedBefore = egress.count(AcceptedDecoder.TEMPLATE_ID);
        stage(host, 1, 1);
        stage(host, 1, 2);
        assertEquals(0, host.heldMessages("out"), "staged messages are in no queue before the commit");
        assertEquals(confirmedBefore + 2, egress.count(RecordedDecoder.TEMPLATE_ID), "each staged one is confirmed");
        stage(host, 1, 2);
        assertEquals(confirmedBefore + 3, egress.count(RecordedDecoder.TEMPLATE_ID), "a copy is confirmed again");

        commit(host, 10, 1, 2, egress.deliveryIds.get(0));
        assertEquals(2, host.heldMessages("out"), "the commit took both staged messages, not the copy");
        assertEquals(0, host.heldMessages("in"), "and applied its acknowledgement");
        assertEquals(acceptedBefore + 1, egress.count(AcceptedDecoder.TEMPLATE_ID));

        commit(host, 11, 1, 2, egress.deliveryIds.get(0));
        assertEquals(2, host.heldMessages("out"), "a commit sent again applies nothing more");
        assertEquals(acceptedBefore + 2, egress.count(AcceptedDecoder.TEMPLATE_ID), "and is answered again");
    }

    @Test
    void aCommitNamingMoreMessagesThanTheHostStagedIsRolledBackAndAppliesNothing()
    {
        stage(host, 1, 1);
        commit(host, 10, 1, 2, egress.deliveryIds.get(0));
        assertEquals(List.of(ErrorCode.TRANSACTION_ROLLED_BACK), egress.refusals);
        assertEquals(0, host.heldMessages("out"), "the staged message was dropped, not taken");
        assertEquals(1, host.heldMessages("in"), "the acknowledgement did not apply");
    }

    @Test
    void aCommitAcknowledgingADeliveryTheClientNoLongerHoldsIsRolledBack()
    {
        stage(host, 1, 1);
        commit(host, 10, 1, 1, egress.deliveryIds.get(0) + 1);
        assertEquals(List.of(ErrorCode.TRANSACTION_ROLLED_BACK), egress.refusals);
        assertEquals(0, host.heldMessages("out"));
    }

    @Test
    void aTransactionStagedUnderANewIdDropsWhatAnAbandonedCommitLeft()
    {
        stage(host, 1, 1);
        stage(host, 2, 2);
        commit(host, 10, 2, 1, egress.deliveryIds.get(0));
        assertEquals(1, host.heldMessages("out"), "only the message of transaction 2");
    }

    @Test
    void aNewSessionOfTheConnectionCommitsWhatTheOldOneStagedButNotItsDeliveries()
    {
        stage(host, 1, 1);
        rig.connect(host, CLIENT, 43);
        commit(host, 10, 1, 1, egress.deliveryIds.get(0));
        assertEquals(List.of(ErrorCode.TRANSACTION_ROLLED_BACK), egress.refusals,
            "the old session's delivery went back to its queue: acknowledging it would lose it");
        stage(host, 2, 2);
        rig.connect(host, CLIENT, 44);
        commit(host, 11, 2, 1);
        assertEquals(1, host.heldMessages("out"), "the staged message went on in the new session");
        assertEquals(1, egress.refusals.size());
    }

    @Test
    void stagedMessagesAreInTheSnapshotAndARestoredHostCommitsThem()
    {
        stage(host, 1, 1);
        stage(host, 1, 2);
        final QueueHost restored = rig.stateMachine(new StateMachineRig.Egress());
        try
        {
            rig.restore(restored);
            assertEquals(host.stateDigest(), restored.stateDigest(), "the staged messages are restored");
            commit(restored, 10, 1, 2, egress.deliveryIds.get(0));
            assertEquals(2, restored.heldMessages("out"));
        }
        finally
        {
            restored.close();
        }
    }

    private static int envelope(final UnsafeBuffer buffer, final int producer, final long sequence, final String queue)
    {
        return new EnvelopeWriter().wrap(buffer, 0).messageId(CLIENT, CLIENT, JMS_SESSION, producer, sequence)
            .timestamp(sequence).deliveryMode(EnvelopeDescriptor.PERSISTENT).destination(DestinationKind.QUEUE, queue)
            .textBody("m" + sequence).finish();
    }

    private static void stage(final QueueHost into, final long transactionId, final long sequence)
    {
        final UnsafeBuffer staged = new UnsafeBuffer(new byte[256]);
        final int length = envelope(new UnsafeBuffer(staged, Long.BYTES, 256 - Long.BYTES), 2, sequence, "out");
        staged.putLong(0, transactionId, ByteOrder.LITTLE_ENDIAN);
        into.onStagedQueueMessage(staged, 0, Long.BYTES + length);
    }

    private void commit(
        final QueueHost into, final long correlationId, final long transactionId, final int messages,
        final long... deliveryIds)
    {
        final CommitEncoder commit = new CommitEncoder().wrapAndApplyHeader(rig.out, 0, rig.header)
            .correlationId(correlationId).sessionId(JMS_SESSION).transactionId(transactionId).messages(messages);
        commit.client().high(CLIENT).low(CLIENT).replyStreamId(6000);
        final CommitEncoder.AcknowledgementsEncoder acknowledgements = commit.acknowledgementsCount(deliveryIds.length);
        for (final long deliveryId : deliveryIds)
        {
            acknowledgements.next().consumerId(CONSUMER).deliveryId(deliveryId);
        }
        rig.request(into, commit.encodedLength());
    }
}
