package io.wirespeed.bench.scenario;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.Topic;

import org.HdrHistogram.Histogram;

import io.wirespeed.bench.peer.JmsMessages;
import io.wirespeed.bench.peer.JmsTarget;
import io.wirespeed.bench.rig.IntendedSchedule;
import io.wirespeed.bench.rig.LatencyRecorder;
import io.wirespeed.bench.rig.LatencySummary;
import io.wirespeed.bench.rig.Points;
import io.wirespeed.bench.rig.RunProfile;

/**
 * S6: 10 publishers, 10 topics (12-byte names), 10 subscribers, 100-byte messages. Publisher
 * {@code i} is a session and producer of its own on one connection and publishes to topic
 * {@code i}; every subscriber (a session of its own on a second connection) consumes all ten
 * topics, so each message is delivered ten times. One sending thread drives the publishers in turn
 * on an intended-time schedule at the aggregate rate; one-way latency is measured from the intended
 * send time to each delivery.
 */
public final class ManyToManyScenario
{
    private static final int PUBLISHERS = 10;
    private static final int TOPICS = 10;
    private static final int SUBSCRIBERS = 10;
    private static final int SIZE = 100;

    private ManyToManyScenario()
    {
    }

    /**
     * Measures each aggregate rate: 10k and 50k msg/s published (long: 100k, 1M).
     *
     * @param peer    a JMS peer's name.
     * @param profile the run's profile.
     * @param sink    takes each point as it is measured.
     * @throws Exception if the peer fails.
     */
    public static void s6(final String peer, final RunProfile profile, final Consumer<Map<String, Object>> sink)
        throws Exception
    {
        final double[] rates = profile.longRun() ? new double[]{100_000, 1_000_000} : new double[]{10_000, 50_000};
        try (PeerRuns runs = new PeerRuns(peer, profile))
        {
            int round = 0;
            for (final double rate : rates)
            {
                final Map<String, Object> point = Points.of("S6", peer, runs.jmsSettings(), profile);
                point.putAll(measure(runs.target(), "S6R" + (round++), rate, profile));
                Progress.print(point, String.format("10x10x10 100 B @ %,.0f/s", rate));
                sink.accept(point);
            }
        }
    }

    private static Map<String, Object> measure(
        final JmsTarget target, final String prefix, final double rate, final RunProfile profile) throws Exception
    {
        final long warmup = (long)(rate * profile.warmupSeconds());
        final long total = warmup + (long)(rate * profile.measureSeconds());
        final LatencyRecorder[] recorders = new LatencyRecorder[SUBSCRIBERS];
        try (Connection subscribers = target.factory().createConnection();
            Connection publishers = target.factory().createConnection())
        {
            final Session topicSession = subscribers.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Topic[] topics = new Topic[TOPICS];
            for (int t = 0; t < TOPICS; t++)
            {
                topics[t] = topicSession.createTopic(topicName(prefix, t));
            }
            for (int s = 0; s < SUBSCRIBERS; s++)
            {
                final LatencyRecorder recorder = new LatencyRecorder(warmup);
                recorders[s] = recorder;
                final Session session = subscribers.createSession(false, Session.AUTO_ACKNOWLEDGE);
                for (final Topic topic : topics)
                {
                    session.createConsumer(topic).setMessageListener(m ->
                    {
                        try
                        {
                            final BytesMessage in = (BytesMessage)m;
                            final long intended = in.readLong();
                            recorder.record(intended, in.readLong());
                        }
                        catch (final JMSException ex)
                        {
                            throw JmsMessages.fail(ex);
                        }
                    });
                }
            }
            subscribers.start();
            final MessageProducer[] producers = new MessageProducer[PUBLISHERS];
            final BytesMessage[] messages = new BytesMessage[PUBLISHERS];
            for (int p = 0; p < PUBLISHERS; p++)
            {
                final Session session = publishers.createSession(false, Session.AUTO_ACKNOWLEDGE);
                producers[p] = JmsMessages.fast(session.createProducer(topics[p % TOPICS]));
                messages[p] = session.createBytesMessage();
            }
            publishers.start();
            final byte[] padding = new byte[SIZE - 16];

            final IntendedSchedule schedule = new IntendedSchedule(System.nanoTime() + 1_000_000, rate);
            final long maxLag = TimeUnit.SECONDS.toNanos(profile.longRun() ? 5 : 1);
            long sent = 0;
            boolean saturated = false;
            for (long i = 0; i < total; i++)
            {
                final long intended = schedule.intendedNanos(i);
                long now;
                while ((now = System.nanoTime()) < intended)
                {
                    Thread.yield();
                }
                if (now - intended > maxLag)
                {
                    saturated = true;
                    break;
                }
                final int p = (int)(i % PUBLISHERS);
                JmsMessages.write(messages[p], intended, i, padding);
                producers[p].send(messages[p]);
                sent++;
            }
            final long expected = sent * SUBSCRIBERS;
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(profile.longRun() ? 30 : 5);
            while (delivered(recorders) < expected && System.nanoTime() < deadline)
            {
                Thread.sleep(1);
            }
            final Histogram all = new Histogram(TimeUnit.SECONDS.toNanos(60), 3);
            for (final LatencyRecorder recorder : recorders)
            {
                all.add(recorder.histogram());
            }
            final Map<String, Object> figures = new java.util.LinkedHashMap<>();
            figures.put("publishers", PUBLISHERS);
            figures.put("topics", TOPICS);
            figures.put("subscribers", SUBSCRIBERS);
            figures.put("topicNameBytes", topicName(prefix, 0).length());
            figures.put("messageSize", SIZE);
            figures.put("targetRate", rate);
            figures.put("warmupMessages", Math.min(warmup, sent));
            figures.put("sent", sent);
            figures.put("expectedDeliveries", expected);
            figures.put("delivered", delivered(recorders));
            figures.put("lost", Math.max(0, expected - delivered(recorders)));
            figures.put("saturated", saturated || delivered(recorders) < expected);
            figures.put("latency", LatencySummary.of(all, 1));
            return figures;
        }
    }

    /** Twelve bytes for a four-character prefix: {@code S6R0.TOPIC07}. */
    private static String topicName(final String prefix, final int topic)
    {
        return String.format("%s.TOPIC%02d", prefix, topic);
    }

    private static long delivered(final LatencyRecorder[] recorders)
    {
        long total = 0;
        for (final LatencyRecorder recorder : recorders)
        {
            total += recorder.received();
        }
        return total;
    }
}
