package io.wirespeed.driver.probe;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import io.aeron.Aeron;
import io.aeron.CommonContext;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.aeron.logbuffer.FragmentHandler;
import io.wirespeed.codec.DestinationKind;
import io.wirespeed.codec.EnvelopeWriter;
import io.wirespeed.codec.control.QueueStreams;
import io.wirespeed.codec.control.sbe.AcknowledgeEncoder;
import io.wirespeed.codec.control.sbe.BrowseEncoder;
import io.wirespeed.codec.control.sbe.BrowseEndDecoder;
import io.wirespeed.codec.control.sbe.CreditEncoder;
import io.wirespeed.codec.control.sbe.DeliverDecoder;
import io.wirespeed.codec.control.sbe.MessageHeaderDecoder;
import io.wirespeed.codec.control.sbe.MessageHeaderEncoder;
import io.wirespeed.codec.control.sbe.SendRefusedDecoder;
import io.wirespeed.codec.control.sbe.SubscribeEncoder;
import io.wirespeed.host.QueueHostChannels;
import io.wirespeed.transport.aeron.AeronChannels;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code wirespeed-probe}: replays hostile inputs (garbage, forged and oversized requests and envelopes) against a
 * running media driver and its queue host, as an attacker or a broken client on the same machine would (a raw Aeron
 * client of the driver's directory), while a well-behaved client of the queue protocol sends and receives on a queue of
 * its own, and prints a summary:
 * <ul>
 * <li>control frames whose text length is {@code Integer.MAX_VALUE}, truncated, bit-flipped and random frames;</li>
 * <li>requests from thousands of forged client ids, and a forged {@code BROWSE} of the good client's queue by a
 * client that never reads its replies;</li>
 * <li>garbage, truncated and bit-flipped envelopes on the inbound queue stream and on a topic stream;</li>
 * <li>a burst of envelopes to ever new queue names.</li>
 * </ul>
 * The well-behaved client's round trip (a browse of an empty queue) must be answered within a deadline after every
 * round of inputs, and every message it sent must be delivered to it, in order, or refused to it with notice.
 * Exit status 0 when the driver is still alive, the host answered every round trip and nothing the good client sent
 * is unaccounted for; 1 otherwise; 2 for bad arguments. ObjectMessage deserialization is a client-side matter and is
 * not probed here (see docs/security.md).
 * <p>
 * Arguments: {@code [directory] [--rounds=N] [--inputs=N] [--seed=N]} (rounds of inputs, hostile inputs per round);
 * the directory defaults to the external driver's default.
 */
public final class HostileProbe
{
    private static final long ROUND_TRIP_DEADLINE_NS = TimeUnit.SECONDS.toNanos(5);
    private static final int DEFAULT_INPUTS_PER_ROUND = 500;
    private static final int TOPIC_STREAM = 268_435_456;

    private final Aeron aeron;
    private final SplittableRandom random;
    private final Publication control;
    private final Publication inbound;
    private final Publication topic;
    private final Map<String, Long> counts = new LinkedHashMap<>();
    private final UnsafeBuffer scratch = new UnsafeBuffer(new byte[2048]);
    private final MessageHeaderEncoder headerEncoder = new MessageHeaderEncoder();

    private HostileProbe(final Aeron aeron, final long seed)
    {
        this.aeron = aeron;
        this.random = new SplittableRandom(seed);
        this.control = aeron.addPublication(QueueHostChannels.IPC, QueueStreams.CONTROL_STREAM);
        this.inbound = aeron.addPublication(QueueHostChannels.IPC, QueueStreams.INBOUND_STREAM);
        this.topic = aeron.addPublication(AeronChannels.IPC, TOPIC_STREAM);
    }

    /**
     * Runs the probe from the command line.
     *
     * @param args {@code [directory] [--rounds=N] [--inputs=N] [--seed=N]}.
     */
    public static void main(final String[] args)
    {
        System.exit(run(args, System.out));
    }

    /**
     * Runs the probe.
     *
     * @param args {@code [directory] [--rounds=N] [--inputs=N] [--seed=N]}; {@code --help} lists them.
     * @param out  where the summary, the usage and usage errors go.
     * @return the exit status: 0 passed, 1 failed, 2 bad usage (with the usage and, for a mistyped option, the
     *         options it may have meant).
     */
    public static int run(final String[] args, final PrintStream out)
    {
        final PrintWriter writer = new PrintWriter(out, true);
        return new CommandLine(new Options(out)).setOut(writer).setErr(writer).execute(args);
    }

    private static final String DESCRIPTION = "Replays garbage, forged and oversized requests and envelopes at a " +
        "running media driver and its queue host beside a well-behaved client, and prints what became of them, with " +
        "a verdict.";
    private static final String FOOTER = "Exit status: 0 passed, 1 failed (or no driver runs there), 2 bad usage.";

    /** The command line of {@code wirespeed-probe}, parsed by picocli. */
    @Command(name = "wirespeed-probe", mixinStandardHelpOptions = true, version = "wirespeed-probe",
        description = DESCRIPTION, footer = FOOTER)
    static final class Options implements Callable<Integer>
    {
        @Parameters(arity = "0..1", paramLabel = "directory",
            description = "the media driver's directory (Aeron's default unless given)")
        String directory = CommonContext.getAeronDirectoryName();

        @Option(names = "--rounds", paramLabel = "N", description = "rounds of hostile inputs (40)")
        int rounds = 40;

        @Option(names = "--inputs", paramLabel = "N", description = "hostile inputs per round")
        int inputs = DEFAULT_INPUTS_PER_ROUND;

        @Option(names = "--seed", paramLabel = "N", description = "the random generator's seed (the clock's)")
        long seed = System.nanoTime();

        private final PrintStream out;

        Options(final PrintStream out)
        {
            this.out = out;
        }

        @Override
        public Integer call()
        {
            return attach(directory, rounds, inputs, seed, out);
        }
    }

    private static int attach(
        final String directory, final int rounds, final int inputs, final long seed, final PrintStream out)
    {
        final Aeron.Context context = new Aeron.Context().aeronDirectoryName(directory);
        if (!CommonContext.isDriverActive(new java.io.File(directory), TimeUnit.SECONDS.toMillis(5), ignored -> { }))
        {
            out.println("wirespeed-probe: no running media driver in " + directory);
            return 1;
        }
        try (Aeron aeron = Aeron.connect(context))
        {
            return new HostileProbe(aeron, seed).probe(directory, rounds, inputs, seed, out);
        }
    }

    private int probe(
        final String directory, final int rounds, final int inputs, final long seed, final PrintStream out)
    {
        final long startNs = System.nanoTime();
        // a queue of this run's own: what an earlier run left in its queue is not this run's
        final GoodClient good = new GoodClient(random.nextLong(), random.nextLong(),
            "probe.good." + seed + "." + Long.toHexString(System.nanoTime()));
        good.subscribe();
        boolean responsive = good.roundTrip();
        final byte[] validEnvelope = envelope(1, 1, "probe.garbage", 0);
        // mutations of another client's request: a client that forges the good client's own id can do anything a
        // client may do to its consumers (the host authenticates UDP sessions, not IPC writers: docs/security.md)
        final byte[] strangerRequest = new GoodClient(random.nextLong(), random.nextLong(), "probe.stranger." + seed)
            .subscribeBytes();
        int uniqueNames = 0;
        for (int round = 0; round < rounds && responsive; round++)
        {
            for (int i = 0; i < inputs; i++)
            {
                switch (random.nextInt(7))
                {
                    case 0 -> oversizedControlFrame();
                    case 1 -> offer(control, mutate(strangerRequest), "mutated control frames");
                    case 2 -> forgedCredit();
                    case 3 -> offer(inbound, mutate(validEnvelope), "mutated envelopes on the inbound queue stream");
                    case 4 -> offer(topic, mutate(validEnvelope), "mutated envelopes on a topic stream");
                    case 5 -> offer(inbound, envelope(2, 2, "probe.unique." + seed + "." + uniqueNames++, 0),
                        "envelopes to ever new queue names");
                    default -> forgedBrowse(good.queue);
                }
                // the good client reads its replies as a client's delivery thread would, between the other inputs
                good.poll();
            }
            good.send(20);
            responsive = good.roundTrip();
        }
        final boolean accounted = good.awaitAccounted();
        final boolean driverAlive = CommonContext.isDriverActive(new java.io.File(directory), TimeUnit.SECONDS
            .toMillis(5), ignored -> { });
        out.printf("wirespeed-probe: %s, seed %d, %.1f s%n", directory, seed, (System.nanoTime() - startNs) / 1e9);
        counts.forEach((kind, count) -> out.printf("  %,9d %s%n", count, kind));
        out.printf("  well-behaved client: %,d sent, %,d delivered in order, %,d refused with notice, %,d lost%n",
            good.sent.size(), good.received, good.refused, good.sent.size() - good.received - good.refused);
        out.printf("  host responsive: %s (%,d round trips, slowest %.1f ms)%n", responsive ? "yes" : "NO",
            good.roundTrips, good.slowestNs / 1e6);
        out.printf("  driver alive: %s%n", driverAlive ? "yes" : "NO");
        final boolean passed = responsive && accounted && good.inOrder && driverAlive;
        out.println(passed ? "PASSED" : "FAILED");
        return passed ? 0 : 1;
    }

    private void oversizedControlFrame()
    {
        final SubscribeEncoder subscribe = new SubscribeEncoder().wrapAndApplyHeader(scratch, 0, headerEncoder)
            .consumerId(1).credit(1);
        subscribe.client().high(random.nextLong()).low(random.nextLong()).replyStreamId(QueueStreams.REPLY_STREAM_BASE);
        subscribe.queue("x").selector("");
        final int queueLengthAt = MessageHeaderEncoder.ENCODED_LENGTH + SubscribeEncoder.BLOCK_LENGTH;
        scratch.putInt(queueLengthAt, Integer.MAX_VALUE);
        offer(control, copy(MessageHeaderEncoder.ENCODED_LENGTH + subscribe.encodedLength()),
            "control frames whose text length is Integer.MAX_VALUE");
    }

    private void forgedCredit()
    {
        final CreditEncoder credit = new CreditEncoder().wrapAndApplyHeader(scratch, 0, headerEncoder)
            .consumerId(random.nextLong()).credit(random.nextInt());
        credit.client().high(random.nextLong()).low(random.nextLong()).replyStreamId(random.nextInt());
        offer(control, copy(MessageHeaderEncoder.ENCODED_LENGTH + credit.encodedLength()),
            "requests from forged client ids");
    }

    private void forgedBrowse(final String queue)
    {
        final BrowseEncoder browse = new BrowseEncoder().wrapAndApplyHeader(scratch, 0, headerEncoder)
            .correlationId(random.nextLong());
        browse.client().high(77).low(77).replyStreamId(QueueStreams.replyStream(77, 77));
        browse.queue(queue).selector("");
        offer(control, copy(MessageHeaderEncoder.ENCODED_LENGTH + browse.encodedLength()),
            "forged browses of the good client's queue by a client that never reads");
    }

    /** Random bytes, a truncation, or bit flips of a valid frame. */
    private byte[] mutate(final byte[] valid)
    {
        final byte[] out;
        switch (random.nextInt(3))
        {
            case 0 ->
            {
                out = new byte[1 + random.nextInt(512)];
                for (int i = 0; i < out.length; i++)
                {
                    out[i] = (byte)random.nextInt(256);
                }
            }
            case 1 -> out = Arrays.copyOf(valid, 1 + random.nextInt(valid.length - 1));
            default ->
            {
                out = valid.clone();
                for (int flips = 1 + random.nextInt(4); flips > 0; flips--)
                {
                    final int bit = random.nextInt(out.length * 8);
                    out[bit >> 3] ^= (byte)(1 << (bit & 7));
                }
            }
        }
        return out;
    }

    private byte[] copy(final int length)
    {
        final byte[] bytes = new byte[length];
        scratch.getBytes(0, bytes);
        return bytes;
    }

    /** Offers a hostile input, waiting out back-pressure briefly; one nobody subscribes to is counted as such. */
    private void offer(final Publication publication, final byte[] bytes, final String kind)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(bytes);
        final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(100);
        long result;
        while ((result = publication.offer(buffer, 0, bytes.length)) < 0 && result != Publication.NOT_CONNECTED &&
            System.nanoTime() < deadline)
        {
            Thread.onSpinWait();
        }
        counts.merge(result >= 0 ? kind : kind + " (not taken: " + (result == Publication.NOT_CONNECTED ?
            "no subscriber" : "back-pressured") + ")", 1L, Long::sum);
    }

    private static byte[] envelope(final long high, final long low, final String queue, final int sequence)
    {
        final UnsafeBuffer out = new UnsafeBuffer(new byte[512]);
        final int length = new EnvelopeWriter().wrap(out, 0).messageId(high, low, 1, 1, sequence).timestamp(sequence)
            .destination(DestinationKind.QUEUE, queue).textBody("probe " + sequence).finish();
        final byte[] bytes = new byte[length];
        out.getBytes(0, bytes);
        return bytes;
    }

    /** A client that follows the queue protocol: subscribes to its queue, sends, acknowledges, browses. */
    private final class GoodClient implements FragmentHandler
    {
        private final long high;
        private final long low;
        private final int replyStream;
        private final String queue;
        private final Subscription replies;
        private final List<byte[]> sent = new ArrayList<>();
        private final MessageHeaderDecoder header = new MessageHeaderDecoder();
        private final DeliverDecoder deliver = new DeliverDecoder();
        private final BrowseEndDecoder browseEnd = new BrowseEndDecoder();
        private final SendRefusedDecoder sendRefused = new SendRefusedDecoder();
        private final UnsafeBuffer request = new UnsafeBuffer(new byte[1024]);
        private long answered = -1;
        private int received;
        private int refused;
        private int roundTrips;
        private long slowestNs;
        private boolean inOrder = true;
        private int next;

        GoodClient(final long high, final long low, final String queue)
        {
            this.high = high;
            this.low = low;
            this.replyStream = QueueStreams.replyStream(high, low);
            this.queue = queue;
            this.replies = aeron.addSubscription(QueueHostChannels.IPC, replyStream);
        }

        byte[] subscribeBytes()
        {
            final SubscribeEncoder subscribe = new SubscribeEncoder().wrapAndApplyHeader(request, 0, headerEncoder)
                .consumerId(1).credit(100_000);
            subscribe.client().high(high).low(low).replyStreamId(replyStream);
            subscribe.queue(queue).selector("");
            final byte[] bytes = new byte[MessageHeaderEncoder.ENCODED_LENGTH + subscribe.encodedLength()];
            request.getBytes(0, bytes);
            return bytes;
        }

        void subscribe()
        {
            sendRequest(subscribeBytes());
        }

        void send(final int count)
        {
            for (int i = 0; i < count; i++)
            {
                final byte[] envelope = envelope(high, low, queue, sent.size());
                sent.add(envelope);
                sendInbound(envelope);
            }
        }

        boolean roundTrip()
        {
            final long correlationId = ++roundTrips;
            final BrowseEncoder browse = new BrowseEncoder().wrapAndApplyHeader(request, 0, headerEncoder)
                .correlationId(correlationId);
            browse.client().high(high).low(low).replyStreamId(replyStream);
            browse.queue("probe.round-trip").selector("");
            final byte[] bytes = new byte[MessageHeaderEncoder.ENCODED_LENGTH + browse.encodedLength()];
            request.getBytes(0, bytes);
            final long start = System.nanoTime();
            sendRequest(bytes);
            while (answered != correlationId && System.nanoTime() - start < ROUND_TRIP_DEADLINE_NS)
            {
                if (replies.poll(this, 64) == 0)
                {
                    Thread.onSpinWait();
                }
            }
            slowestNs = Math.max(slowestNs, System.nanoTime() - start);
            return answered == correlationId;
        }

        void poll()
        {
            replies.poll(this, 64);
        }

        boolean awaitAccounted()
        {
            final long deadline = System.nanoTime() + 2 * ROUND_TRIP_DEADLINE_NS;
            while (received + refused < sent.size() && System.nanoTime() < deadline)
            {
                if (replies.poll(this, 64) == 0)
                {
                    Thread.onSpinWait();
                }
            }
            return received + refused == sent.size();
        }

        private void sendRequest(final byte[] bytes)
        {
            final UnsafeBuffer buffer = new UnsafeBuffer(bytes);
            final long deadline = System.nanoTime() + ROUND_TRIP_DEADLINE_NS;
            while (control.offer(buffer, 0, bytes.length) < 0 && System.nanoTime() < deadline)
            {
                replies.poll(this, 64);
            }
        }

        private void sendInbound(final byte[] envelope)
        {
            final UnsafeBuffer buffer = new UnsafeBuffer(envelope);
            final long deadline = System.nanoTime() + ROUND_TRIP_DEADLINE_NS;
            while (inbound.offer(buffer, 0, envelope.length) < 0 && System.nanoTime() < deadline)
            {
                replies.poll(this, 64);
            }
        }

        @Override
        public void onFragment(final DirectBuffer buffer, final int offset, final int length,
            final io.aeron.logbuffer.Header aeronHeader)
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
                final long deliveryId = deliver.deliveryId();
                final byte[] envelope = new byte[deliver.envelopeLength()];
                deliver.getEnvelope(envelope, 0, envelope.length);
                while (next < sent.size() && !Arrays.equals(sent.get(next), envelope))
                {
                    next++;
                }
                inOrder &= next < sent.size();
                next++;
                received++;
                final AcknowledgeEncoder ack = new AcknowledgeEncoder()
                    .wrapAndApplyHeader(request, 0, headerEncoder).consumerId(1).deliveryId(deliveryId);
                ack.client().high(high).low(low).replyStreamId(replyStream);
                final int ackLength = MessageHeaderEncoder.ENCODED_LENGTH + ack.encodedLength();
                final long deadline = System.nanoTime() + ROUND_TRIP_DEADLINE_NS;
                while (control.offer(request, 0, ackLength) < 0 && System.nanoTime() < deadline)
                {
                    Thread.onSpinWait();
                }
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
