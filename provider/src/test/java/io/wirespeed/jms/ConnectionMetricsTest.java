package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import javax.jms.BytesMessage;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.ResourceAllocationException;
import javax.jms.Session;
import javax.jms.Topic;

import org.junit.jupiter.api.Test;

import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.metrics.ConnectionMetrics;
import io.wirespeed.jms.metrics.DestinationCounters;
import io.wirespeed.jms.metrics.WirespeedMetrics;
import io.wirespeed.test.Await;
import io.wirespeed.transport.CounterTypes;

/**
 * A connection's figures: per destination messages and bytes sent and received, counted as Aeron counters in the
 * media driver's CnC file (what {@code wirespeed-stat} reads), per connection back-pressure waits and failed sends,
 * with the number of destinations of their own bounded.
 */
class ConnectionMetricsTest extends JmsTestSupport
{
    @Test
    void countsATopicsMessagesAndBytesSentAndReceivedInTheDriversCounters() throws Exception
    {
        final JmsConnection connection = (JmsConnection)connection();
        connection.start();
        final Session session = connection.createSession();
        final Topic topic = session.createTopic(uniqueTopic());
        publishAndReceive(session, topic, "price ", 5);

        final DestinationCounters counters = connection.metrics().destination((JmsDestination)topic);
        assertEquals("topic:" + topic.getTopicName(), counters.name());
        assertEquals(5, counters.messagesSent());
        assertEquals(5, counters.messagesReceived());
        assertTrue(counters.bytesSent() > 5 * "price 0".length(), counters.bytesSent() + " bytes sent");
        assertEquals(counters.bytesSent(), counters.bytesReceived());
        final Map<Integer, Long> inDriver = driverCounters(connection.metrics(), counters.name());
        assertEquals(5L, inDriver.get(CounterTypes.MESSAGES_SENT));
        assertEquals(5L, inDriver.get(CounterTypes.MESSAGES_RECEIVED));
        assertEquals(counters.bytesSent(), inDriver.get(CounterTypes.BYTES_SENT));
        assertEquals(counters.bytesReceived(), inDriver.get(CounterTypes.BYTES_RECEIVED));
    }

    @Test
    void countsWhatAListenerReceivedOnceEachBatchIsOverNeitherMoreNorLess() throws Exception
    {
        final JmsConnection connection = (JmsConnection)connection();
        final Session sending = connection.createSession();
        final Session listening = connection.createSession();
        final Topic topic = sending.createTopic(uniqueTopic());
        final AtomicInteger heard = new AtomicInteger();
        listening.createConsumer(topic).setMessageListener(message -> heard.incrementAndGet());
        final MessageProducer producer = sending.createProducer(topic);
        for (int i = 0; i < 1_000; i++)
        {
            producer.send(sending.createTextMessage("tick " + i));
        }
        connection.start();

        final DestinationCounters counters = connection.metrics().destination((JmsDestination)topic);
        Await.until("the listener to hear all 1,000", () -> 1_000 == heard.get());
        Await.until("the last batch to be counted", () -> 1_000 == counters.messagesReceived());
        Await.during("nothing counted twice", Duration.ofMillis(200),
            () -> 1_000 == counters.messagesReceived());
        assertEquals(counters.bytesSent(), counters.bytesReceived(), "the bytes of each message, once");
    }

    @Test
    void countsAQueuesMessagesSentAndReceived() throws Exception
    {
        final JmsConnection connection = (JmsConnection)connection();
        connection.start();
        final Session session = connection.createSession();
        final Queue queue = session.createQueue("metrics.queue." + uniqueTopic());
        sendTexts(session, queue, "order", 3);
        final MessageConsumer consumer = session.createConsumer(queue);
        for (int i = 0; i < 3; i++)
        {
            assertNotNull(consumer.receive(5_000), "message " + i);
        }

        final DestinationCounters counters = connection.metrics().destination((JmsDestination)queue);
        assertEquals("queue:" + queue.getQueueName(), counters.name());
        assertEquals(3, counters.messagesSent());
        assertEquals(3, counters.messagesReceived());
    }

