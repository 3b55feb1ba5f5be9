package io.wirespeed.host;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.wirespeed.codec.DestinationKind;
import io.wirespeed.codec.EnvelopeWriter;
import io.wirespeed.codec.control.QueueStreams;
import io.wirespeed.codec.control.sbe.AcknowledgeEncoder;
import io.wirespeed.codec.control.sbe.BooleanType;
import io.wirespeed.codec.control.sbe.CreateTemporaryQueueEncoder;
import io.wirespeed.codec.control.sbe.CreditEncoder;
import io.wirespeed.codec.control.sbe.GiveBackEncoder;
import io.wirespeed.codec.control.sbe.MessageHeaderEncoder;
import io.wirespeed.codec.control.sbe.SubscribeEncoder;
import io.wirespeed.codec.snapshot.sbe.MessageHeaderDecoder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A state machine's snapshot ({@link HostSnapshot}) restored into a fresh state machine: the same state digest, and
 * both then fed the same inputs stay equal and send the same.
 */
class HostSnapshotTest
{
    private static final long TIMEOUT_NS = TimeUnit.SECONDS.toNanos(5);
    private static final String TEMPORARY = QueueStreams.TEMPORARY_QUEUE_PREFIX + "snap-1";

    private final HostLimits limits = new HostLimits(64, 8, 1 << 20, TIMEOUT_NS);
    private final RecordingEgress egressA = new RecordingEgress();
    private final RecordingEgress egressB = new RecordingEgress();
    private final QueueHost hostA = QueueHost.stateMachine(QueueSelectors::compile, limits, egressA);
    private final QueueHost hostB = QueueHost.stateMachine(QueueSelectors::compile, limits, egressB);
    private final UnsafeBuffer out = new UnsafeBuffer(new byte[1024]);
    private final MessageHeaderEncoder header = new MessageHeaderEncoder();
    private long nowMs;
    private Level hostLogLevel;

    @BeforeEach
    void quietHost()
    {
        hostLogLevel = Logger.getLogger("io.wirespeed.host").getLevel();
        Logger.getLogger("io.wirespeed.host").setLevel(Level.OFF);
    }

    @AfterEach
    void close()
    {
        Logger.getLogger("io.wirespeed.host").setLevel(hostLogLevel);
        hostA.close();
        hostB.close();
    }

    @Test
    void aRestoredStateMachineHasTheSameStateAndGoesOnAlike()
    {
        final long seed = Long.getLong("wirespeed.determinism.seed", 24_003L);
        final Random random = new Random(seed);
        tick(hostA, 0);
        subscribe(hostA, 1, 1, "q", "", 8);
        subscribe(hostA, 2, 1, "q", "priority > 4", 4);
        subscribe(hostA, 2, 2, "r", "", 2);
        createTemporary(hostA, 3, TEMPORARY);
        subscribe(hostA, 3, 1, TEMPORARY, "", 3);
        final long[] acknowledged = new long[4];
        script(hostA, null, random, 300, acknowledged);

        final List<byte[]> snapshot = new ArrayList<>();
        hostA.takeSnapshot((buffer, offset, length) ->
        {
            final byte[] record = new byte[length];
            buffer.getBytes(offset, record);
            snapshot.add(record);
        });
        final HostSnapshot.Reader reader = hostB.snapshotReader();
        for (final byte[] record : snapshot)
        {
            assertTrue(reader.read(new UnsafeBuffer(record), 0, record.length));
        }
        assertTrue(hostA.heldMessages("q") > 0, "messages wait in the queue");
        assertEquals(hostA.stateDigest(), hostB.stateDigest(), "seed " + seed + ": restored state");

        egressA.records.clear();
        script(hostA, hostB, random, 300, acknowledged);
        tick(hostA, 60_000);
        tick(hostB, 0);
        assertEquals(hostA.stateDigest(), hostB.stateDigest(), "seed " + seed + ": equal state after more inputs");
        assertEquals(egressA.records, egressB.records, "seed " + seed + ": equal egress after the snapshot");
        assertTrue(egressA.records.size() > 50, "the state machines sent, " + egressA.records.size());
    }

    @Test
    void aSnapshotOfAnotherVersionIsRefusedNamingBoth()
    {
        tick(hostA, 0);
        subscribe(hostA, 1, 1, "q", "", 8);
        final List<byte[]> snapshot = new ArrayList<>();
        hostA.takeSnapshot((buffer, offset, length) ->
        {
            final byte[] record = new byte[length];
            buffer.getBytes(offset, record);
            snapshot.add(record);
        });
        final UnsafeBuffer first = new UnsafeBuffer(snapshot.get(0));
        final int other = MessageHeaderDecoder.SCHEMA_VERSION + 1;
        first.putShort(6, (short)other, java.nio.ByteOrder.LITTLE_ENDIAN);
        final IllegalStateException refused = assertThrows(IllegalStateException.class,
            () -> hostB.snapshotReader().read(first, 0, first.capacity()));
        assertTrue(refused.getMessage().contains("version " + other) &&
            refused.getMessage().contains("version " + MessageHeaderDecoder.SCHEMA_VERSION), refused.getMessage());
        assertFalse(hostA.stateDigest() == hostB.stateDigest());
    }

