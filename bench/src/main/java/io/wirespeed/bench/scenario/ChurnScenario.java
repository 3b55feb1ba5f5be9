package io.wirespeed.bench.scenario;

import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import javax.jms.Connection;
import javax.jms.ConnectionFactory;
import javax.jms.Destination;
import javax.jms.JMSContext;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;

import org.HdrHistogram.Histogram;

import io.wirespeed.bench.peer.JmsTarget;
import io.wirespeed.bench.peer.Peers;
import io.wirespeed.bench.peer.WirespeedTarget;
import io.wirespeed.bench.rig.LatencySummary;
import io.wirespeed.bench.rig.Points;
import io.wirespeed.bench.rig.RunProfile;
import io.wirespeed.jms.JmsConnectionFactory;

/**
 * CH, connection churn (issue 25): what an application without a cache does (Spring's {@code JmsTemplate} over a
 * plain factory, Camel's JMS component without one, Jakarta-style code calling {@code createContext()} per request).
 * One thread runs the cycle over and over: a connection, a session, a producer, one send of a
 * {@code TextMessage}, close ({@code connection} variant), or {@code createContext()}, {@code createProducer().send},
 * close ({@code context} variant); on a queue and on a topic, while a consumer on a long-lived connection receives.
 * The figure is the latency of each whole cycle, from before the connection to after its close (HdrHistogram), once
 * warm (after the warm-up time: the JIT has compiled the cycle) and, beside it, cold (the cycles right after the
 * first few hundred, while the JIT still compiles: what a JVM that has just started sees); the
 * consumer counts what arrived, what did not (lost) and what arrived after a later message of the same thread (out
 * of order). Messages go with the provider's default delivery mode (persistent). Wirespeed is {@code wirespeed:ipc}
 * with no option (the embedded default), Artemis its in-VM and TCP connectors. Targets: one cycle p50 ≤ 100 µs and
 * p99 ≤ 1 ms, for every destination and variant.
 * <p>
 * Also runs by hand (or under a profiler), for one destination and variant:
 * {@code java <flags> -cp <bench class path> io.wirespeed.bench.scenario.ChurnScenario queue|topic
 * connection|context|consumer CYCLES [URI]} (a tenth of CYCLES unmeasured, CYCLES measured cold, then CYCLES
 * measured as warm; URI defaults to {@code wirespeed:ipc}).
 */
public final class ChurnScenario
{
    /** The scenario's id. */
    public static final String ID = "CH";
    /** Target: one cycle's p50, µs. */
    public static final double TARGET_P50_MICROS = 100;
    /** Target: one cycle's p99, µs. */
    public static final double TARGET_P99_MICROS = 1_000;
    /**
     * Target of the {@code consumer} variant: a fresh consumer's first message p50 at most this times a long-lived
     * consumer's ("as fast as on a long-lived connection", with room for this machine's noise).
     */
    public static final double TARGET_FIRST_MESSAGE_RATIO = 1.5;
    /** Short suite: warm-up cycles per destination and variant. */
    public static final int SHORT_WARMUP_CYCLES = 500;
    /** Short suite: measured cycles per destination and variant. */
    public static final int SHORT_CYCLES = 2_000;
    /** Short suite: at least this long warming up (JIT), cycles not measured, per destination and variant. */
    public static final double SHORT_WARMUP_SECONDS = 5;
    /** Short suite: at least this long measuring, per destination and variant. */
    public static final double SHORT_MEASURE_SECONDS = 3;
    /** Long suite: at least this long warming up, per destination and variant. */
    public static final double LONG_WARMUP_SECONDS = 30;
    /** Long suite: at least this long measuring, per destination and variant. */
    public static final double LONG_MEASURE_SECONDS = 60;
    /** Long suite: warm-up cycles per destination and variant. */
    public static final int LONG_WARMUP_CYCLES = 5_000;
    /** Long suite: measured cycles per destination and variant. */
    public static final int LONG_CYCLES = 50_000;
    /** The destinations, in the order the scenario runs them. */
    public static final List<String> DESTINATIONS = List.of("queue", "topic");
    /**
     * The variants: a connection per send, {@code createContext()} per send, and a connection with a consumer per
     * message received ({@link FirstMessage}).
     */
    public static final List<String> VARIANTS = List.of("connection", "context", "consumer");

