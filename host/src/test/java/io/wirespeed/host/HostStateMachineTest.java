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
import io.wirespeed.codec.EnvelopeDescriptor;
import io.wirespeed.codec.EnvelopeWriter;
import io.wirespeed.codec.control.QueueStreams;
import io.wirespeed.codec.control.sbe.AcceptedDecoder;
import io.wirespeed.codec.control.sbe.AcknowledgeEncoder;
import io.wirespeed.codec.control.sbe.BooleanType;
import io.wirespeed.codec.control.sbe.BrowseEncoder;
import io.wirespeed.codec.control.sbe.ConnectEncoder;
import io.wirespeed.codec.control.sbe.CreateTemporaryQueueEncoder;
import io.wirespeed.codec.control.sbe.CreditEncoder;
import io.wirespeed.codec.control.sbe.DeliverDecoder;
import io.wirespeed.codec.control.sbe.GiveBackEncoder;
import io.wirespeed.codec.control.sbe.MessageHeaderDecoder;
import io.wirespeed.codec.control.sbe.MessageHeaderEncoder;
import io.wirespeed.codec.control.sbe.SubscribeEncoder;
import io.wirespeed.codec.control.sbe.RecordedDecoder;
import io.wirespeed.codec.control.sbe.RecordsQueuesDecoder;
import io.wirespeed.codec.control.sbe.RefusedDecoder;
import io.wirespeed.codec.control.sbe.ResyncEncoder;
import io.wirespeed.test.AdjustableClock;
import io.wirespeed.test.transport.InMemoryMedium;
import io.wirespeed.test.transport.InMemoryTransport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The host's state machine fed its inputs as calls ({@link HostInputs}), no stream polled and no duty cycle run: two
 * hosts given the same calls end in the same state and send the same messages through their egress, one of them
 * through the single host's egress ({@link PublicationEgress}) to a client that never reads, back-pressured until its
 * send queue overflows. Neither the state nor what the state machine sends depends on that.
 */
class HostStateMachineTest
{
    private static final long TIMEOUT_NS = TimeUnit.SECONDS.toNanos(5);
    private static final int CONSUMER = 1;
    private static final int BROWSER = 2;

