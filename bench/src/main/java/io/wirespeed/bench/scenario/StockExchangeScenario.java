package io.wirespeed.bench.scenario;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.MessageListener;
import javax.jms.MessageProducer;
import javax.jms.Session;

import io.wirespeed.bench.peer.JmsMessages;
import io.wirespeed.bench.peer.JmsTarget;
import io.wirespeed.bench.rig.IntendedSchedule;
import io.wirespeed.bench.rig.LatencyRecorder;
import io.wirespeed.bench.rig.LatencySummary;
import io.wirespeed.bench.rig.Points;
import io.wirespeed.bench.rig.Placement;
import io.wirespeed.bench.rig.QueueHostSide;
import io.wirespeed.bench.rig.RemoteSide;
import io.wirespeed.bench.rig.RunProfile;
import io.wirespeed.netns.NamespaceHost;

/**
 * S8, the stock-exchange simulation of the AMQP paper over topics: a gateway sends random buy and
 * sell orders at a target rate; a {@link MatchingEngine} on its own connection matches them and
 * sends back trade or order confirmations and quotes; the gateway measures order completion time,
 * from the order's intended send time to its confirmation. Between hosts ({@code wirespeed-udp-netns},
 * {@code artemis-tcp-netns}: {@link io.wirespeed.bench.rig.Placement}) the gateway runs on the near host, the engine
 * on the far host ({@link MatchingEngineMain}) and the queue server on a third: Artemis's broker, or Wirespeed's
 * driver process serving its queue host over UDP ({@link QueueHostSide}, clients with {@code host=}); for
 * {@code wirespeed-cluster-netns} the queue host is a three-member cluster on three hosts of their own, started once
 * for the step with a leader elected before the first point ({@link io.wirespeed.bench.peer.ClusterTarget}, clients
 * with {@code host=A:PORT,B:PORT,C:PORT}). Orders then go through a queue; Wirespeed's trades, order confirmations and
 * quotes are topics over UDP unicast, routed back to the near host's address.
 */
public final class StockExchangeScenario
{
    private static final int SYMBOLS = 16;

    private StockExchangeScenario()
    {
    }

    /**
     * Measures 2k, 8k, 20k and 50k orders/s (long: 1k ... 100k).
     *
     * @param peer    a JMS peer's name.
     * @param profile the run's profile.
     * @param sink    takes each point as it is measured.
     * @throws Exception if the peer fails.
     */
    public static void s8(final String peer, final RunProfile profile, final Consumer<Map<String, Object>> sink)
        throws Exception
    {
        final double[] rates = profile.longRun() ?
            new double[]{1_000, 2_000, 4_000, 6_000, 8_000, 20_000, 50_000, 100_000} :
            new double[]{2_000, 8_000, 20_000, 50_000};
        try (PeerRuns runs = new PeerRuns(peer, profile))
        {
            int round = 0;
            for (final double rate : rates)
            {
                final Map<String, Object> point = Points.of("S8", peer, runs.jmsSettings(), profile);
                point.putAll(measure(runs.target(), "s8." + (round++), rate, profile));
                Progress.print(point, String.format("%,.0f orders/s", rate));
                sink.accept(point);
            }
        }
    }

    private static Map<String, Object> measure(
        final JmsTarget target, final String prefix, final double rate, final RunProfile profile) throws Exception
    {
        final NamespaceHost engineHost = target.farHost();
        // Between hosts orders go through a queue: Artemis's broker's, or Wirespeed's queue host on a host of its own.
        final StockTopics names = StockTopics.of(prefix, null != engineHost);
        try (QueueHostSide queueHost = null != engineHost && target.uri().startsWith("wirespeed:") &&
            !target.namesQueueHost() ? QueueHostSide.start(Placement.host(Placement.BROKER)) : null)
        {
            final JmsTarget withHost = null == queueHost ? target : target.withOption("host=" + queueHost.endpoint());
            // Between hosts the engine's replies come back to this host: over UDP unicast, routes to its address.
            final JmsTarget here = null == engineHost ? withHost :
                withHost.receivingHere(names.trades()).receivingHere(names.confirms()).receivingHere(names.quotes());
            final Map<String, Object> figures = measure(here, names, engineHost, rate, profile);
            if (null != queueHost)
            {
                figures.put("queueHost", "single, " + queueHost.endpoint());
            }
            return figures;
        }
    }