    private static final long HIGHEST = TimeUnit.SECONDS.toNanos(60);
    private static final long DRAIN_NANOS = TimeUnit.SECONDS.toNanos(30);

    private ChurnScenario()
    {
    }

    /**
     * Runs the churn by hand, for one destination and variant, and prints its figures.
     *
     * @param args queue or topic, connection or context, cycles, and optionally the URI.
     * @throws Exception if the run fails.
     */
    public static void main(final String[] args) throws Exception
    {
        if (args.length < 3)
        {
            System.err.println("usage: ChurnScenario queue|topic connection|context|consumer CYCLES [URI]");
            System.exit(2);
        }
        final int cycles = Integer.parseInt(args[2]);
        final String uri = args.length > 3 ? args[3] : "wirespeed:ipc";
        final Map<String, Object> figures = new java.util.LinkedHashMap<>();
        measure(new JmsConnectionFactory(uri), "queue".equals(args[0]), args[1], new Phases(cycles / 10, cycles, 0, 0),
            figures);
        System.out.println(args[0] + " " + args[1] + " " + figures);
        System.exit(0);
    }

    /**
     * Measures every destination and variant for a peer, the profile's number of cycles each.
     *
     * @param peer    {@code wirespeed-ipc} (the embedded default, no option) or an Artemis peer.
     * @param profile short or long.
     * @param sink    takes each point as it is measured.
     * @throws Exception if the peer fails.
     */
    public static void run(final String peer, final RunProfile profile, final Consumer<Map<String, Object>> sink)
        throws Exception
    {
        final boolean longRun = profile.longRun();
        run(peer, profile, new Phases(longRun ? LONG_WARMUP_CYCLES : SHORT_WARMUP_CYCLES,
            longRun ? LONG_CYCLES : SHORT_CYCLES, longRun ? LONG_WARMUP_SECONDS : SHORT_WARMUP_SECONDS,
            longRun ? LONG_MEASURE_SECONDS : SHORT_MEASURE_SECONDS), sink);
    }

    /**
     * Measures every destination and variant for a peer.
     *
     * @param peer    {@code wirespeed-ipc} (the embedded default, no option) or an Artemis peer.
     * @param profile the run's profile (recorded with the points).
     * @param phases  how many cycles and how long to warm up and to measure, per destination and variant.
     * @param sink    takes each point as it is measured.
     * @throws Exception if the peer fails.
     */
    public static void run(
        final String peer, final RunProfile profile, final Phases phases, final Consumer<Map<String, Object>> sink)
        throws Exception
    {
        try (JmsTarget target =
            Peers.WIRESPEED_IPC.equals(peer) ? WirespeedTarget.defaults() : Peers.jms(peer, profile))
        {
            for (final String destination : DESTINATIONS)
            {
                for (final String variant : VARIANTS)
                {
                    final Map<String, Object> point = Points.of(ID, peer, target.settings(), profile);
                    point.put("destination", destination);
                    point.put("variant", variant);
                    point.put("deliveryMode", "provider default (PERSISTENT)");
                    point.put("targetP50Us", TARGET_P50_MICROS);
                    point.put("targetP99Us", TARGET_P99_MICROS);
                    try
                    {
                        measure(target.factory(), "queue".equals(destination), variant, phases, point);
                    }
                    catch (final Exception ex)
                    {
                        point.put("error", String.valueOf(ex));
                        System.out.println("  [" + ID + "] " + peer + " " + destination + ", " + variant + ": " +
                            point.get("error"));
                    }
                    Progress.print(point, destination + ", " + variant + " per send");
                    sink.accept(point);
                }
            }
        }
    }

