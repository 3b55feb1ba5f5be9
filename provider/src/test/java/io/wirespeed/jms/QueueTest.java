package io.wirespeed.jms;

import static io.wirespeed.jms.ReceiveAssertions.assertNextText;
import static io.wirespeed.jms.ReceiveAssertions.receiveAmong;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.QueueConnection;
import javax.jms.QueueReceiver;
import javax.jms.QueueSender;
import javax.jms.QueueSession;
import javax.jms.Session;
import javax.jms.TextMessage;

import org.junit.jupiter.api.Test;

import io.aeron.driver.MediaDriver;
import io.wirespeed.test.Await;
import io.wirespeed.transport.aeron.AeronTransportContext;
import io.wirespeed.transport.aeron.MediaDriverLauncher;

class QueueTest extends JmsTestSupport
{
    private static synchronized String uniqueQueue()
    {
        return "test.queue." + uniqueTopic();
    }

    @Test
    void eachMessageIsConsumedByExactlyOneOfTheQueuesConsumers() throws Exception
    {
        final Connection connection = connection();
        connection.start();
        final Session a = connection.createSession();
        final Session b = connection.createSession();
        final Queue queue = a.createQueue(uniqueQueue());
        final MessageConsumer consumerA = a.createConsumer(queue);
        final MessageConsumer consumerB = b.createConsumer(queue);
        final MessageProducer producer = connection.createSession().createProducer(queue);
        final int count = 1_000;
        for (int i = 0; i < count; i++)
        {
            producer.send(a.createTextMessage("m" + i));
        }
        final List<List<String>> received = receiveAmong(count, consumerA, consumerB);
        assertTrue(!received.get(0).isEmpty() && !received.get(1).isEmpty(), "both consumers took a share: " +
            received.get(0).size() + "/" + received.get(1).size());

        producer.send(a.createTextMessage("end"));
        final List<List<String>> afterwards = receiveAmong(1, consumerA, consumerB);
        assertEquals(List.of("end"), union(afterwards), "the queue held nothing more");
    }

    private static List<String> union(final List<List<String>> lists)
    {
        final List<String> all = new ArrayList<>();
        lists.forEach(all::addAll);
        return all;
    }

    @Test
    void unacknowledgedMessagesGoToAnotherConsumerWhenTheirSessionCloses() throws Exception
    {
        final Connection connection = connection();
        connection.start();
        final Session clientAck = connection.createSession(Session.CLIENT_ACKNOWLEDGE);
        final Queue queue = clientAck.createQueue(uniqueQueue());
        final MessageConsumer first = clientAck.createConsumer(queue);
        connection.createSession().createProducer(queue).send(clientAck.createTextMessage("again"));
        final Message received = first.receive(5_000);
        assertFalse(received.getJMSRedelivered());
        first.close();
        clientAck.close();

        final MessageConsumer second = connection.createSession().createConsumer(queue);
        final Message redelivered = second.receive(5_000);
        assertNotNull(redelivered);
        assertEquals("again", ((TextMessage)redelivered).getText());
        assertTrue(redelivered.getJMSRedelivered());
        assertEquals(2, redelivered.getIntProperty("JMSXDeliveryCount"));
    }

    @Test
    void acknowledgedMessagesAreGoneForGood() throws Exception
    {
        final Connection connection = connection();
        connection.start();
        final Session session = connection.createSession(Session.CLIENT_ACKNOWLEDGE);
        final Queue queue = session.createQueue(uniqueQueue());
        final MessageConsumer consumer = session.createConsumer(queue);
        connection.createSession().createProducer(queue).send(session.createTextMessage("once"));
        consumer.receive(5_000).acknowledge();
        consumer.close();
        connection.createSession().createProducer(queue).send(session.createTextMessage("end"));
        assertNextText(connection.createSession().createConsumer(queue), "end", "the acknowledged message is gone");
    }

