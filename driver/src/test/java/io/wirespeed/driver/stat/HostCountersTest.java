package io.wirespeed.driver.stat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import javax.jms.Connection;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.Session;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.test.Await;

/**
 * The queue host's counters as a tool outside sees them: {@code wirespeed-stat} reads the driver's files (not this
 * JVM's objects) and shows each queue's depth, messages in flight and consumers on the queue's row, and the row goes
 * when the queue does.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class HostCountersTest
{
    private static final String QUEUE = "stat.orders";

    @TempDir
    Path temp;

    private Connection connection;

    @AfterEach
    void close() throws Exception
    {
        if (connection != null)
        {
            connection.close();
        }
    }

    @Test
    void showsEachQueuesDepthInFlightAndConsumers() throws Exception
    {
        final String directory = temp.resolve("driver").toString();
        connection = new io.wirespeed.jms.JmsConnectionFactory("wirespeed:ipc?aeronDir=" + directory +
            "&queuePrefetch=2").createConnection();
        connection.start();
        final Session session = connection.createSession(false, Session.CLIENT_ACKNOWLEDGE);
        final Queue queue = session.createQueue(QUEUE);
        final MessageProducer producer = session.createProducer(queue);
        for (int i = 0; i < 5; i++)
        {
            producer.send(session.createTextMessage("order " + i));
        }

        Await.value("five waiting on the queue's row", () -> row(directory, "\"queue.depth\":5,\"queue.inflight\":0," +
            "\"queue.consumers\":0"));

        final MessageConsumer consumer = session.createConsumer(queue);
        assertNotNull(consumer.receive(5_000));
        final String json = Await.value("three waiting, two in flight to one consumer", () -> row(directory,
            "\"queue.depth\":3,\"queue.inflight\":2,\"queue.consumers\":1"));
        assertTrue(json.contains("{\"name\":\"queue:" + QUEUE + "\",\"messages.sent\":5,"),
            "the provider's and the host's figures share the queue's row: " + json);
    }

    private static String row(final String directory, final String figures)
    {
        final String json = stat(directory, "--once", "--json");
        return json.contains(figures) ? json : null;
    }

    private static String stat(final String... args)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        try
        {
            final int status = WirespeedStat.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
            assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
        }
        catch (final InterruptedException ex)
        {
            throw new IllegalStateException(ex);
        }
        return out.toString(StandardCharsets.UTF_8).strip();
    }
}
