package io.wirespeed.bench.scenario;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.ConnectionFactory;
import javax.jms.JMSException;
import javax.jms.MessageListener;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.Topic;

import org.HdrHistogram.Histogram;

import io.wirespeed.bench.peer.JmsTarget;
import io.wirespeed.bench.rig.Points;
import io.wirespeed.bench.rig.RunProfile;

/**
 * WC, wildcard consumers (issue 15): one publisher sends 1,000 topics round-robin at 100,000 msg/s in all; one
 * connection consumes them either with one listener on the wildcard {@code wc.<run>.>} or with 1,000 listeners, one
 * per topic, in one session. The figure is the one-way latency (send to {@code onMessage}, one JVM, one clock) p50 of
 * the wildcard run against the exact run; the target is a ratio of at most 1.1. A publisher that falls behind the
 * rate catches up in a burst and marks the point saturated: its latencies are then queueing, not dispatch.
 */
public final class WildcardScenario
{
    /** The scenario's id. */
    public static final String ID = "WC";
    /** Topics. */
    public static final int TOPICS = 1_000;
    /** Messages per second over all topics. */
    public static final double RATE = 100_000;
    /** The wildcard p50 may be this many times the exact p50. */
    public static final double TARGET_RATIO = 1.1;

    private WildcardScenario()
    {
    }

    /**
     * Measures the exact and the wildcard run, then their p50 ratio.
     *
     * @param peer    a JMS peer's name.
     * @param profile the run's profile.
     * @param sink    takes each point as it is measured.
     * @throws Exception if the peer fails.
     */
    public static void run(final String peer, final RunProfile profile, final Consumer<Map<String, Object>> sink)
        throws Exception
    {
        try (PeerRuns runs = new PeerRuns(peer, profile))
        {
            final JmsTarget target = runs.target();
            double exactP50 = 0;
            for (final boolean wildcard : new boolean[]{false, true})
            {
                final Map<String, Object> point = Points.of(ID, peer, runs.jmsSettings(), profile);
                point.put("variant", wildcard ? "wildcard" : "exact");
                point.put("topics", TOPICS);
                point.put("targetRate", RATE);
                final Histogram histogram = measure(target.factory(), "wc." + (wildcard ? "w" : "e") +
                    System.nanoTime(), wildcard, profile, point);
                final double p50 = histogram.getValueAtPercentile(50) / 1000.0;
                point.put("p50Us", p50);
                point.put("p99Us", histogram.getValueAtPercentile(99) / 1000.0);
                point.put("received", histogram.getTotalCount());
                if (wildcard)
                {
                    point.put("p50RatioToExact", p50 / exactP50);
                    point.put("targetRatio", TARGET_RATIO);
                    point.put("targetMet", p50 / exactP50 <= TARGET_RATIO);
                }
                else
                {
                    exactP50 = p50;
                }
                Progress.print(point, (wildcard ? "one wildcard consumer" : TOPICS + " exact consumers") +
                    " over " + TOPICS + " topics at 100k msg/s");
                sink.accept(point);
            }
        }
    }

    private static Histogram measure(final ConnectionFactory factory, final String prefix, final boolean wildcard,
        final RunProfile profile, final Map<String, Object> point) throws Exception
    {
        final Histogram histogram = new Histogram(TimeUnit.SECONDS.toNanos(10), 3);
        final long[] measureFromNs = {Long.MAX_VALUE};
        try (Connection consuming = factory.createConnection(); Connection publishing = factory.createConnection())
        {
            final Session session = consuming.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final MessageListener listener = message ->
            {
                try
                {
                    final long sentNs = ((BytesMessage)message).readLong();
                    if (sentNs >= measureFromNs[0])
                    {
                        final long latencyNs = System.nanoTime() - sentNs;
                        histogram.recordValue(Math.min(latencyNs, histogram.getHighestTrackableValue()));
                    }
                }
                catch (final JMSException ex)
                {
                    throw new IllegalStateException(ex);
                }
            };
            final Session publisher = publishing.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Topic[] topics = new Topic[TOPICS];
            for (int i = 0; i < TOPICS; i++)
            {
                topics[i] = publisher.createTopic(prefix + "." + i);
                if (!wildcard)
                {
                    session.createConsumer(topics[i]).setMessageListener(listener);
                }
            }
            if (wildcard)
            {
                session.createConsumer(session.createTopic(prefix + ".>")).setMessageListener(listener);
            }
            consuming.start();
            final MessageProducer producer = publisher.createProducer(null);
            final BytesMessage message = publisher.createBytesMessage();
            final long intervalNs = (long)(1e9 / RATE);
            final long startNs = System.nanoTime();
            final long warmupEndNs = startNs + (long)(profile.warmupSeconds() * 1e9);
            final long endNs = warmupEndNs + (long)(profile.measureSeconds() * 1e9);
            long next = startNs;
            long sent = 0;
            boolean measuring = false;
            for (int i = 0; ; i = i + 1 == TOPICS ? 0 : i + 1)
            {
                long now;
                while ((now = System.nanoTime()) < next)
                {
                    Thread.onSpinWait();
                }
                if (!measuring && now >= warmupEndNs)
                {
                    measuring = true;
                    measureFromNs[0] = now;
                    sent = 0;
                }
                if (now >= endNs)
                {
                    break;
                }
                message.clearBody();
                message.writeLong(System.nanoTime());
                producer.send(topics[i], message);
                sent++;
                next += intervalNs;
            }
            final long sentPerSec = Math.round(sent / profile.measureSeconds());
            point.put("sentPerSec", sentPerSec);
            point.put("saturated", sentPerSec < 0.95 * RATE);
            final long settleNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
            while (histogram.getTotalCount() < sent && System.nanoTime() < settleNs)
            {
                Thread.onSpinWait();
            }
        }
        return histogram;
    }
}
