package io.wirespeed.bench.scenario;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.BitSet;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.Session;
import javax.jms.TextMessage;

import org.HdrHistogram.Histogram;

import io.wirespeed.bench.rig.LatencySummary;
import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.childjvm.JvmCommand;
import io.wirespeed.jms.JmsConnectionFactory;

/**
 * S10's cost of consensus (issue 24 item 5): synchronous PERSISTENT queue sends 1→1, one producer sending as fast as
 * each send returns (closed loop) and one consumer, against the clustered queue host and against the single queue
 * host over UDP with its archive (where a remote client's PERSISTENT send returns once the archive recorded it): sends
 * per second and each send's time from call to return (HdrHistogram, µs), and the confirmed messages that never came.
 */
final class ConsensusCost
{
    private static final long HIGHEST = TimeUnit.SECONDS.toNanos(60);
    private static final Duration START = Duration.ofSeconds(90);
    private static final Duration STOP = Duration.ofSeconds(30);
    private static final Duration DRAIN = Duration.ofSeconds(30);

    private ConsensusCost()
    {
    }

    /**
     * Measures one host.
     *
     * @param uri            the client's connection URI.
     * @param warmupSeconds  seconds of sends not measured first.
     * @param measureSeconds seconds of sends measured.
     * @param bodyBytes      the TextMessage's length.
     * @param point          takes msgPerSec, send (latency summary, µs), sent, confirmed, received, lost.
     * @throws Exception if a send fails.
     */
    static void measure(
        final String uri, final double warmupSeconds, final double measureSeconds, final int bodyBytes,
        final Map<String, Object> point) throws Exception
    {
        final JmsConnectionFactory factory = new JmsConnectionFactory(uri);
        final BitSet seen = new BitSet();
        final long[] received = {0};
        try (Connection consuming = factory.createConnection(); Connection producing = factory.createConnection())
        {
            final Session consumerSession = consuming.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Queue queue = consumerSession.createQueue("bench.s10.consensus." + System.nanoTime());
            consumerSession.createConsumer(queue).setMessageListener(message ->
            {
                try
                {
                    final int seq = (int)message.getLongProperty("seq");
                    synchronized (seen)
                    {
                        if (!seen.get(seq))
                        {
                            seen.set(seq);
                            received[0]++;
                        }
                    }
                }
                catch (final JMSException ex)
                {
                    throw new IllegalStateException(ex);
                }
            });
            consuming.start();
            final Session session = producing.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final MessageProducer producer = session.createProducer(queue);
            producer.setDeliveryMode(DeliveryMode.PERSISTENT);
            final TextMessage message = session.createTextMessage("x".repeat(bodyBytes));
            final Histogram histogram = new Histogram(HIGHEST, 3);
            long seq = 0;
            final long warmEndNs = System.nanoTime() + (long)(warmupSeconds * 1e9);
            while (System.nanoTime() - warmEndNs < 0)
            {
                message.setLongProperty("seq", seq++);
                producer.send(message);
            }
            final long startNs = System.nanoTime();
            final long endNs = startNs + (long)(measureSeconds * 1e9);
            long measured = 0;
            long now = startNs;
            while (now - endNs < 0)
            {
                message.setLongProperty("seq", seq++);
                producer.send(message);
                final long returned = System.nanoTime();
                histogram.recordValue(Math.min(HIGHEST, returned - now));
                now = returned;
                measured++;
            }
            final long confirmed = seq;
            final long deadline = System.nanoTime() + DRAIN.toNanos();
            while (count(seen, received) < confirmed && System.nanoTime() - deadline < 0)
            {
                Thread.sleep(5);
            }
            final long got = count(seen, received);
            point.put("measureSeconds", measureSeconds);
            point.put("warmupSeconds", warmupSeconds);
            point.put("measuredSends", measured);
            point.put("msgPerSec", Math.round(measured * 1e9 / (now - startNs)));
            point.put("send", LatencySummary.of(histogram, 1));
            point.put("confirmed", confirmed);
            point.put("received", got);
            point.put("lost", confirmed - got);
            point.put("complete", confirmed == got);
        }
    }

    private static long count(final BitSet seen, final long[] received)
    {
        synchronized (seen)
        {
            return received[0];
        }
    }

    /**
     * Starts a {@code wirespeed-driver} process serving its single queue host over UDP on loopback, with its archive
     * under a directory, and waits until it runs.
     *
     * @param root where its driver and archive directories go.
     * @return the process, and the value of the URI option {@code host}.
     * @throws Exception if it does not start.
     */
    static SingleHost startSingleHost(final Path root) throws Exception
    {
        final int port = udpPair();
        final String endpoint = "127.0.0.1:" + port;
        final JvmCommand command = JvmCommand.small(io.wirespeed.bench.rig.LoopbackClusterSide.MAIN_CLASS)
            .systemProperty("wirespeed.driver.dir", root.resolve("single-driver").toString())
            .systemProperty("wirespeed.host.endpoint", endpoint)
            .systemProperty("wirespeed.archive.enabled", "true")
            .systemProperty("wirespeed.archive.dir", root.resolve("single-archive").toString());
        final ChildJvm jvm = ChildJvm.start("single queue host", command);
        try
        {
            return new SingleHost(jvm, endpoint, jvm.awaitLine(io.wirespeed.bench.rig.LoopbackClusterSide.RUNNING,
                START));
        }
        catch (final Exception ex)
        {
            jvm.close();
            throw ex;
        }
    }

    /**
     * The single queue host's process.
     *
     * @param jvm         its process.
     * @param endpoint    {@code 127.0.0.1:PORT}.
     * @param runningLine what it printed when it came up.
     */
    record SingleHost(ChildJvm jvm, String endpoint, String runningLine) implements AutoCloseable
    {
        @Override
        public void close() throws InterruptedException
        {
            jvm.terminate();
            if (!jvm.waitFor(STOP))
            {
                jvm.killForcibly(STOP);
            }
            jvm.close();
        }
    }

    private static int udpPair()
    {
        final InetAddress loopback = InetAddress.getLoopbackAddress();
        for (int attempt = 0; attempt < 1_000; attempt++)
        {
            final int base = ThreadLocalRandom.current().nextInt(20_000, 32_000);
            try (DatagramSocket first = new DatagramSocket(new InetSocketAddress(loopback, base));
                DatagramSocket second = new DatagramSocket(new InetSocketAddress(loopback, base + 1)))
            {
                return base;
            }
            catch (final IOException ex)
            {
                // taken: try another
            }
        }
        throw new UncheckedIOException(new IOException("no two free UDP ports in a row on loopback"));
    }
}
