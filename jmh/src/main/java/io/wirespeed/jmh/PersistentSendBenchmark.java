package io.wirespeed.jmh;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;
import javax.jms.Topic;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.jms.transport.SharedTransports;

/**
 * What durability costs a sender: one 64-byte TextMessage sent to a topic over IPC with the embedded
 * driver, per send (sample time) and sends per second, in three cases:
 * <ul>
 *   <li>{@code NON_PERSISTENT}: never waits for the archive;</li>
 *   <li>{@code PERSISTENT_UNRECORDED}: PERSISTENT, but no durable subscription records the topic, so it
 *       costs only the look for a recorded-stream mark in the driver's counters;</li>
 *   <li>{@code PERSISTENT_RECORDED}: PERSISTENT to a topic with a durable subscription: each send waits
 *       until the archive's recording position has passed it (page cache, file sync level 0).</li>
 * </ul>
 * A non-durable listener drains the topic in every case. Run:
 * {@code java -jar jmh/target/benchmarks.jar PersistentSendBenchmark}.
 */
@BenchmarkMode({Mode.Throughput, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsPrepend = {BenchmarkSupport.ADD_OPENS, "--add-opens=java.base/java.util.zip=ALL-UNNAMED"})
@Threads(1)
@State(Scope.Benchmark)
public class PersistentSendBenchmark
{
    /** The delivery mode and whether the topic is recorded. */
    @Param({"NON_PERSISTENT", "PERSISTENT_UNRECORDED", "PERSISTENT_RECORDED"})
    public String mode;

    private Path archiveDir;
    private Connection connection;
    private Session session;
    private MessageProducer producer;
    private TextMessage message;

    /**
     * Starts the embedded driver (and for the recorded case its archive and a durable subscription).
     *
     * @throws Exception if JMS fails.
     */
    @Setup(Level.Trial)
    public void setUp() throws Exception
    {
        archiveDir = Files.createTempDirectory("wirespeed-jmh-archive");
        connection = new JmsConnectionFactory("wirespeed:ipc?idle=yielding&archiveDir=" + archiveDir +
            "&archiveRetentionSize=256m").createConnection();
        connection.setClientID("persistent-send-benchmark");
        connection.start();
        session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Topic topic = session.createTopic("jmh.persistent." + mode);
        final Session listening = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        listening.createConsumer(topic).setMessageListener(received -> { });
        if ("PERSISTENT_RECORDED".equals(mode))
        {
            final MessageConsumer durable = listening.createDurableConsumer(topic, "recorded");
            durable.close();
        }
        producer = session.createProducer(topic);
        producer.setDeliveryMode("NON_PERSISTENT".equals(mode) ? DeliveryMode.NON_PERSISTENT : DeliveryMode.PERSISTENT);
        producer.setDisableMessageID(true);
        producer.setDisableMessageTimestamp(true);
        message = session.createTextMessage("x".repeat(64));
    }

    /**
     * One send.
     *
     * @throws JMSException if the send fails.
     */
    @Benchmark
    public void send() throws JMSException
    {
        producer.send(message);
    }

    /**
     * Deletes the durable subscription and the archive directory.
     *
     * @throws Exception if JMS fails.
     */
    @TearDown(Level.Trial)
    public void tearDown() throws Exception
    {
        if ("PERSISTENT_RECORDED".equals(mode))
        {
            session.unsubscribe("recorded");
        }
        connection.close();
        // the embedded archive outlives connections (it lives while the JVM does): stop it before its files go
        SharedTransports.closeEmbeddedHosts();
        try (var files = Files.walk(archiveDir))
        {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }
}
