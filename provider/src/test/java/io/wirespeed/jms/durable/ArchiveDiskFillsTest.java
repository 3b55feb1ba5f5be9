package io.wirespeed.jms.durable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.Destination;
import javax.jms.JMSException;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.ResourceAllocationException;
import javax.jms.Session;
import javax.jms.TextMessage;
import javax.jms.Topic;
import javax.jms.TransactionRolledBackException;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.jms.transport.SharedTransports;
import io.wirespeed.test.Await;
import io.wirespeed.test.SmallDisk;

/**
 * The archive's disk fills while it records a durable subscription's topic (a tmpfs the test mounts and fills;
 * skipped where it may not mount one): PERSISTENT sends fail at once with a {@link ResourceAllocationException}
 * that says why and what to do, not after {@code sendTimeout} and not by succeeding into a disk that is about to
 * be full; every message whose send returned reaches the subscriber; once space returns, sends succeed again and
 * are kept.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class ArchiveDiskFillsTest
{
    private static final long MIB = 1024 * 1024;
    /** Below the archive's default least free space (128 MiB), above its level to record again (160 MiB) when empty. */
    private static final String DISK_SIZE = "192m";

    @TempDir
    Path temp;

    private SmallDisk disk;

    @BeforeEach
    void closeTheEmbeddedHosts()
    {
        SharedTransports.closeEmbeddedHosts();
    }

    @AfterEach
    void unmount() throws Exception
    {
        SharedTransports.closeEmbeddedHosts();
        if (disk != null)
        {
            disk.close();
        }
    }

    @Test
    void persistentSendsFailAtOnceWhileTheArchivesDiskIsFullNothingSentBeforeIsLostAndSendingResumes()
        throws Exception
    {
        disk = SmallDisk.mount(temp.resolve("disk"), DISK_SIZE);
        final String uri = "wirespeed:ipc?archiveDir=" + disk.directory().resolve("archive") + "&termLength=65536" +
            "&archiveSegmentLength=1m&sendTimeout=60000";
        try (Connection connection = new JmsConnectionFactory(uri).createConnection())
        {
            connection.setClientID("diskfills-" + ProcessHandle.current().pid());
            connection.start();
            final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Topic topic = session.createTopic("disk.fills." + ProcessHandle.current().pid());
            session.createDurableSubscriber(topic, "offline").close();

            final SendsAcrossAFullDisk sends = sendAcrossAFullDisk(connection, session, topic);

            try (MessageConsumer consumer = session.createDurableSubscriber(topic, "offline"))
            {
                sends.assertReceivedByAndNoMore(consumer);
            }
        }
    }

    @Test
    void aDurableQueueKeepsEveryPersistentMessageSentBeforeAndAfterItsArchivesDiskWasFullAcrossARestart()
        throws Exception
    {
        disk = SmallDisk.mount(temp.resolve("disk"), DISK_SIZE);
        final String uri = "wirespeed:ipc?archive=on&archiveDir=" + disk.directory().resolve("archive") +
            "&termLength=65536&archiveSegmentLength=1m&sendTimeout=60000";
        final String queueName = "disk.fills." + ProcessHandle.current().pid();
        final SendsAcrossAFullDisk sends;
        try (Connection connection = new JmsConnectionFactory(uri).createConnection())
        {
            final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            sends = sendAcrossAFullDisk(connection, session, session.createQueue(queueName));
        }
        SharedTransports.closeEmbeddedHosts();

        try (Connection connection = new JmsConnectionFactory(uri).createConnection())
        {
            connection.start();
            final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            try (MessageConsumer consumer = session.createConsumer(session.createQueue(queueName)))
            {
                sends.assertReceivedByAndNoMore(consumer);
            }
        }
    }

    /**
     * Sends PERSISTENT messages before the archive's disk fills, until a send fails once it is below the least
     * free space the archive records with (128 MiB by default), and after it has room again. While it is full, a
     * transaction with a PERSISTENT message rolls back without publishing anything.
     */
    private SendsAcrossAFullDisk sendAcrossAFullDisk(
        final Connection connection, final Session session, final Destination destination) throws Exception
    {
        final MessageProducer producer = session.createProducer(destination);
        producer.setDeliveryMode(DeliveryMode.PERSISTENT);
        final List<String> kept = new ArrayList<>();
        for (int i = 0; i < 10; i++)
        {
            send(session, producer, "before-" + i, kept);
        }

        final Path filler = disk.fill(100 * MIB);
        final int[] during = new int[1];
        final JMSException failure = Await.value("a PERSISTENT send to fail once the archive's disk is below " +
            "the 128 MiB it records with", Duration.ofSeconds(20), () -> sendOrFailure(session, producer,
            "during-" + during[0]++, kept));
        assertInstanceOf(ResourceAllocationException.class, failure, failure.toString());
        assertTrue(failure.getMessage().contains("disk is nearly full") &&
            failure.getMessage().contains("archiveMinFree") && failure.getMessage().contains("archiveDir"),
            failure.getMessage());
        final JMSException next = assertThrows(ResourceAllocationException.class,
            () -> producer.send(session.createTextMessage("refused")));
        assertTrue(next.getMessage().contains("was not sent"), next.getMessage());
        try (Session transacted = connection.createSession(true, Session.SESSION_TRANSACTED))
        {
            final MessageProducer inTransaction = transacted.createProducer(destination);
            inTransaction.send(transacted.createTextMessage("rolled back"));
            final TransactionRolledBackException rolledBack = assertThrows(TransactionRolledBackException.class,
                transacted::commit);
            assertTrue(rolledBack.getMessage().contains("disk is nearly full"), rolledBack.getMessage());
        }

        Files.delete(filler);
        final int[] after = new int[1];
        Await.until("a PERSISTENT send to succeed once the disk has room", Duration.ofSeconds(20),
            () -> sendOrFailure(session, producer, "after-" + after[0]++, kept) == null);
        for (int i = 0; i < 10; i++)
        {
            send(session, producer, "after-" + after[0]++, kept);
        }
        // the one send that failed after publishing (the archive stopped before recording it) may be kept or not
        final String maybeKept = failure.getMessage().contains("was published") ? "during-" + (during[0] - 1) : null;
        return new SendsAcrossAFullDisk(kept, maybeKept);
    }

    /**
     * What was sent across a full disk.
     *
     * @param kept      the messages whose send returned, in order.
     * @param maybeKept the message whose send failed after it was published, or null.
     */
    private record SendsAcrossAFullDisk(List<String> kept, String maybeKept)
    {
        void assertReceivedByAndNoMore(final MessageConsumer consumer) throws JMSException
        {
            final List<String> received = new ArrayList<>();
            while (received.size() < kept.size())
            {
                final TextMessage message = (TextMessage)consumer.receive(10_000);
                assertNotNull(message, "delivery stopped after " + received + "; kept: " + kept);
                if (!message.getText().equals(maybeKept))
                {
                    received.add(message.getText());
                }
            }
            // the last message kept is the last sent: anything else would have come before it
            assertEquals(kept, received);
        }
    }

    private static void send(final Session session, final MessageProducer producer, final String text,
        final List<String> kept) throws JMSException
    {
        producer.send(session.createTextMessage(text));
        kept.add(text);
    }

    /** @return null if the send returned (the message is kept), else its failure. */
    private static JMSException sendOrFailure(final Session session, final MessageProducer producer,
        final String text, final List<String> kept)
    {
        try
        {
            send(session, producer, text, kept);
            return null;
        }
        catch (final JMSException ex)
        {
            return ex;
        }
    }
}
