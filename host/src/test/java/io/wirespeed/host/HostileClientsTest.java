package io.wirespeed.host;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
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
import io.wirespeed.codec.control.sbe.BrowseEncoder;
import io.wirespeed.codec.control.sbe.BrowseEndDecoder;
import io.wirespeed.codec.control.sbe.CloseConsumerEncoder;
import io.wirespeed.codec.control.sbe.CreateTemporaryQueueEncoder;
import io.wirespeed.codec.control.sbe.CreditEncoder;
import io.wirespeed.codec.control.sbe.DeliverDecoder;
import io.wirespeed.codec.control.sbe.MessageHeaderDecoder;
import io.wirespeed.codec.control.sbe.MessageHeaderEncoder;
import io.wirespeed.codec.control.sbe.SendCreditEncoder;
import io.wirespeed.codec.control.sbe.SendRefusedDecoder;
import io.wirespeed.codec.control.sbe.SubscribeEncoder;
import io.wirespeed.test.AdjustableClock;
import io.wirespeed.test.transport.InMemoryMedium;
import io.wirespeed.test.transport.InMemoryTransport;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The queue host under hostile and broken clients: garbage, truncated, mutated and forged requests and envelopes
 * (a million, seeded: {@code -Dwirespeed.fuzz.seed=N} repeats a run), clients that never read their replies, forged
 * client ids. Mutated envelopes that still decode are messages like any other: they fill queues nobody consumes
 * until the host's limits refuse more, which the well-behaved client is told of; the host never dies, never stalls,
 * and never grows past its limits. The host runs on the test's thread through its real
 * decoding path (the transport's control and inbound streams, and the control adapter fed directly), so that an
 * exception anywhere in it fails the test, and time is the test's clock.
 */
class HostileClientsTest
{
    private static final long TIMEOUT_NS = TimeUnit.SECONDS.toNanos(1);
    private static final int MAX_CLIENTS = 64;
    private static final int GOOD_REPLY_STREAM = 5001;

    private final AdjustableClock clock = new AdjustableClock();
    private final InMemoryTransport transport = new InMemoryMedium().connect();
    private final QueueHost host = new QueueHost(transport, QueueSelectors::compile)
        .limits(new HostLimits(MAX_CLIENTS, 256, 1 << 20, TIMEOUT_NS), clock);
    private final ControlAdapter adapter = new ControlAdapter(host);
    private final TransportPublication control = transport.addPublication(QueueHostChannels.IPC,
        QueueStreams.CONTROL_STREAM);
    private final TransportPublication inbound = transport.addPublication(QueueHostChannels.IPC,
        QueueStreams.INBOUND_STREAM);
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[4096]);
    private final MessageHeaderEncoder headerEncoder = new MessageHeaderEncoder();
    private Level hostLogLevel;

    @BeforeEach
    void quietHostWarnings()
    {
        // a million dropped requests each log a warning; the test asserts outcomes, not the log
        hostLogLevel = Logger.getLogger("io.wirespeed.host").getLevel();
        Logger.getLogger("io.wirespeed.host").setLevel(Level.OFF);
    }

    @AfterEach
    void close()
    {
        Logger.getLogger("io.wirespeed.host").setLevel(hostLogLevel);
        host.close();
        transport.close();
    }

    @Test
    void aMillionHostileInputsNeitherKillNorStallTheHostForAWellBehavedClient()
    {
        // one fixed seed, so that every run of the suite feeds the same million inputs; -D explores others
        final long seed = Long.getLong("wirespeed.fuzz.seed", 26_131_727_804_159L);
        final SplittableRandom random = new SplittableRandom(seed);
        final String repeat = " (seed " + seed + ": repeat with -Dwirespeed.fuzz.seed=" + seed + ")";
        final Client good = new Client(0x1234_5678_9ABC_DEF0L, 0x0FED_CBA9_8765_4321L, GOOD_REPLY_STREAM);
        good.subscribe(1, "orders", 1_000_000);
        final List<byte[]> seeds = validRequests();
        final byte[] envelope = envelope("fuzz", 0);
        final UnsafeBuffer input = new UnsafeBuffer(new byte[1024]);
        int inputs = 0;
        int sent = 0;
        try
        {
            while (inputs < 1_000_000)
            {
                for (int i = 0; i < 1_000; i++, inputs++)
                {
                    if ((i & 7) == 0)
                    {
                        final int length = mutate(random, envelope, input);
                        offer(inbound, input, length);
                    }
                    else if ((i & 63) == 1)
                    {
                        // a slice through the real control stream
                        offer(control, input, mutate(random, seeds.get(random.nextInt(seeds.size())), input));
                    }
                    else
                    {
                        adapter.onMessage(input, 0, mutate(random, seeds.get(random.nextInt(seeds.size())), input));
                    }
                    if ((i & 63) == 0)
                    {
                        host.doWork();
                    }
                }
                good.send("orders", sent++);
                good.roundTrip(inputs, repeat);
                clock.advanceMillis(50);
            }
            good.awaitAllDeliveredOrRefused(sent, repeat);
            System.out.println("fuzz seed " + seed + ": " + inputs + " inputs; the well-behaved client's " + sent +
                " messages: " + good.received.size() + " delivered, " + good.refused + " refused (host full)");
            assertTrue(host.queueCount() <= QueueLimits.DEFAULT_MAX_QUEUES, "queues: " + host.queueCount() + repeat);
            assertTrue(host.heldBytes() <= QueueLimits.DEFAULT_MAX_HOST_BYTES, "bytes: " + host.heldBytes() + repeat);
            assertTrue(host.clientCount() <= MAX_CLIENTS, "clients: " + host.clientCount() + repeat);
        }
        catch (final RuntimeException | AssertionError ex)
        {
            throw new AssertionError("host failed after " + inputs + " inputs" + repeat, ex);
        }
    }

    @Test
    void aClientThatNeverReadsIsCutOffAndItsDeliveriesGoToAnotherConsumer()
    {
        final Client reader = new Client(1, 1, GOOD_REPLY_STREAM);
        final Client sleeper = new Client(2, 2, GOOD_REPLY_STREAM + 1);
        sleeper.subscribe(1, "orders", 1_000_000);
        final int messages = 2_000;
        for (int i = 0; i < messages; i++)
        {
            reader.send("orders", i);
            host.doWork();
        }
        for (int i = 0; i < 100; i++)
        {
            sleeper.browse(i, "orders");
            host.doWork();
        }
        reader.subscribe(1, "orders", 1_000_000);
        reader.roundTrip(0, "");
        assertEquals(2, host.clientCount(), "the client that does not read is served until the timeout");

        clock.advanceNanos(TIMEOUT_NS + 1);
        host.doWork();

        assertEquals(1, host.clientCount(), "the client that never read its replies is cut off after the timeout");
        reader.awaitAllInAnyOrder(messages);
    }

    @Test
    void forgedClientIdsLeaveNoLastingState()
    {
        final Client good = new Client(1, 1, GOOD_REPLY_STREAM);
        good.subscribe(1, "orders", 10);
        final CreditEncoder credit = new CreditEncoder();
        for (int forged = 0; forged < 3_000; forged++)
        {
            credit.wrapAndApplyHeader(buffer, 0, headerEncoder).consumerId(1).credit(1).client().high(forged + 100)
                .low(forged).replyStreamId(10_000 + forged);
            adapter.onMessage(buffer, 0, MessageHeaderEncoder.ENCODED_LENGTH + credit.encodedLength());
            host.doWork();
        }
        assertEquals(MAX_CLIENTS, host.clientCount(), "forged ids beyond the cap are refused");
        good.roundTrip(0, "");

        clock.advanceNanos(TIMEOUT_NS + 1);
        host.doWork();

        assertEquals(1, host.clientCount(), "forged clients that never connect are forgotten after the timeout");
        good.send("orders", 0);
        good.awaitAll(1, "");
    }

    private List<byte[]> validRequests()
    {
        final List<byte[]> requests = new ArrayList<>();
        final SubscribeEncoder subscribe = new SubscribeEncoder().wrapAndApplyHeader(buffer, 0, headerEncoder)
            .consumerId(3).credit(5);
        subscribe.client().high(7).low(7).replyStreamId(9001);
        subscribe.queue("fuzz").selector("color = 'red'");
        requests.add(copy(MessageHeaderEncoder.ENCODED_LENGTH + subscribe.encodedLength()));
        final BrowseEncoder browse = new BrowseEncoder().wrapAndApplyHeader(buffer, 0, headerEncoder)
            .correlationId(4);
        browse.client().high(7).low(8).replyStreamId(9002);
        browse.queue("browsed").selector("");
        requests.add(copy(MessageHeaderEncoder.ENCODED_LENGTH + browse.encodedLength()));
        final CreditEncoder credit = new CreditEncoder().wrapAndApplyHeader(buffer, 0, headerEncoder)
            .consumerId(3).credit(100);
        credit.client().high(7).low(7).replyStreamId(9001);
        requests.add(copy(MessageHeaderEncoder.ENCODED_LENGTH + credit.encodedLength()));
        final AcknowledgeEncoder ack = new AcknowledgeEncoder().wrapAndApplyHeader(buffer, 0, headerEncoder)
            .consumerId(3).deliveryId(1);
        ack.client().high(7).low(7).replyStreamId(9001);
        requests.add(copy(MessageHeaderEncoder.ENCODED_LENGTH + ack.encodedLength()));
        final SendCreditEncoder sendCredit = new SendCreditEncoder().wrapAndApplyHeader(buffer, 0, headerEncoder)
            .correlationId(5).messages(3).bytes(300);
        sendCredit.client().high(7).low(9).replyStreamId(9003);
        sendCredit.queue("fuzz");
        requests.add(copy(MessageHeaderEncoder.ENCODED_LENGTH + sendCredit.encodedLength()));
        final CloseConsumerEncoder close = new CloseConsumerEncoder().wrapAndApplyHeader(buffer, 0, headerEncoder)
            .consumerId(3).keepDeliveries(BooleanType.TRUE);
        close.client().high(7).low(7).replyStreamId(9001);
        requests.add(copy(MessageHeaderEncoder.ENCODED_LENGTH + close.encodedLength()));
        final CreateTemporaryQueueEncoder temporary = new CreateTemporaryQueueEncoder()
            .wrapAndApplyHeader(buffer, 0, headerEncoder);
        temporary.client().high(7).low(10).replyStreamId(9004);
        temporary.queue(QueueStreams.TEMPORARY_QUEUE_PREFIX + "fuzz");
        requests.add(copy(MessageHeaderEncoder.ENCODED_LENGTH + temporary.encodedLength()));
        return requests;
    }

    private byte[] copy(final int length)
    {
        final byte[] bytes = new byte[length];
        buffer.getBytes(0, bytes);
        return bytes;
    }

    private static byte[] envelope(final String queue, final int sequence)
    {
        return envelope(9, 9, queue, sequence);
    }

    private static byte[] envelope(final long high, final long low, final String queue, final int sequence)
    {
        final UnsafeBuffer out = new UnsafeBuffer(new byte[512]);
        final int length = new EnvelopeWriter().wrap(out, 0).messageId(high, low, 1, 1, sequence).timestamp(sequence)
            .destination(DestinationKind.QUEUE, queue).textBody("message " + sequence).finish();
        final byte[] bytes = new byte[length];
        out.getBytes(0, bytes);
        return bytes;
    }

    /**
     * One input: random bytes, a truncation, bit flips, a length field (any 2 or 4 bytes) set to an extreme, or a
     * forged client id, of a valid request or envelope.
     */
    private static int mutate(final SplittableRandom random, final byte[] valid, final UnsafeBuffer out)
    {
        out.putBytes(0, valid);
        int length = valid.length;
        switch (random.nextInt(5))
        {
            case 0 ->
            {
                length = random.nextInt(out.capacity());
                for (int i = 0; i < length; i++)
                {
                    out.putByte(i, (byte)random.nextInt(256));
                }
            }
            case 1 -> length = random.nextInt(valid.length);
            case 2 ->
            {
                for (int flips = 1 + random.nextInt(4); flips > 0; flips--)
                {
                    final int bit = random.nextInt(length * 8);
                    out.putByte(bit >> 3, (byte)(out.getByte(bit >> 3) ^ (1 << (bit & 7))));
                }
            }
            case 3 ->
            {
                final int at = random.nextInt(length - 3);
                final int[] extremes = {-1, Integer.MAX_VALUE, Integer.MIN_VALUE, 0xFFFF, 0, length, length + 1};
                final int value = extremes[random.nextInt(extremes.length)];
                if (random.nextBoolean())
                {
                    out.putInt(at, value);
                }
                else
                {
                    out.putShort(at, (short)value);
                }
            }
            default ->
            {
                // a forged client ref, where requests carry it (right after the header)
                if (length >= MessageHeaderEncoder.ENCODED_LENGTH + 20)
                {
                    out.putLong(MessageHeaderEncoder.ENCODED_LENGTH, random.nextLong());
                    out.putLong(MessageHeaderEncoder.ENCODED_LENGTH + 8, random.nextLong());
                    out.putInt(MessageHeaderEncoder.ENCODED_LENGTH + 16, random.nextInt());
                }
            }
        }
        return length;
    }

    private void offer(final TransportPublication publication, final DirectBuffer bytes, final int length)
    {
        for (int tries = 0; publication.offer(bytes, 0, length) < 0; tries++)
        {
            assertTrue(tries < 1_000, "the host does not read its stream");
            host.doWork();
        }
    }

    /** A client that follows the protocol, on the test's thread. */
    private final class Client
    {
        private final long high;
        private final long low;
        private final int replyStream;
        private final TransportSubscription replies;
        private final List<byte[]> sent = new ArrayList<>();
        private final List<byte[]> received = new ArrayList<>();
        private final MessageHeaderDecoder header = new MessageHeaderDecoder();
        private final DeliverDecoder deliver = new DeliverDecoder();
        private final BrowseEndDecoder browseEnd = new BrowseEndDecoder();
        private final AcknowledgeEncoder ack = new AcknowledgeEncoder();
        private final UnsafeBuffer request = new UnsafeBuffer(new byte[1024]);
        private final SendRefusedDecoder sendRefused = new SendRefusedDecoder();
        private long answered = -1;
        private int refused;

        Client(final long high, final long low, final int replyStream)
        {
            this.high = high;
            this.low = low;
            this.replyStream = replyStream;
            this.replies = transport.addSubscription(QueueHostChannels.IPC, replyStream);
        }

        void subscribe(final long consumerId, final String queue, final int credit)
        {
            final SubscribeEncoder subscribe = new SubscribeEncoder().wrapAndApplyHeader(request, 0, headerEncoder)
                .consumerId(consumerId).credit(credit);
            subscribe.client().high(high).low(low).replyStreamId(replyStream);
            subscribe.queue(queue).selector("");
            offer(control, request, MessageHeaderEncoder.ENCODED_LENGTH + subscribe.encodedLength());
        }

        void browse(final long correlationId, final String queue)
        {
            final BrowseEncoder browse = new BrowseEncoder().wrapAndApplyHeader(request, 0, headerEncoder)
                .correlationId(correlationId);
            browse.client().high(high).low(low).replyStreamId(replyStream);
            browse.queue(queue).selector("");
            offer(control, request, MessageHeaderEncoder.ENCODED_LENGTH + browse.encodedLength());
        }

        void send(final String queue, final int sequence)
        {
            final byte[] envelope = envelope(high, low, queue, sequence);
            sent.add(envelope);
            offer(inbound, new UnsafeBuffer(envelope), envelope.length);
        }

        /** Browses an empty queue and waits a few duty cycles of the host for its end. */
        void roundTrip(final long correlationId, final String repeat)
        {
            browse(correlationId, "probe");
            for (int cycles = 0; cycles < 100 && answered != correlationId; cycles++)
            {
                host.doWork();
                replies.poll(this::onReply, 64);
            }
            assertEquals(correlationId, answered, "round trip " + correlationId + " unanswered" + repeat);
        }

        void awaitAll(final int count, final String repeat)
        {
            for (int cycles = 0; cycles < 10_000 && received.size() < count; cycles++)
            {
                host.doWork();
                replies.poll(this::onReply, 64);
            }
            assertEquals(count, received.size(), "deliveries to the well-behaved client" + repeat);
            for (int i = 0; i < count; i++)
            {
                assertTrue(Arrays.equals(sent.get(i), received.get(i)), "message " + i + " differs" + repeat);
            }
        }

        /**
         * Waits until every message this client sent was delivered to it or refused to it (the host full of what
         * the hostile inputs left in queues nobody consumes): what was delivered was sent, in the order sent, and
         * nothing is unaccounted for.
         */
        void awaitAllDeliveredOrRefused(final int count, final String repeat)
        {
            for (int cycles = 0; cycles < 10_000 && received.size() + refused < count; cycles++)
            {
                host.doWork();
                replies.poll(this::onReply, 64);
            }
            assertEquals(count, received.size() + refused, "messages delivered (" + received.size() +
                ") and refused (" + refused + ") to the well-behaved client" + repeat);
            int next = 0;
            for (int i = 0; i < received.size(); i++)
            {
                while (next < sent.size() && !Arrays.equals(sent.get(next), received.get(i)))
                {
                    next++;
                }
                assertTrue(next < sent.size(), "delivery " + i + " is not one of the messages sent, in order" + repeat);
                next++;
            }
        }

        void awaitAllInAnyOrder(final int count)
        {
            for (int cycles = 0; cycles < 10_000 && received.size() < count; cycles++)
            {
                host.doWork();
                replies.poll(this::onReply, 64);
            }
            assertEquals(count, received.size(), "deliveries to the client that reads");
            final List<String> expected = new ArrayList<>();
            final List<String> actual = new ArrayList<>();
            sent.forEach(bytes -> expected.add(Arrays.toString(bytes)));
            received.forEach(bytes -> actual.add(Arrays.toString(bytes)));
            expected.sort(null);
            actual.sort(null);
            assertEquals(expected, actual, "every message, those given back by the cut-off client included");
        }

        private void onReply(final DirectBuffer buffer, final int offset, final int length)
        {
            header.wrap(buffer, offset);
            final int body = offset + MessageHeaderDecoder.ENCODED_LENGTH;
            if (header.templateId() == DeliverDecoder.TEMPLATE_ID)
            {
                deliver.wrap(buffer, body, header.blockLength(), header.version());
                if (deliver.client().high() != high || deliver.client().low() != low)
                {
                    return;
                }
                final long consumerId = deliver.consumerId();
                final long deliveryId = deliver.deliveryId();
                final byte[] envelope = new byte[deliver.envelopeLength()];
                deliver.getEnvelope(envelope, 0, envelope.length);
                received.add(envelope);
                ack.wrapAndApplyHeader(request, 0, headerEncoder).consumerId(consumerId).deliveryId(deliveryId)
                    .client().high(high).low(low).replyStreamId(replyStream);
                offer(control, request, MessageHeaderEncoder.ENCODED_LENGTH + ack.encodedLength());
            }
            else if (header.templateId() == SendRefusedDecoder.TEMPLATE_ID)
            {
                sendRefused.wrap(buffer, body, header.blockLength(), header.version());
                if (sendRefused.client().high() == high && sendRefused.client().low() == low)
                {
                    refused++;
                }
            }
            else if (header.templateId() == BrowseEndDecoder.TEMPLATE_ID)
            {
                browseEnd.wrap(buffer, body, header.blockLength(), header.version());
                if (browseEnd.client().high() == high && browseEnd.client().low() == low)
                {
                    answered = browseEnd.correlationId();
                }
            }
        }
    }
}