    @Test
    void higherPriorityMessagesWaitingInTheQueueAreDeliveredFirst() throws Exception
    {
        final Connection connection = connection();
        final Session session = connection.createSession();
        final Queue queue = session.createQueue(uniqueQueue());
        final MessageProducer producer = session.createProducer(queue);
        producer.send(session.createTextMessage("low"), javax.jms.DeliveryMode.NON_PERSISTENT, 1, 0);
        producer.send(session.createTextMessage("high"), javax.jms.DeliveryMode.NON_PERSISTENT, 9, 0);
        producer.send(session.createTextMessage("normal"), javax.jms.DeliveryMode.NON_PERSISTENT, 4, 0);
        Await.until("three waiting messages", () -> browse(session, queue).size() == 3);
        connection.start();
        final MessageConsumer consumer = session.createConsumer(queue);
        assertEquals("high", ((TextMessage)consumer.receive(5_000)).getText());
        assertEquals("normal", ((TextMessage)consumer.receive(5_000)).getText());
        assertEquals("low", ((TextMessage)consumer.receive(5_000)).getText());
    }

    @Test
    void aBrowserShowsTheContentsWithoutConsumingThem() throws Exception
    {
        final Connection connection = connection();
        final Session session = connection.createSession();
        final Queue queue = session.createQueue(uniqueQueue());
        final MessageProducer producer = session.createProducer(queue);
        producer.send(session.createTextMessage("one"));
        producer.send(session.createTextMessage("two"));
        Await.until("two waiting messages", () -> browse(session, queue).size() == 2);
        assertEquals(List.of("one", "two"), browse(session, queue));
        connection.start();
        final MessageConsumer consumer = session.createConsumer(queue);
        assertEquals("one", ((TextMessage)consumer.receive(5_000)).getText());
        assertEquals("two", ((TextMessage)consumer.receive(5_000)).getText());
    }

    @Test
    void legacyQueueInterfacesSendAndReceive() throws Exception
    {
        final QueueConnection connection = new JmsConnectionFactory().createQueueConnection();
        try
        {
            connection.start();
            final QueueSession session = connection.createQueueSession(false, Session.AUTO_ACKNOWLEDGE);
            final Queue queue = session.createQueue(uniqueQueue());
            final QueueReceiver receiver = session.createReceiver(queue);
            final QueueSender sender = session.createSender(queue);
            sender.send(session.createTextMessage("p2p"));
            assertEquals("p2p", ((TextMessage)receiver.receive(5_000)).getText());
            assertEquals(queue, receiver.getQueue());
        }
        finally
        {
            connection.close();
        }
    }

    @Test
    void transactedQueueSendsAppearOnCommitAndRolledBackReceivesComeAgain() throws Exception
    {
        final Connection connection = connection();
        connection.start();
        final Session transacted = connection.createSession(Session.SESSION_TRANSACTED);
        final Queue queue = transacted.createQueue(uniqueQueue());
        final MessageProducer producer = transacted.createProducer(queue);
        final MessageConsumer consumer = transacted.createConsumer(queue);
        producer.send(transacted.createTextMessage("tx"));
        connection.createSession().createProducer(queue).send(transacted.createTextMessage("sent meanwhile"));
        assertNextText(consumer, "sent meanwhile", "the uncommitted send is not at the queue yet");
        transacted.commit();
        assertEquals("tx", ((TextMessage)consumer.receive(5_000)).getText());
        transacted.rollback();
        final Message again = consumer.receive(5_000);
        assertTrue(again.getJMSRedelivered());
        transacted.commit();
        consumer.close();
        connection.createSession().createProducer(queue).send(transacted.createTextMessage("end"));
        assertNextText(connection.createSession().createConsumer(queue), "end", "the committed receive is gone");
    }

    @Test
    void aQueueWhoseHostIsUnreachableFailsClearlyInsteadOfHanging() throws Exception
    {
        final Path dir = Files.createTempDirectory(Path.of("/dev/shm"), "wirespeed-nohost-");
        try (MediaDriver driver = MediaDriverLauncher.launch(
            new AeronTransportContext().directory(dir.toString()).deleteDirOnStart(true).conclude()))
        {
            final Connection connection = connection(
                "wirespeed:ipc?driver=external&aeronDir=" + dir + "&queueHostTimeout=300");
            final Session session = connection.createSession();
            final Queue queue = session.createQueue(uniqueQueue());
            final JMSException consume = assertThrows(JMSException.class, () -> session.createConsumer(queue));
            assertTrue(consume.getMessage().contains("no queue host"), consume.getMessage());
            final JMSException send = assertThrows(JMSException.class,
                () -> session.createProducer(queue).send(session.createMessage()));
            assertTrue(send.getMessage().contains("no queue host"), send.getMessage());
            connection.close();
        }
    }
}