    private final InMemoryTransport transportA = new InMemoryMedium(1 << 20).connect();
    private final InMemoryTransport transportB = new InMemoryMedium(1 << 20).connect();
    private final AdjustableClock clock = new AdjustableClock();
    private final HostLimits limits = new HostLimits(64, 8, 1 << 20, TIMEOUT_NS);
    private final RecordingEgress egressA = new RecordingEgress(null);
    private final PublicationEgress unread = new PublicationEgress(transportB, () -> limits, clock);
    private final RecordingEgress egressB = new RecordingEgress(unread);
    private final QueueHost hostA = host(transportA, egressA);
    private final QueueHost hostB = host(transportB, egressB);
    private final UnsafeBuffer out = new UnsafeBuffer(new byte[1024]);
    private final MessageHeaderEncoder header = new MessageHeaderEncoder();
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
        unread.closeAll();
        transportA.close();
        transportB.close();
    }

    private QueueHost host(final InMemoryTransport transport, final HostEgress egress)
    {
        return new QueueHost(transport, QueueSelectors::compile).limits(limits, clock).clocks(clock, clock)
            .egress(egress);
    }

    @Test
    void twoStateMachinesFedTheSameCallsEndEqualWhateverTheEgressDoes()
    {
        final long seed = Long.getLong("wirespeed.determinism.seed", 24_002L);
        final Random random = new Random(seed);
        tick(0);
        subscribe(CONSUMER, "q", 16);
        long sequence = 0;
        long acknowledged = 0;
        int steps = 0;
        for (; steps < 400; steps++)
        {
            final int op = random.nextInt(10);
            if (op < 4)
            {
                message("q", ++sequence, random.nextInt(10));
            }
            else if (op < 6)
            {
                tick(random.nextInt(30));
            }
            else if (op == 6)
            {
                credit(CONSUMER, 1 + random.nextInt(8));
            }
            else if (op == 7)
            {
                acknowledge(CONSUMER, ++acknowledged);
            }
            else if (op == 8)
            {
                giveBack(CONSUMER, acknowledged + 1 + random.nextInt(4));
            }
            else
            {
                browse(steps, "q");
            }
            assertEquals(hostA.stateDigest(), hostB.stateDigest(), "seed " + seed + ": digests at step " + steps);
        }
        tick(60_000);
        tick(60_000);

        assertEquals(hostA.stateDigest(), hostB.stateDigest(), "seed " + seed + ": equal state");
        assertEquals(egressA.records, egressB.records, "seed " + seed + ": equal egress");
        assertTrue(egressA.deliveries > 16, "the state machine delivered, " + egressA.deliveries);
        assertTrue(egressA.records.size() > 100, "the state machine sent, " + egressA.records.size());
        // the single host's egress of host B held the consumer's deliveries unsent, and gave the browser up
        final String consumerLost = unread.whyLost(egressB.opened.get(0), TIMEOUT_NS);
        assertNotNull(consumerLost, "the consumer's egress was back-pressured");
        final String browserLost = unread.whyLost(egressB.opened.get(1), TIMEOUT_NS);
        assertNotNull(browserLost, "the browser's egress was back-pressured");
        assertTrue(browserLost.contains("overflowed"), browserLost);
        assertEquals(2, hostA.clientCount(), "no client was cut off by the state machine");
    }

    @Test
    void aClientTheEgressGivesUpIsCutOffAsAnInputOnEveryStateMachine()
    {
        tick(0);
        subscribe(CONSUMER, "q", 4);
        for (int i = 1; i <= 6; i++)
        {
            message("q", i, 4);
        }
        tick(1);
        assertEquals(4, egressA.deliveries);
        assertEquals(hostA.stateDigest(), hostB.stateDigest());
        final long before = hostA.stateDigest();

        hostA.onClientLost(egressA.opened.get(0).id, "its reply stream lost its subscriber");
        hostB.onClientLost(egressB.opened.get(0).id, "its reply stream lost its subscriber");
        hostA.onClientLost(999, "unknown: ignored");
        hostB.onClientLost(999, "unknown: ignored");

        assertEquals(0, hostA.clientCount());
        assertEquals(6, hostA.heldMessages("q"), "its deliveries went back to the queue");
        assertTrue(before != hostA.stateDigest());
        assertEquals(hostA.stateDigest(), hostB.stateDigest());
        assertEquals(1, egressA.closed);
        assertEquals(egressA.records, egressB.records);
    }

    @Test
    void aResyncAfterANewLeadershipTermSendsAgainTheLostLeadersDeliveriesAfterTheClientsLastAndSetsItsCredit()
    {
        tick(0);
        subscribe(CONSUMER, "q", 4);
        for (int i = 1; i <= 8; i++)
        {
            message("q", i, 4);
        }
        tick(1);
        assertEquals(4, egressA.deliveries, "deliveries 1 to 4, the lost leader's");
        hostA.onNewLeadershipTerm();
        hostB.onNewLeadershipTerm();
        acknowledge(CONSUMER, 1);
        credit(CONSUMER, 1);
        tick(1);
        // a delivery of the new leader's now would overtake 3 and 4, which the client never had
        assertEquals(4, egressA.deliveries, "nothing new before the client's Resync, whatever credit it adds");
        assertEquals(hostA.stateDigest(), hostB.stateDigest());

        // the client had 1 and 2 of the lost leader: 3 and 4 go again; it grants 3, so one more comes
        resync(CONSUMER, 2, 3);
        assertEquals(6, egressA.deliveries, "3 and 4 sent again");
        assertEquals(List.of(3L, 4L), lastDeliveryIds(egressA, 2));
        tick(1);
        assertEquals(7, egressA.deliveries, "its credit is what it grants less what went again: one");
        assertEquals(List.of(5L), lastDeliveryIds(egressA, 1), "the new leader's first, after the lost leader's");
        tick(1);
        assertEquals(7, egressA.deliveries, "no credit left");
        credit(CONSUMER, 2);
        tick(1);
        assertEquals(9, egressA.deliveries);
        assertEquals(List.of(6L, 7L), lastDeliveryIds(egressA, 2));
        assertEquals(hostA.stateDigest(), hostB.stateDigest());
        assertEquals(egressA.records, egressB.records);
    }

    @Test
    void aSubscribeSentAgainIsAcceptedAgainWithoutASecondConsumerAndATemporaryQueueCreatedAgainIsTheSame()
    {
        tick(0);
        subscribe(CONSUMER, "q", 1);
        subscribe(CONSUMER, "q", 1);
        assertEquals(2, count(egressA, AcceptedDecoder.TEMPLATE_ID), "accepted, and accepted again");
        assertEquals(0, count(egressA, RefusedDecoder.TEMPLATE_ID));
        message("q", 1, 4);
        message("q", 2, 4);
        tick(1);
        assertEquals(1, egressA.deliveries, "one consumer, with the credit of one");

        subscribe(CONSUMER, "other", 1);
        assertEquals(1, count(egressA, RefusedDecoder.TEMPLATE_ID), "the same id on another queue is refused");

        final String temporary = QueueStreams.TEMPORARY_QUEUE_PREFIX + "7:1";
        createTemporaryQueue(CONSUMER, temporary);
        message(temporary, 3, 4);
        createTemporaryQueue(CONSUMER, temporary);
        assertEquals(1, hostA.heldMessages(temporary), "created again, it is the same queue");
        assertEquals(hostA.stateDigest(), hostB.stateDigest());
        assertEquals(egressA.records, egressB.records);
    }

    private void createTemporaryQueue(final int client, final String name)
    {
        final CreateTemporaryQueueEncoder encoder = new CreateTemporaryQueueEncoder()
            .wrapAndApplyHeader(out, 0, header);
        encoder.client().high(client).low(client).replyStreamId(6000 + client);
        encoder.queue(name);
        request(MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength());
    }

    private static List<Long> lastDeliveryIds(final RecordingEgress egress, final int count)
    {
        final MessageHeaderDecoder decoder = new MessageHeaderDecoder();
        final DeliverDecoder deliver = new DeliverDecoder();
        final List<Long> ids = egress.records.stream()
            .filter((record) -> !record.startsWith("open") && !record.startsWith("close"))
            .map((record) -> new UnsafeBuffer(HexFormat.of().parseHex(record.substring(record.indexOf(' ') + 1))))
            .filter((bytes) -> decoder.wrap(bytes, 0).templateId() == DeliverDecoder.TEMPLATE_ID)
            .map((bytes) -> deliver.wrap(bytes, MessageHeaderDecoder.ENCODED_LENGTH, decoder.blockLength(),
                decoder.version()).deliveryId())
            .toList();
        return ids.subList(ids.size() - count, ids.size());
    }

    @Test
    void aStateMachineWithoutATransportServesQueuesThroughTheGivenEgressAndRunsNoDutyCycle()
    {
        final RecordingEgress egress = new RecordingEgress(null);
        final QueueHost alone = QueueHost.stateMachine(QueueSelectors::compile, limits, egress);
        try
        {
            alone.onTick(0, 0);
            final SubscribeEncoder subscribe = new SubscribeEncoder().wrapAndApplyHeader(out, 0, header)
                .consumerId(1).credit(4);
            subscribe.client().high(CONSUMER).low(CONSUMER).replyStreamId(6000 + CONSUMER);
            subscribe.queue("q").selector("");
            alone.onControlRequest(false, out, 0, MessageHeaderEncoder.ENCODED_LENGTH + subscribe.encodedLength());
            final int length = new EnvelopeWriter().wrap(out, 0).messageId(7, 7, 1, 1, 1).timestamp(1)
                .destination(DestinationKind.QUEUE, "q").textBody("m1").finish();
            alone.onQueueMessage(out, 0, length);
            alone.onTick(1_000_000, 1);
            assertEquals(1, egress.deliveries, "delivered through the given egress");

            assertThrows(IllegalStateException.class, alone::doWork);
        }
        finally
        {
            alone.close();
        }
    }

    @Test
    void aStateMachineConfirmsAPersistentMessageOnceAppliedAndDropsACopySentAgainEvenAfterASnapshot()
    {
        final RecordingEgress egress = new RecordingEgress(null);
        final QueueHost first = QueueHost.stateMachine(QueueSelectors::compile, limits, egress);
        final RecordingEgress restoredEgress = new RecordingEgress(null);
        final QueueHost restored = QueueHost.stateMachine(QueueSelectors::compile, limits, restoredEgress);
        try
        {
            first.onTick(0, 0);
            final ConnectEncoder connect = new ConnectEncoder().wrapAndApplyHeader(out, 0, header).correlationId(1)
                .protocolVersion(MessageHeaderEncoder.SCHEMA_VERSION).sessionId(42);
            connect.client().high(7).low(7).replyStreamId(6007);
            connect.user("").password("");
            first.onControlRequest(true, out, 0, MessageHeaderEncoder.ENCODED_LENGTH + connect.encodedLength());
            assertEquals(1, count(egress, RecordsQueuesDecoder.TEMPLATE_ID), "told it confirms PERSISTENT sends");

            final UnsafeBuffer persistent = new UnsafeBuffer(new byte[256]);
            final int length = persistent(persistent, 5);
            first.onQueueMessage(persistent, 0, length);
            assertEquals(1, first.heldMessages("q"));
            assertEquals(1, count(egress, RecordedDecoder.TEMPLATE_ID), "confirmed once applied");

            first.onQueueMessage(persistent, 0, length);
            assertEquals(1, first.heldMessages("q"), "the copy sent again is dropped");
            assertEquals(2, count(egress, RecordedDecoder.TEMPLATE_ID), "and confirmed again");

            restore(first, restored);
            assertEquals(first.stateDigest(), restored.stateDigest(), "the producers' sequences are restored");
            restored.onQueueMessage(persistent, 0, length);
            assertEquals(1, restored.heldMessages("q"), "a restored host drops the copy too");
            assertEquals(1, count(restoredEgress, RecordedDecoder.TEMPLATE_ID), "and confirms it");

            final int next = new EnvelopeWriter().wrap(persistent, 0).messageId(7, 7, 3, 2, 6).timestamp(2)
                .deliveryMode(EnvelopeDescriptor.PERSISTENT).destination(DestinationKind.QUEUE, "q").textBody("n")
                .finish();
            first.onQueueMessage(persistent, 0, next);
            restored.onQueueMessage(persistent, 0, next);
            assertEquals(2, first.heldMessages("q"), "the producer's next message is taken");
            assertEquals(first.stateDigest(), restored.stateDigest());
        }
        finally
        {
            first.close();
            restored.close();
        }
    }

    @Test
    void aClientWhoseSessionTheHostGaveUpConnectsAgainUnderItsIdAndItsCopySentAgainIsStillDropped()
    {
        final RecordingEgress egress = new RecordingEgress(null);
        final QueueHost first = QueueHost.stateMachine(QueueSelectors::compile, limits, egress);
        final RecordingEgress restoredEgress = new RecordingEgress(null);
        final QueueHost restored = QueueHost.stateMachine(QueueSelectors::compile, limits, restoredEgress);
        try
        {
            first.onTick(0, 0);
            connect(first, 1);
            final UnsafeBuffer persistent = new UnsafeBuffer(new byte[256]);
            final int length = persistent(persistent, 5);
            first.onQueueMessage(persistent, 0, length);
            assertEquals(1, first.heldMessages("q"));

            // a cluster closed the client's session (its session timeout): the host gives the session up
            first.onClientLost(egress.opened.get(0).id, "its cluster session closed (TIMEOUT)");
            assertEquals(0, first.clientCount());
            first.onQueueMessage(persistent, 0, length);
            assertEquals(1, first.heldMessages("q"), "a copy sent before the client connected again is dropped");

            restore(first, restored);
            assertEquals(first.stateDigest(), restored.stateDigest(), "the given-up producers are in the snapshot");

            for (final QueueHost host : List.of(first, restored))
            {
                final RecordingEgress hostEgress = host == first ? egress : restoredEgress;
                final long confirmedBefore = count(hostEgress, RecordedDecoder.TEMPLATE_ID);
                connect(host, 2);
                assertEquals(1, host.clientCount());
                host.onQueueMessage(persistent, 0, length);
                assertEquals(1, host.heldMessages("q"), "the new session of the same connection drops the copy");
                assertEquals(confirmedBefore + 1, count(hostEgress, RecordedDecoder.TEMPLATE_ID),
                    "and confirms it to the new session");
            }
            assertEquals(first.stateDigest(), restored.stateDigest());

            first.onClientLost(egress.opened.get(1).id, "its cluster session closed (TIMEOUT)");
            assertEquals(0, first.clientCount());
            first.onTick(TimeUnit.MINUTES.toNanos(9), TimeUnit.MINUTES.toMillis(9));
            first.onQueueMessage(persistent, 0, length);
            assertEquals(1, first.heldMessages("q"), "given-up producers are kept for ten minutes");
            first.onTick(TimeUnit.MINUTES.toNanos(11), TimeUnit.MINUTES.toMillis(11));
            first.onQueueMessage(persistent, 0, length);
            assertEquals(2, first.heldMessages("q"), "not for ever");
        }
        finally
        {
            first.close();
            restored.close();
        }
    }

    @Test
    void aMessageTakenBeforeTheClientConnectedAgainIsRecognisedWhenItComesAgainAfter()
    {
        final RecordingEgress egress = new RecordingEgress(null);
        final QueueHost host = QueueHost.stateMachine(QueueSelectors::compile, limits, egress);
        try
        {
            host.onTick(0, 0);
            connect(host, 1);
            final UnsafeBuffer persistent = new UnsafeBuffer(new byte[256]);
            host.onQueueMessage(persistent, 0, persistent(persistent, 5));
            host.onClientLost(egress.opened.get(0).id, "its cluster session closed (TIMEOUT)");

            // on its new cluster session before its Connect: taken, but nobody to confirm it to
            host.onQueueMessage(persistent, 0, persistent(persistent, 6));
            assertEquals(2, host.heldMessages("q"));
            connect(host, 2);
            host.onQueueMessage(persistent, 0, persistent(persistent, 6));
            assertEquals(2, host.heldMessages("q"), "sent again once connected, it is recognised");
        }
        finally
        {
            host.close();
        }
    }

    private void connect(final QueueHost host, final long correlationId)
    {
        connect(host, correlationId, 42);
    }

    @Test
    void aCopySentAgainAfterTheClientTimedOutInAClusteredHostIsDroppedAfterItConnectsAgain()
    {
        final RecordingEgress egress = new RecordingEgress(null);
        final QueueHost host = QueueHost.stateMachine(QueueSelectors::compile, limits, egress);
        try
        {
            host.onTick(0, 0);
            connect(host, 1, 42);
            final UnsafeBuffer persistent = new UnsafeBuffer(new byte[256]);
            host.onQueueMessage(persistent, 0, persistent(persistent, 5));
            assertEquals(1, host.heldMessages("q"));

            // a cluster restarted whole later than the client timeout: its clock jumped past the client's last word
            final long later = 2 * TIMEOUT_NS;
            host.onTick(later, TimeUnit.NANOSECONDS.toMillis(later));
            host.onQueueMessage(persistent, 0, persistent(persistent, 5));
            assertEquals(1, host.heldMessages("q"), "a copy sent again before the client connected again is dropped");
            connect(host, 2, 43);
            host.onQueueMessage(persistent, 0, persistent(persistent, 5));
            assertEquals(1, host.heldMessages("q"), "a copy sent again in the new session is dropped");
            host.onQueueMessage(persistent, 0, persistent(persistent, 6));
            assertEquals(2, host.heldMessages("q"), "the producer's next message is taken");
            assertEquals(1, host.clientCount(), "the new session replaced the one that timed out");

            final long muchLater = later + 3 * TIMEOUT_NS;
            host.onTick(muchLater, TimeUnit.NANOSECONDS.toMillis(muchLater));
            host.onTick(muchLater + TIMEOUT_NS, TimeUnit.NANOSECONDS.toMillis(muchLater + TIMEOUT_NS));
            host.onTick(muchLater + 3 * TIMEOUT_NS, TimeUnit.NANOSECONDS.toMillis(muchLater + 3 * TIMEOUT_NS));
            assertEquals(0, host.clientCount(), "a session lost for the client timeout goes");
        }
        finally
        {
            host.close();
        }
    }

    private void connect(final QueueHost host, final long correlationId, final int sessionId)
    {
        final ConnectEncoder connect = new ConnectEncoder().wrapAndApplyHeader(out, 0, header)
            .correlationId(correlationId).protocolVersion(MessageHeaderEncoder.SCHEMA_VERSION).sessionId(sessionId);
        connect.client().high(7).low(7).replyStreamId(6007);
        connect.user("").password("");
        host.onControlRequest(true, out, 0, MessageHeaderEncoder.ENCODED_LENGTH + connect.encodedLength());
    }

    private static int persistent(final UnsafeBuffer buffer, final long sequence)
    {
        return new EnvelopeWriter().wrap(buffer, 0).messageId(7, 7, 3, 2, sequence).timestamp(sequence)
            .deliveryMode(EnvelopeDescriptor.PERSISTENT).destination(DestinationKind.QUEUE, "q")
            .textBody("m" + sequence).finish();
    }

    private static void restore(final QueueHost from, final QueueHost into)
    {
        final List<byte[]> snapshot = new ArrayList<>();
        from.takeSnapshot((buffer, offset, recordLength) ->
        {
            final byte[] record = new byte[recordLength];
            buffer.getBytes(offset, record);
            snapshot.add(record);
        });
        final HostSnapshot.Reader reader = into.snapshotReader();
        for (final byte[] record : snapshot)
        {
            reader.read(new UnsafeBuffer(record), 0, record.length);
        }
    }

    private static long count(final RecordingEgress egress, final int templateId)
    {
        final MessageHeaderDecoder decoder = new MessageHeaderDecoder();
        return egress.records.stream().filter((record) -> !record.startsWith("open") && !record.startsWith("close"))
            .map((record) -> new UnsafeBuffer(HexFormat.of().parseHex(record.substring(record.indexOf(' ') + 1))))
            .filter((bytes) -> decoder.wrap(bytes, 0).templateId() == templateId).count();
    }

    private void tick(final long advanceMs)
    {
        clock.advanceMillis(advanceMs);
        hostA.onTick(clock.nanoTime(), clock.time());
        hostB.onTick(clock.nanoTime(), clock.time());
    }

    private void message(final String queue, final long sequence, final int priority)
    {
        final int length = new EnvelopeWriter().wrap(out, 0).messageId(7, 7, 1, 1, sequence).timestamp(sequence)
            .priority(priority).destination(DestinationKind.QUEUE, queue).textBody("m" + sequence).finish();
        hostA.onQueueMessage(out, 0, length);
        hostB.onQueueMessage(out, 0, length);
    }

    private void request(final int length)
    {
        hostA.onControlRequest(false, out, 0, length);
        hostB.onControlRequest(false, out, 0, length);
    }

    private void subscribe(final int client, final String queue, final int credit)
    {
        final SubscribeEncoder encoder = new SubscribeEncoder().wrapAndApplyHeader(out, 0, header).consumerId(1)
            .credit(credit);
        encoder.client().high(client).low(client).replyStreamId(6000 + client);
        encoder.queue(queue).selector("");
        request(MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength());
    }

    private void credit(final int client, final int credit)
    {
        final CreditEncoder encoder = new CreditEncoder().wrapAndApplyHeader(out, 0, header).consumerId(1)
            .credit(credit);
        encoder.client().high(client).low(client).replyStreamId(6000 + client);
        request(MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength());
    }

    private void acknowledge(final int client, final long deliveryId)
    {
        final AcknowledgeEncoder encoder = new AcknowledgeEncoder().wrapAndApplyHeader(out, 0, header).consumerId(1)
            .deliveryId(deliveryId);
        encoder.client().high(client).low(client).replyStreamId(6000 + client);
        request(MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength());
    }

    private void resync(final int client, final long lastDeliveryId, final long credit)
    {
        final ResyncEncoder encoder = new ResyncEncoder().wrapAndApplyHeader(out, 0, header).consumerId(1)
            .lastDeliveryId(lastDeliveryId).credit(credit);
        encoder.client().high(client).low(client).replyStreamId(6000 + client);
        request(MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength());
    }

    private void giveBack(final int client, final long deliveryId)
    {
        final GiveBackEncoder encoder = new GiveBackEncoder().wrapAndApplyHeader(out, 0, header).consumerId(1)
            .deliveryId(deliveryId).seen(BooleanType.TRUE);
        encoder.client().high(client).low(client).replyStreamId(6000 + client);
        request(MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength());
    }

    private void browse(final long correlationId, final String queue)
    {
        final BrowseEncoder encoder = new BrowseEncoder().wrapAndApplyHeader(out, 0, header)
            .correlationId(correlationId);
        encoder.client().high(BROWSER).low(BROWSER).replyStreamId(6000 + BROWSER);
        encoder.queue(queue).selector("");
        request(MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength());
    }

    /** An egress that records every send (session id and bytes), and passes it on to another when given one. */
    private static final class RecordingEgress implements HostEgress
    {
        private final HostEgress next;
        private final MessageHeaderDecoder header = new MessageHeaderDecoder();
        final List<String> records = new ArrayList<>();
        final List<HostSession> opened = new ArrayList<>();
        int deliveries;
        int closed;

        RecordingEgress(final HostEgress next)
        {
            this.next = next;
        }

        @Override
        public boolean open(final HostSession session, final int replyStreamId)
        {
            opened.add(session);
            records.add("open " + session.id + " " + replyStreamId);
            return null == next || next.open(session, replyStreamId);
        }

        @Override
        public void send(final HostSession session, final DirectBuffer buffer, final int offset, final int length)
        {
            final byte[] bytes = new byte[length];
            buffer.getBytes(offset, bytes);
            records.add(session.id + " " + HexFormat.of().formatHex(bytes));
            if (header.wrap(buffer, offset).templateId() == DeliverDecoder.TEMPLATE_ID)
            {
                deliveries++;
            }
            if (null != next)
            {
                next.send(session, buffer, offset, length);
            }
        }

        @Override
        public void close(final HostSession session)
        {
            closed++;
            records.add("close " + session.id);
            if (null != next)
            {
                next.close(session);
            }
        }
    }
}
