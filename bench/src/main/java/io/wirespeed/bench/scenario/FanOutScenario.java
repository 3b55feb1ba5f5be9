package io.wirespeed.bench.scenario;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.Topic;

import io.wirespeed.bench.peer.JmsMessages;
import io.wirespeed.bench.peer.JmsTarget;
import io.wirespeed.bench.rig.Points;
import io.wirespeed.bench.rig.RunProfile;

/**
 * S7, after the AMQP paper's exchange benchmarks, at 100-byte messages: fan-out (one publisher,
 * N consumers of one topic, each in a session of its own) and non-matching subscriptions (one
 * matching consumer beside N consumers that must receive nothing: consumers of other topics, and
 * consumers of the same topic whose selector never matches where the provider has selectors).
 * The publisher sends as fast as the provider accepts; the figures are messages sent and delivered
 * per second, and whether every consumer got every message.
 */
public final class FanOutScenario
{
    private static final int SIZE = 100;
    private static final String NEVER = "benchKind = 'never'";

    private FanOutScenario()
    {
    }

    /**
     * Measures fan-out to 1, 4, 16, 32 consumers (long: 1, 2, 4, 8, 16, 32) and 1, 64, 256, 1024
     * non-matching subscriptions, after one unrecorded fan-out to one consumer: the first point of a fresh JVM
     * would otherwise measure the compiler (0.9-3.3M msg/s over runs of one jar), and it is the base of the
     * fan-out target.
     *
     * @param peer    a JMS peer's name.
     * @param profile the run's profile.
     * @param sink    takes each point as it is measured.
     * @throws Exception if the peer fails.
     */
    public static void s7(final String peer, final RunProfile profile, final Consumer<Map<String, Object>> sink)
        throws Exception
    {
        final int[] fanOut = profile.longRun() ? new int[]{1, 2, 4, 8, 16, 32} : new int[]{1, 4, 16, 32};
        final int[] nonMatching = {1, 64, 256, 1024};
        try (PeerRuns runs = new PeerRuns(peer, profile))
        {
            final JmsTarget target = runs.target();
            measure(target, "s7.warm", 1, 0, false, profile);
            int round = 0;
            for (final int consumers : fanOut)
            {
                final Map<String, Object> point = Points.of("S7", peer, runs.jmsSettings(), profile);
                point.put("variant", "fan-out");
                point.putAll(measure(target, "s7.f" + (round++), consumers, 0, false, profile));
                Progress.print(point, "fan-out to " + consumers);
                sink.accept(point);
            }
            final boolean selectors = selectorsAvailable(target);
            for (final boolean useSelectors : selectors ? new boolean[]{false, true} : new boolean[]{false})
            {
                for (final int others : nonMatching)
                {
                    final Map<String, Object> point = Points.of("S7", peer, runs.jmsSettings(), profile);
                    point.put("variant", useSelectors ? "non-matching-selectors" : "non-matching-topics");
                    point.put("selectorsAvailable", selectors);
                    point.putAll(measure(target, "s7.n" + (round++), 1, others, useSelectors, profile));
                    Progress.print(point, others + (useSelectors ? " non-matching selectors" : " other-topic subs"));
                    sink.accept(point);
                }
            }
        }
    }

    private static boolean selectorsAvailable(final JmsTarget target) throws JMSException
    {
        try (Connection connection = target.factory().createConnection())
        {
            final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            session.createConsumer(session.createTopic("s7.selector.probe"), NEVER).close();
            return true;
        }
        catch (final JMSException ex)
        {
            return false;
        }
    }

    private static Map<String, Object> measure(
        final JmsTarget target,
        final String prefix,
        final int consumers,
        final int nonMatching,
        final boolean useSelectors,
        final RunProfile profile) throws Exception
    {
        try (Connection connection = target.factory().createConnection())
        {
            final Session setup = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Topic topic = setup.createTopic(prefix);
            final DeliveryCounter[] counters = new DeliveryCounter[consumers];
            for (int c = 0; c < consumers; c++)
            {
                counters[c] = new DeliveryCounter();
                connection.createSession(false, Session.AUTO_ACKNOWLEDGE).createConsumer(topic)
                    .setMessageListener(counters[c]);
            }
            final DeliveryCounter strays = new DeliveryCounter();
            final Session others = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            for (int n = 0; n < nonMatching; n++)
            {
                if (useSelectors)
                {
                    others.createConsumer(topic, NEVER).setMessageListener(strays);
                }
                else
                {
                    others.createConsumer(others.createTopic(prefix + ".other." + n)).setMessageListener(strays);
                }
            }
            final Session sendSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final MessageProducer producer = JmsMessages.fast(sendSession.createProducer(topic));
            final BytesMessage message = sendSession.createBytesMessage();
            final byte[] padding = new byte[SIZE - 16];
            connection.start();

            final long warmup = JmsMessages.sendUntil(
                producer, message, padding, 0, System.nanoTime() + (long)(profile.warmupSeconds() * 1e9));
            final long deliveredBefore = delivered(counters);
            final long start = System.nanoTime();
            final long sequence = JmsMessages.sendUntil(
                producer, message, padding, warmup, start + (long)(profile.measureSeconds() * 1e9));
            final long sendEnd = System.nanoTime();
            final long expected = sequence * consumers;
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(profile.longRun() ? 30 : 10);
            while (delivered(counters) < expected && System.nanoTime() < deadline)
            {
                Thread.sleep(1);
            }
            final double seconds = (System.nanoTime() - start) / 1e9;
            long outOfOrder = 0;
            for (final DeliveryCounter counter : counters)
            {
                outOfOrder += counter.outOfOrder();
            }
            final Map<String, Object> figures = new LinkedHashMap<>();
            figures.put("messageSize", SIZE);
            figures.put("consumers", consumers);
            figures.put("nonMatching", nonMatching);
            figures.put("warmupMessages", warmup);
            figures.put("measuredMessages", sequence - warmup);
            figures.put("msgPerSec", Math.round((sequence - warmup) / ((sendEnd - start) / 1e9)));
            figures.put("deliveredPerSec", Math.round((delivered(counters) - deliveredBefore) / seconds));
            figures.put("strayDeliveries", strays.received());
            figures.put("lossless", delivered(counters) == expected && outOfOrder == 0 && strays.received() == 0);
            return figures;
        }
    }

    private static long delivered(final DeliveryCounter[] counters)
    {
        long total = 0;
        for (final DeliveryCounter counter : counters)
        {
            total += counter.received();
        }
        return total;
    }
}
