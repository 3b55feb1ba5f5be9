package io.wirespeed.jms.durable;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;
import javax.jms.Topic;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.host.durable.DurableFeed;
import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.jms.transport.SharedTransports;
import io.wirespeed.test.SlowTest;

/**
 * Beyond the archive's retention a durable subscriber is never silently short of messages: the gap
 * is logged (WARNING, with the recording and the positions lost) and delivery goes on after it.
 */
@SlowTest
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class RetentionGapTest
{
    @TempDir
    Path archiveDir;

    @BeforeEach
    @AfterEach
    void closeTheEmbeddedHosts()
    {
        // the archive lives while the JVM does: this test's has its own directory, removed after it
        SharedTransports.closeEmbeddedHosts();
    }

    @Test
    void messagesPurgedBeforeAnOfflineSubscriberReadThemAreALoggedGapAndDeliveryGoesOnAfterIt() throws Exception
    {
        final List<String> warnings = new CopyOnWriteArrayList<>();
        final Handler handler = new Handler()
        {
            @Override
            public void publish(final LogRecord record)
            {
                warnings.add(record.getMessage());
            }

            @Override
            public void flush()
            {
            }

            @Override
            public void close()
            {
            }
        };
        final Logger logger = Logger.getLogger(DurableFeed.class.getName());
        final Logger retentionLogger = Logger.getLogger("io.wirespeed.transport.aeron.ArchiveRetention");
        logger.addHandler(handler);
        retentionLogger.addHandler(handler);
        final String uri = "wirespeed:ipc?archiveDir=" + archiveDir + "&connectWait=50&termLength=65536" +
            "&archiveSegmentLength=65536&archiveRetentionSize=131072";
        try (Connection connection = new JmsConnectionFactory(uri).createConnection())
        {
            connection.setClientID("retention-" + ProcessHandle.current().pid());
            connection.start();
            final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Topic topic = session.createTopic("retention.gap." + ProcessHandle.current().pid());
            session.createDurableSubscriber(topic, "slow").close();

            final MessageProducer producer = session.createProducer(topic);
            producer.setDeliveryMode(DeliveryMode.PERSISTENT);
            final String padding = "x".repeat(400);
            final int count = 3_000;
            for (int i = 0; i < count; i++)
            {
                producer.send(session.createTextMessage(i + ":" + padding));
            }

            final long deadline = System.nanoTime() + 30_000_000_000L;
            while (warnings.isEmpty() && System.nanoTime() < deadline)
            {
                Thread.onSpinWait();
                Thread.yield();
            }
            assertFalse(warnings.isEmpty(), "retention purged nothing within 30 s");

            final MessageConsumer consumer = session.createDurableSubscriber(topic, "slow");
            final TextMessage message = (TextMessage)consumer.receive(10_000);
            assertNotNull(message, "nothing delivered after the gap");
            final int first = Integer.parseInt(message.getText().substring(0, message.getText().indexOf(':')));
            assertTrue(first > 0, "the purged messages were delivered anyway: first is " + first);
            assertTrue(warnings.stream().anyMatch(w -> w.contains("lost messages")),
                "the gap was not logged: " + warnings);
            int expected = first + 1;
            for (TextMessage next = (TextMessage)consumer.receive(5_000); next != null && expected < count;
                next = (TextMessage)consumer.receive(5_000))
            {
                assertTrue(next.getText().startsWith(expected + ":"), "after the gap, expected " + expected + " got " +
                    next.getText().substring(0, 12));
                expected++;
            }
            assertTrue(expected == count, "delivery stopped after the gap at " + expected);
        }
        finally
        {
            logger.removeHandler(handler);
            retentionLogger.removeHandler(handler);
        }
    }
}
