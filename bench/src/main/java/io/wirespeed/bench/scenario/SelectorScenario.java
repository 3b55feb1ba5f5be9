package io.wirespeed.bench.scenario;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.Topic;

import io.wirespeed.bench.peer.JmsMessages;
import io.wirespeed.bench.peer.JmsTarget;
import io.wirespeed.bench.rig.Points;
import io.wirespeed.bench.rig.RunProfile;

/**
 * SEL, selectors at scale (issue 27): one consumer whose selector ({@code sym = 'HIT'}) selects every message, beside
 * {@code consumers - 1} consumers of the same topic whose selectors select none, on one connection; a producer on
 * it sends 100-byte messages ({@code sym = 'HIT'}, {@code price = 10.5}) as fast as the provider accepts. The
 * others' selectors: {@code equal}, one text for all ({@code price > 1000}); {@code distinct-equality}, each its own
 * equality ({@code sym = 'S2'}, every other one {@code sym IN ('S3', 'T3')}); {@code general}, each its own
 * range ({@code price > 1000 + i}). The figure is the matching consumer's received rate; a selector index makes
 * distinct equalities cost per distinct selector, not per consumer.
 */
public final class SelectorScenario
{
    /** The scenario's id. */
    public static final String ID = "SEL";

    /** The kinds of the non-matching consumers' selectors. */
    public static final String[] KINDS = {"equal", "distinct-equality", "general"};

    private static final int SIZE = 100;

    private SelectorScenario()
    {
    }

    /**
     * Measures 1, 64, 256 and 1,024 consumers for each kind of selector.
     *
     * @param peer    a JMS peer's name.
     * @param profile the run's profile.
     * @param sink    takes each point as it is measured.
     * @throws Exception if the peer fails.
     */
    public static void run(final String peer, final RunProfile profile, final Consumer<Map<String, Object>> sink)
        throws Exception
    {
        final int[] counts = {1, 64, 256, 1024};
        try (PeerRuns runs = new PeerRuns(peer, profile))
        {
            final JmsTarget target = runs.target();
            int round = 0;
            for (final String kind : KINDS)
            {
                for (final int consumers : counts)
                {
                    final Map<String, Object> point = Points.of(ID, peer, runs.jmsSettings(), profile);
                    point.put("variant", kind);
                    point.putAll(measure(target, "sel." + (round++), kind, consumers, profile));
                    Progress.print(point, consumers + " consumers, " + kind + " selectors");
                    sink.accept(point);
                }
            }
        }
    }

    /**
     * The selector of the i-th non-matching consumer.
     *
     * @param kind one of {@link #KINDS}.
     * @param i    from 1.
     * @return the selector text.
     */
    static String selector(final String kind, final int i)
    {
        switch (kind)
        {
            case "equal": return "price > 1000";
            case "distinct-equality": return 0 == i % 2 ? "sym = 'S" + i + "'" : "sym IN ('S" + i + "', 'T" + i + "')";
            case "general": return "price > " + (1000 + i);
            default: throw new IllegalArgumentException("kind: " + kind);
        }
    }

    private static Map<String, Object> measure(
        final JmsTarget target, final String topicName, final String kind, final int consumers,
        final RunProfile profile) throws Exception
    {
        try (Connection connection = target.factory().createConnection())
        {
            final Session setup = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Topic topic = setup.createTopic(topicName);
            final DeliveryCounter matching = new DeliveryCounter();
            connection.createSession(false, Session.AUTO_ACKNOWLEDGE).createConsumer(topic, "sym = 'HIT'")
                .setMessageListener(matching);
            final DeliveryCounter strays = new DeliveryCounter();
            final Session others = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            for (int i = 1; i < consumers; i++)
            {
                others.createConsumer(topic, selector(kind, i)).setMessageListener(strays);
            }
            final Session sendSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final MessageProducer producer = JmsMessages.fast(sendSession.createProducer(topic));
            final BytesMessage message = sendSession.createBytesMessage();
            message.setStringProperty("sym", "HIT");
            message.setDoubleProperty("price", 10.5);
            final byte[] padding = new byte[SIZE - 16];
            connection.start();

            final long warmup = JmsMessages.sendUntil(
                producer, message, padding, 0, System.nanoTime() + (long)(profile.warmupSeconds() * 1e9));
            final long receivedBefore = matching.received();
            final long start = System.nanoTime();
            final long sequence = JmsMessages.sendUntil(
                producer, message, padding, warmup, start + (long)(profile.measureSeconds() * 1e9));
            final long sendEnd = System.nanoTime();
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(profile.longRun() ? 30 : 10);
            while (matching.received() < sequence && System.nanoTime() < deadline)
            {
                Thread.sleep(1);
            }
            final double seconds = (System.nanoTime() - start) / 1e9;
            final Map<String, Object> figures = new LinkedHashMap<>();
            figures.put("messageSize", SIZE);
            figures.put("consumers", consumers);
            figures.put("warmupMessages", warmup);
            figures.put("measuredMessages", sequence - warmup);
            figures.put("msgPerSec", Math.round((sequence - warmup) / ((sendEnd - start) / 1e9)));
            figures.put("receivedPerSec", Math.round((matching.received() - receivedBefore) / seconds));
            figures.put("strayDeliveries", strays.received());
            figures.put("lossless",
                matching.received() == sequence && 0 == matching.outOfOrder() && 0 == strays.received());
            return figures;
        }
    }
}