    private static Map<String, Object> measure(final JmsTarget here, final StockTopics names,
        final NamespaceHost engineHost, final double rate, final RunProfile profile) throws Exception
    {
        final double seconds = profile.longRun() ? Math.min(120, 1_000_000 / rate) : profile.measureSeconds();
        final long warmup = (long)(rate * profile.warmupSeconds());
        final long total = warmup + (long)(rate * seconds);
        final LatencyRecorder completions = new LatencyRecorder(warmup);
        final long[] quotes = new long[1];
        final boolean[] answered = new boolean[1];
        final MatchingEngine localEngine = null == engineHost ? new MatchingEngine(here.factory(), names, SYMBOLS) :
            null;
        try (AutoCloseable engine = null != localEngine ? localEngine : RemoteSide.start(
            engineHost, MatchingEngineMain.class.getName(),
            List.of(here.uri(), names.prefix(), Integer.toString(SYMBOLS), names.ordersQueue() ? "queue" : "topic"));
            Connection gateway = here.factory().createConnection())
        {
            final Session receive = gateway.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final MessageListener completed = m ->
            {
                try
                {
                    final BytesMessage in = (BytesMessage)m;
                    final long intended = in.readLong();
                    if (intended < 0)
                    {
                        answered[0] = true;
                        return;
                    }
                    completions.record(intended, in.readLong());
                }
                catch (final JMSException ex)
                {
                    throw JmsMessages.fail(ex);
                }
            };
            receive.createConsumer(receive.createTopic(names.trades())).setMessageListener(completed);
            receive.createConsumer(receive.createTopic(names.confirms())).setMessageListener(completed);
            receive.createConsumer(receive.createTopic(names.quotes())).setMessageListener(m -> quotes[0]++);
            final Session send = gateway.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final MessageProducer orders = JmsMessages.fast(send.createProducer(names.orders(send)));
            final BytesMessage order = send.createBytesMessage();
            gateway.start();
            if (null != engineHost)
            {
                // A topic's first messages reach only subscribers already connected: probe until the engine answers.
                RemoteSide.handshake(() ->
                {
                    writeOrder(order, -1, -1, 0, OrderBook.BUY, 1, 1);
                    orders.send(order);
                }, () -> answered[0]);
            }

            final SplittableRandom random = new SplittableRandom(42);
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
                writeOrder(order, intended, i, random.nextInt(SYMBOLS),
                    random.nextBoolean() ? OrderBook.BUY : OrderBook.SELL,
                    OrderBook.LEVELS / 2 + random.nextInt(-4, 4), 1 + random.nextInt(10) * 100);
                orders.send(order);
                sent++;
            }
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(profile.longRun() ? 30 : 5);
            while (completions.received() < sent && System.nanoTime() < deadline)
            {
                Thread.sleep(1);
            }
            final Map<String, Object> figures = new LinkedHashMap<>();
            figures.put("targetRate", rate);
            figures.put("orders", names.ordersQueue() ? "queue" : "topic");
            figures.put("orderSize", 29);
            figures.put("symbols", SYMBOLS);
            figures.put("warmupMessages", Math.min(warmup, sent));
            figures.put("sent", sent);
            figures.put("received", completions.received());
            figures.put("lost", Math.max(0, sent - completions.received()));
            if (null != localEngine)
            {
                figures.put("quotesSent", localEngine.quotesSent());
            }
            else
            {
                figures.put("engineHost", engineHost.toString());
            }
            figures.put("quotesReceived", quotes[0]);
            figures.put("saturated", saturated || completions.received() < sent);
            figures.put("latency", LatencySummary.of(completions.histogram(), 1));
            return figures;
        }
    }

    private static void writeOrder(final BytesMessage order, final long intended, final long id, final int symbol,
        final byte side, final int price, final int quantity) throws JMSException
    {
        order.clearBody();
        order.writeLong(intended);
        order.writeLong(id);
        order.writeInt(symbol);
        order.writeByte(side);
        order.writeInt(price);
        order.writeInt(quantity);
    }
}