    /** A seeded script: messages, ticks, credit, acknowledgements and give-backs of three clients. */
    private void script(
        final QueueHost a, final QueueHost b, final Random random, final int steps, final long[] acknowledged)
    {
        for (int step = 0; step < steps; step++)
        {
            final int op = random.nextInt(10);
            final int client = 1 + random.nextInt(3);
            final long consumer = client == 2 ? 1 + random.nextInt(2) : 1;
            final String queue = random.nextInt(3) == 0 ? "r" : client == 3 ? TEMPORARY : "q";
            for (final QueueHost host : new QueueHost[]{a, b})
            {
                if (null == host)
                {
                    continue;
                }
                if (op < 4)
                {
                    message(host, queue, step, (step * 7) % 10);
                }
                else if (op < 6)
                {
                    tick(host, host == a ? 1 + (step % 20) : 0);
                }
                else if (op == 6)
                {
                    credit(host, client, consumer, 1 + step % 5);
                }
                else if (op == 7)
                {
                    acknowledge(host, client, consumer, acknowledged[client] + 1);
                }
                else
                {
                    giveBack(host, client, consumer, acknowledged[client] + 1 + step % 4);
                }
            }
            if (op == 7)
            {
                acknowledged[client]++;
            }
            if (null != b)
            {
                assertEquals(a.stateDigest(), b.stateDigest(), "digests at step " + step + " after op " + op);
            }
        }
    }

    private void tick(final QueueHost host, final long advanceMs)
    {
        if (host == hostA)
        {
            nowMs += advanceMs;
        }
        host.onTick(TimeUnit.MILLISECONDS.toNanos(nowMs), nowMs);
    }

    private void message(final QueueHost host, final String queue, final long sequence, final int priority)
    {
        final int length = new EnvelopeWriter().wrap(out, 0).messageId(7, 7, 1, 1, sequence + 1)
            .timestamp(sequence).priority(priority).destination(DestinationKind.QUEUE, queue)
            .textBody("m" + sequence).finish();
        host.onQueueMessage(out, 0, length);
    }

    private void subscribe(
        final QueueHost host, final int client, final long consumerId, final String queue, final String selector,
        final int credit)
    {
        final SubscribeEncoder encoder = new SubscribeEncoder().wrapAndApplyHeader(out, 0, header)
            .consumerId(consumerId).credit(credit);
        encoder.client().high(client).low(client).replyStreamId(6000 + client);
        encoder.queue(queue).selector(selector);
        host.onControlRequest(false, out, 0, MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength());
    }

    private void createTemporary(final QueueHost host, final int client, final String queue)
    {
        final CreateTemporaryQueueEncoder encoder = new CreateTemporaryQueueEncoder()
            .wrapAndApplyHeader(out, 0, header);
        encoder.client().high(client).low(client).replyStreamId(6000 + client);
        encoder.queue(queue);
        host.onControlRequest(false, out, 0, MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength());
    }

    private void credit(final QueueHost host, final int client, final long consumerId, final int credit)
    {
        final CreditEncoder encoder = new CreditEncoder().wrapAndApplyHeader(out, 0, header).consumerId(consumerId)
            .credit(credit);
        encoder.client().high(client).low(client).replyStreamId(6000 + client);
        host.onControlRequest(false, out, 0, MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength());
    }

    private void acknowledge(final QueueHost host, final int client, final long consumerId, final long deliveryId)
    {
        final AcknowledgeEncoder encoder = new AcknowledgeEncoder().wrapAndApplyHeader(out, 0, header)
            .consumerId(consumerId).deliveryId(deliveryId);
        encoder.client().high(client).low(client).replyStreamId(6000 + client);
        host.onControlRequest(false, out, 0, MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength());
    }

    private void giveBack(final QueueHost host, final int client, final long consumerId, final long deliveryId)
    {
        final GiveBackEncoder encoder = new GiveBackEncoder().wrapAndApplyHeader(out, 0, header)
            .consumerId(consumerId).deliveryId(deliveryId).seen(BooleanType.TRUE);
        encoder.client().high(client).low(client).replyStreamId(6000 + client);
        host.onControlRequest(false, out, 0, MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength());
    }

    private static final class RecordingEgress implements HostEgress
    {
        final List<String> records = new ArrayList<>();

        @Override
        public boolean open(final HostSession session, final int replyStreamId)
        {
            records.add("open " + session.id + " " + replyStreamId);
            return true;
        }

        @Override
        public void send(final HostSession session, final DirectBuffer buffer, final int offset, final int length)
        {
            final byte[] bytes = new byte[length];
            buffer.getBytes(offset, bytes);
            records.add(session.id + " " + HexFormat.of().formatHex(bytes));
        }

        @Override
        public void close(final HostSession session)
        {
            records.add("close " + session.id);
        }
    }
}
