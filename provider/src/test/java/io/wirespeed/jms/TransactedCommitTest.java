package io.wirespeed.jms;

import static io.wirespeed.jms.ReceiveAssertions.assertNextText;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageFormatException;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.Topic;
import javax.jms.TransactionRolledBackException;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.Test;

import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;

/**
 * A transacted commit is all or nothing where it can be: what can be known before publishing (a message too large
 * for its publication, a queue host to take queue messages) is checked before any message is published, and a
 * commit that fails part way says exactly which messages were published and which were not.
 */
class TransactedCommitTest extends JmsTestSupport
{
    private static final String SMALL_TERM = "wirespeed:ipc?termLength=65536";

    @Test
    void aMessageTooLargeForTheTermIsRefusedAtSendAndTheRestOfTheTransactionCommits() throws Exception
    {
        final Connection connection = connection(SMALL_TERM);
        connection.start();
        final Session transacted = connection.createSession(Session.SESSION_TRANSACTED);
        final Topic topic = transacted.createTopic(uniqueTopic());
        final MessageConsumer consumer = connection.createSession().createConsumer(topic);
        final MessageProducer producer = transacted.createProducer(topic);
        for (int i = 1; i <= 3; i++)
        {
            producer.send(transacted.createTextMessage("m" + i));
        }
        final BytesMessage tooLarge = transacted.createBytesMessage();
        tooLarge.writeBytes(new byte[100_000]);

        assertThrows(MessageFormatException.class, () -> producer.send(tooLarge));
        transacted.commit();
        producer.send(transacted.createTextMessage("end"));
        transacted.commit();

        // One session, one stream: a message published before the commit would come before m1, one of the refused
        // send anywhere before the end.
        for (int i = 1; i <= 3; i++)
        {
            assertNextText(consumer, "m" + i, "message " + i + " of the transaction, and nothing published earlier");
        }
        assertNextText(consumer, "end", "nothing but the transaction's three messages");
    }

    @Test
    void aCommitWhoseQueueMessageNoQueueHostTakesPublishesNothingAndRollsBack() throws Exception
    {
        final String directory = Path.of("/dev/shm", "wirespeed-test-" + UUID.randomUUID()).toString();
        try (MediaDriver driverWithoutQueueHost = MediaDriver.launch(new MediaDriver.Context()
            .aeronDirectoryName(directory)
            .threadingMode(ThreadingMode.SHARED)
            .sharedIdleStrategy(new BackoffIdleStrategy())
            .dirDeleteOnStart(true)
            .dirDeleteOnShutdown(true)))
        {
            final Connection connection = new JmsConnectionFactory(
                "wirespeed:ipc?driver=external&queueHostTimeout=300&aeronDir=" + directory).createConnection();
            try
            {
                connection.start();
                final Session transacted = connection.createSession(Session.SESSION_TRANSACTED);
                final Topic topic = transacted.createTopic(uniqueTopic());
                final MessageConsumer consumer = connection.createSession().createConsumer(topic);
                final MessageProducer toTopic = transacted.createProducer(topic);
                toTopic.send(transacted.createTextMessage("t1"));
                toTopic.send(transacted.createTextMessage("t2"));
                transacted.createProducer(transacted.createQueue("q." + uniqueTopic()))
                    .send(transacted.createTextMessage("q1"));

                final TransactionRolledBackException rolledBack =
                    assertThrows(TransactionRolledBackException.class, transacted::commit);

                assertTrue(rolledBack.getMessage().contains("none of its 3 message(s) was published"),
                    rolledBack.getMessage());
                toTopic.send(transacted.createTextMessage("after"));
                transacted.commit();
                assertNextText(consumer, "after", "nothing of the rolled back transaction was published before it");
            }
            finally
            {
                connection.close();
            }
        }
    }

    @Test
    void aCommitThatFailsPartWaySaysWhichMessagesWerePublishedAndTheyAreExactlyTheOnesDelivered() throws Exception
    {
        final Connection connection = connection(SMALL_TERM + "&sendTimeout=300");
        final Session transacted = connection.createSession(Session.SESSION_TRANSACTED);
        final Topic topic = transacted.createTopic(uniqueTopic());
        final MessageConsumer notYetReading = connection.createSession().createConsumer(topic);
        final MessageProducer producer = transacted.createProducer(topic);
        final int count = 20;
        for (int i = 0; i < count; i++)
        {
            final BytesMessage message = transacted.createBytesMessage();
            message.writeInt(i);
            message.writeBytes(new byte[6_000]);
            producer.send(message);
        }

        final JMSException failed = assertThrows(JMSException.class, transacted::commit);

        assertFalse(failed instanceof TransactionRolledBackException,
            "a commit that published part of the transaction said it was rolled back: " + failed.getMessage());
        final Matcher published = Pattern.compile("(\\d+) of " + count + " message\\(s\\) were published")
            .matcher(failed.getMessage());
        assertTrue(published.find(), failed.getMessage());
        final int publishedCount = Integer.parseInt(published.group(1));
        assertTrue(publishedCount > 0 && publishedCount < count, failed.getMessage());
        connection.start();
        for (int i = 0; i < publishedCount; i++)
        {
            final Message message = notYetReading.receive(5_000);
            assertNotNull(message, "message " + i + " of the " + publishedCount + " published did not arrive");
            assertEquals(i, ((BytesMessage)message).readInt());
        }
        producer.send(transacted.createTextMessage("end"));
        transacted.commit();
        assertNextText(notYetReading, "end", "no more arrived than the commit said were published");
    }
}