    @Test
    void destinationsBeyondTheLimitAreCountedTogetherAsOther() throws Exception
    {
        final JmsConnection connection = (JmsConnection)connection();
        final Session session = connection.createSession();
        for (int i = 0; i < ConnectionMetrics.MAX_DESTINATIONS; i++)
        {
            final JmsDestination topic = (JmsDestination)session.createTopic("limit." + i);
            assertEquals("topic:limit." + i, connection.metrics().destination(topic).name());
        }
        final JmsDestination beyond = (JmsDestination)session.createTopic("limit.beyond");
        final JmsDestination temporary = (JmsDestination)session.createTemporaryQueue();

        assertEquals(CounterTypes.OTHER_DESTINATIONS, connection.metrics().destination(beyond).name());
        assertEquals(ConnectionMetrics.TEMPORARY, connection.metrics().destination(temporary).name());
        assertEquals("topic:limit.0",
            connection.metrics().destination((JmsDestination)session.createTopic("limit.0")).name());
        assertEquals(ConnectionMetrics.MAX_DESTINATIONS + 2, connection.metrics().destinations().size());
    }

    @Test
    void aSendThatWaitsOnBackPressureAndOneThatFailsAreCounted() throws Exception
    {
        final String uri = "wirespeed:ipc?route.mem.>=mem:" + uniqueTopic();
        final JmsConnection sending = (JmsConnection)connection(uri + "&sendTimeout=100");
        final Session session = sending.createSession();
        final Topic topic = session.createTopic("mem.metrics.slow");
        connection(uri).createSession().createConsumer(topic);
        final MessageProducer producer = session.createProducer(topic);

        final ResourceAllocationException refused = assertThrows(ResourceAllocationException.class, () ->
        {
            for (int i = 0; i < 1_000; i++)
            {
                final BytesMessage message = session.createBytesMessage();
                message.writeBytes(new byte[1024]);
                producer.send(message);
            }
        });

        assertTrue(refused.getMessage().contains("sendTimeout=100 ms"), refused.getMessage());
        assertEquals(1, sending.metrics().sendFailures());
        assertTrue(sending.metrics().backPressureWaits() >= 1, sending.metrics().backPressureWaits() + " waits");
        final DestinationCounters counters = sending.metrics().destination((JmsDestination)topic);
        assertTrue(counters.messagesSent() > 0 && counters.messagesSent() < 64, counters.messagesSent() + " sent");
    }

    @Test
    void closingTheConnectionUnlistsItWhileItsRuntimeKeepsTheSumsInTheDriver() throws Exception
    {
        final JmsConnection connection = (JmsConnection)connection();
        final Session session = connection.createSession();
        final Topic topic = session.createTopic(uniqueTopic());
        connection.start();
        publishAndReceive(session, topic, "one ", 1);
        final ConnectionMetrics metrics = connection.metrics();
        final String name = metrics.destination((JmsDestination)topic).name();
        assertTrue(WirespeedMetrics.connections().contains(metrics));
        assertEquals(1L, driverCounters(metrics, name).get(CounterTypes.MESSAGES_SENT));

        connection.close();

        assertFalse(WirespeedMetrics.connections().contains(metrics));
        final JmsConnection next = (JmsConnection)connection();
        assertEquals(1L, driverCounters(next.metrics(), name).get(CounterTypes.MESSAGES_SENT),
            "the runtime's sum in the driver outlives the connection");
    }

    /** The runtime's counters in the driver, which a connection's figures add to. */
    private static Map<Integer, Long> driverCounters(final ConnectionMetrics connectionMetrics, final String name)
    {
        final ConnectionMetrics metrics = connectionMetrics.runtime();
        final Map<Integer, Long> values = new HashMap<>();
        final long pid = ProcessHandle.current().pid();
        metrics.counters().forEach((counterId, typeId, key, label) ->
        {
            if (CounterTypes.isWirespeed(typeId) && CounterTypes.pid(key, 0) == pid &&
                CounterTypes.connection(key, 0) == metrics.number() && name.equals(CounterTypes.name(key, 0)))
            {
                values.put(typeId, metrics.counters().getCounterValue(counterId));
            }
        });
        return values;
    }
}