    private static void measure(
        final ConnectionFactory factory, final boolean queue, final String variant, final Phases phases,
        final Map<String, Object> point) throws Exception
    {
        if ("consumer".equals(variant))
        {
            FirstMessage.measure(factory, queue, phases, point);
        }
        else
        {
            measure(factory, queue, "context".equals(variant), phases, point);
        }
    }

    /**
     * Runs the cold phase (the phases' warm-up cycles unmeasured, then its measured number of cycles, each measured:
     * what a JVM that has just started sees, the JIT compiling meanwhile), then more warm-up until the warm-up time has
     * passed since the start, then the measured cycles (at least the phases' number, and until its measuring time has
     * passed), then waits (up to 30 s) for the consumer to have every message; puts the figures in a point.
     *
     * @param factory the factory every connection comes from.
     * @param queue   a queue, or a topic.
     * @param context {@code createContext()} per send instead of a connection, session and producer.
     * @param phases  how many cycles and how long to warm up and to measure.
     * @param point   takes warmupCycles, cycles, cycle (latency summary of the measured cycles, µs), coldCycle (of the
     *                cold phase's), totalSeconds, cyclesPerSec, sent, received, lost, duplicates, outOfOrder,
     *                complete, firstMessageMs, drainMs.
     * @throws Exception if a cycle fails.
     */
    public static void measure(
        final ConnectionFactory factory, final boolean queue, final boolean context, final Phases phases,
        final Map<String, Object> point) throws Exception
    {
        final String name = "bench.ch." + (queue ? "q" : "t") + (context ? "x" : "c") + "." + System.nanoTime();
        final Histogram cold = new Histogram(HIGHEST, 3);
        final Histogram histogram = new Histogram(HIGHEST, 3);
        final Arrivals arrivals = new Arrivals();
        try (Connection consuming = factory.createConnection())
        {
            final Session session = consuming.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Destination destination = queue ? session.createQueue(name) : session.createTopic(name);
            final MessageConsumer consumer = session.createConsumer(destination);
            consumer.setMessageListener(arrivals::onMessage);
            consuming.start();
            long seq = 0;
            final long firstSendNs = System.nanoTime();
            for (int i = 0; i < phases.warmupCycles(); i++)
            {
                cycle(factory, destination, context, seq++);
            }
            for (int i = 0; i < phases.cycles(); i++)
            {
                seq = timedCycle(factory, destination, context, seq, cold);
            }
            final long warmEndNs = firstSendNs + (long)(phases.warmupSeconds() * 1e9);
            while (System.nanoTime() - warmEndNs < 0)
            {
                cycle(factory, destination, context, seq++);
            }
            final long warmupCycles = seq;
            final long startNs = System.nanoTime();
            final long measureEndNs = startNs + (long)(phases.measureSeconds() * 1e9);
            while (seq - warmupCycles < phases.cycles() || System.nanoTime() - measureEndNs < 0)
            {
                seq = timedCycle(factory, destination, context, seq, histogram);
            }
            final long cycles = seq - warmupCycles;
            final long endNs = System.nanoTime();
            final long deadline = endNs + DRAIN_NANOS;
            while (arrivals.received() < seq && System.nanoTime() < deadline)
            {
                Thread.sleep(1);
            }
            final long drainNs = Math.max(0, arrivals.lastNanos() - endNs);
            final long totalNs = endNs - startNs;
            final long received = arrivals.received();
            point.put("warmupCycles", warmupCycles);
            point.put("warmupSeconds", phases.warmupSeconds());
            point.put("cycles", cycles);
            point.put("cycle", LatencySummary.of(histogram, 1));
            point.put("coldCycles", phases.cycles());
            point.put("coldCycle", LatencySummary.of(cold, 1));
            point.put("totalSeconds", Math.round(totalNs / 1e6) / 1e3);
            point.put("cyclesPerSec", totalNs > 0 ? Math.round(cycles * 1e9 / totalNs) : 0);
            point.put("sent", seq);
            point.put("received", received);
            point.put("lost", seq - received);
            point.put("duplicates", arrivals.duplicates());
            point.put("outOfOrder", arrivals.outOfOrder());
            point.put("complete", received == seq && 0 == arrivals.duplicates());
            point.put("firstMessageMs", arrivals.firstNanos() > 0 ?
                Math.round((arrivals.firstNanos() - firstSendNs) / 1e3) / 1e3 : -1.0);
            point.put("drainMs", Math.round(drainNs / 1e3) / 1e3);
        }
    }

