package io.wirespeed.bench.scenario;

import java.util.Map;
import java.util.concurrent.TimeUnit;

import javax.jms.Connection;
import javax.jms.ConnectionFactory;
import javax.jms.Destination;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;

import org.HdrHistogram.Histogram;

import io.wirespeed.bench.rig.LatencySummary;

/**
 * CH's {@code consumer} variant (issue 25: "a consumer's first message arrives as fast as on a long-lived
 * connection"). Each cycle opens a connection, a session and a consumer, starts the connection, has a producer on a
 * long-lived connection send one message to it, receives it and closes the connection; then, for comparison in the
 * same run, the producer sends one message to a consumer on a long-lived connection (a destination of its own) and
 * that consumer receives it. Figures: the whole cycle, the first message's latency on the fresh consumer (from before
 * the send to after the receive) and the long-lived consumer's, measured alternately. A first message not received
 * within 10 s counts as lost.
 */
final class FirstMessage
{
    private static final long HIGHEST = TimeUnit.SECONDS.toNanos(60);
    private static final long RECEIVE_TIMEOUT_MS = 10_000;

    private FirstMessage()
    {
    }

    /**
     * Runs the cycles: the phases' warm-up cycles and the cold phase unmeasured, warm-up until its time passed, then
     * the measured cycles (at least the phases' number, and for its measuring time).
     *
     * @param factory the factory every connection comes from.
     * @param queue   a queue, or a topic.
     * @param phases  how many cycles and how long to warm up and to measure.
     * @param point   takes warmupCycles, cycles, totalSeconds, cyclesPerSec (both rounds of a cycle together), cycle,
     *                firstMessage and longLived (latency summaries, µs), firstMessageRatio (first message p50 ÷
     *                long-lived p50), sent, received, lost, complete.
     * @throws Exception if a cycle fails.
     */
    static void measure(
        final ConnectionFactory factory, final boolean queue, final ChurnScenario.Phases phases,
        final Map<String, Object> point) throws Exception
    {
        final String name = "bench.ch." + (queue ? "q" : "t") + "f." + System.nanoTime();
        final Histogram cycle = new Histogram(HIGHEST, 3);
        final Histogram first = new Histogram(HIGHEST, 3);
        final Histogram longLived = new Histogram(HIGHEST, 3);
        try (Connection lasting = factory.createConnection())
        {
            final Session session = lasting.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Destination fresh = queue ? session.createQueue(name) : session.createTopic(name);
            final Destination steady = queue ? session.createQueue(name + ".l") : session.createTopic(name + ".l");
            final MessageProducer producer = session.createProducer(null);
            final MessageConsumer steadyConsumer = session.createConsumer(steady);
            lasting.start();
            final Counts counts = new Counts();
            final long startNs = System.nanoTime();
            final long warmEndNs = startNs + (long)(phases.warmupSeconds() * 1e9);
            long warmup = 0;
            while (warmup < phases.warmupCycles() + phases.cycles() || System.nanoTime() - warmEndNs < 0)
            {
                cycle(factory, fresh, session, producer, steady, steadyConsumer, counts, null, null, null);
                warmup++;
            }
            final long measureStartNs = System.nanoTime();
            final long measureEndNs = measureStartNs + (long)(phases.measureSeconds() * 1e9);
            long cycles = 0;
            while (cycles < phases.cycles() || System.nanoTime() - measureEndNs < 0)
            {
                cycle(factory, fresh, session, producer, steady, steadyConsumer, counts, cycle, first, longLived);
                cycles++;
            }
            final long measuredNs = System.nanoTime() - measureStartNs;
            point.put("warmupCycles", warmup);
            point.put("totalSeconds", Math.round(measuredNs / 1e6) / 1e3);
            point.put("cyclesPerSec", Math.round(cycles * 1e9 / measuredNs));
            point.put("cycles", cycles);
            point.put("cycle", LatencySummary.of(cycle, 1));
            point.put("firstMessage", LatencySummary.of(first, 1));
            point.put("longLived", LatencySummary.of(longLived, 1));
            final double longLivedP50 = longLived.getValueAtPercentile(50);
            point.put("firstMessageRatio", longLivedP50 > 0 ?
                Math.round(first.getValueAtPercentile(50) / longLivedP50 * 100) / 100.0 : Double.NaN);
            point.put("sent", counts.sent);
            point.put("received", counts.received);
            point.put("lost", counts.sent - counts.received);
            point.put("duplicates", 0L);
            point.put("outOfOrder", 0L);
            point.put("complete", counts.sent == counts.received);
        }
    }

    private static void cycle(
        final ConnectionFactory factory, final Destination fresh, final Session session,
        final MessageProducer producer, final Destination steady, final MessageConsumer steadyConsumer,
        final Counts counts, final Histogram cycle, final Histogram first, final Histogram longLived)
        throws JMSException
    {
        final long t0 = System.nanoTime();
        try (Connection connection = factory.createConnection())
        {
            final MessageConsumer consumer =
                connection.createSession(false, Session.AUTO_ACKNOWLEDGE).createConsumer(fresh);
            connection.start();
            final long sentNs = System.nanoTime();
            producer.send(fresh, session.createTextMessage("f" + counts.sent++));
            final Message received = consumer.receive(RECEIVE_TIMEOUT_MS);
            final long receivedNs = System.nanoTime();
            if (null != received)
            {
                counts.received++;
                record(first, receivedNs - sentNs);
            }
        }
        record(cycle, System.nanoTime() - t0);
        final long sentNs = System.nanoTime();
        producer.send(steady, session.createTextMessage("l" + counts.sent++));
        final Message received = steadyConsumer.receive(RECEIVE_TIMEOUT_MS);
        if (null != received)
        {
            counts.received++;
            record(longLived, System.nanoTime() - sentNs);
        }
    }

    private static void record(final Histogram histogram, final long nanos)
    {
        if (null != histogram)
        {
            histogram.recordValue(Math.min(HIGHEST, nanos));
        }
    }

    /** Messages sent and received, fresh and long-lived together. */
    private static final class Counts
    {
        long sent;
        long received;
    }
}