    private static long timedCycle(
        final ConnectionFactory factory, final Destination destination, final boolean context, final long seq,
        final Histogram histogram) throws JMSException
    {
        final long t0 = System.nanoTime();
        cycle(factory, destination, context, seq);
        histogram.recordValue(Math.min(HIGHEST, System.nanoTime() - t0));
        return seq + 1;
    }

    /**
     * How a point is measured.
     *
     * @param warmupCycles   cycles not measured before the cold phase's measured ones.
     * @param cycles         the cold phase's measured cycles, and the least number of measured cycles after warm-up.
     * @param warmupSeconds  the least time from the first cycle to the first measured one after the cold phase.
     * @param measureSeconds the least time the measured cycles after warm-up take.
     */
    public record Phases(int warmupCycles, int cycles, double warmupSeconds, double measureSeconds)
    {
    }

    /**
     * One cycle: a connection (or context), one send of sequence number {@code seq}, close.
     *
     * @param factory     the factory.
     * @param destination where to send.
     * @param context     {@code createContext()} instead of connection, session and producer.
     * @param seq         the message's sequence number, in its {@code seq} property.
     * @throws JMSException if a step fails.
     */
    static void cycle(
        final ConnectionFactory factory, final Destination destination, final boolean context, final long seq)
        throws JMSException
    {
        if (context)
        {
            try (JMSContext jms = factory.createContext())
            {
                jms.createProducer().setProperty("seq", seq).send(destination, "m" + seq);
            }
        }
        else
        {
            try (Connection connection = factory.createConnection())
            {
                final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
                final MessageProducer producer = session.createProducer(destination);
                final Message message = session.createTextMessage("m" + seq);
                message.setLongProperty("seq", seq);
                producer.send(message);
            }
        }
    }

    /**
     * What the long-lived consumer counts, on its delivery thread: distinct messages, duplicates, messages that
     * arrived after one with a higher sequence number, when the first and the last came.
     */
    static final class Arrivals
    {
        private final BitSet seen = new BitSet();
        private long highest = -1;
        private volatile long received;
        private volatile long duplicates;
        private volatile long outOfOrder;
        private volatile long firstNanos;
        private volatile long lastNanos;

        void onMessage(final Message message)
        {
            final long seq;
            try
            {
                seq = message.getLongProperty("seq");
            }
            catch (final JMSException ex)
            {
                throw new IllegalStateException(ex);
            }
            final long now = System.nanoTime();
            if (seen.get((int)seq))
            {
                duplicates = duplicates + 1;
                return;
            }
            seen.set((int)seq);
            if (seq < highest)
            {
                outOfOrder = outOfOrder + 1;
            }
            highest = Math.max(highest, seq);
            if (0 == received)
            {
                firstNanos = now;
            }
            lastNanos = now;
            received = received + 1;
        }

        long received()
        {
            return received;
        }

        long duplicates()
        {
            return duplicates;
        }

        long outOfOrder()
        {
            return outOfOrder;
        }

        long firstNanos()
        {
            return firstNanos;
        }

        long lastNanos()
        {
            return lastNanos;
        }
    }
}
