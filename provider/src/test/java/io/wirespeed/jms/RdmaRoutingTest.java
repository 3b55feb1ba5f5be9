package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import javax.jms.BytesMessage;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.Topic;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.jms.config.TopicRouting;
import io.wirespeed.jms.transport.TransportChannel;
import io.wirespeed.test.Await;
import io.wirespeed.test.FreePorts;
import io.wirespeed.transport.PersistenceWatch;
import io.wirespeed.transport.aeron.AeronTransport;
import io.wirespeed.transport.rdma.RdmaAvailability;
import io.wirespeed.transport.rdma.RdmaTransport;

/**
 * RDMA is chosen per destination by a route. This host has no RDMA (no kernel support), so the
 * provider must say so once and carry those destinations over UDP on the same endpoint; with the
 * simulated verbs (the transport-rdma test jar), the same JMS code runs over the RDMA transport itself.
 * Nothing records RDMA streams: durable subscriptions there are refused, PERSISTENT sends do not wait.
 */
class RdmaRoutingTest extends JmsTestSupport
{
    private static final long HANDSHAKE = -1;
    private static final long END = -2;

    @Test
    void withoutRdmaARoutedDestinationFallsBackToUdpOnTheSameEndpointAndMessagesFlow() throws Exception
    {
        final RdmaAvailability availability = RdmaAvailability.probe();
        org.junit.jupiter.api.Assumptions.assumeFalse(availability.available(),
            "this host has RDMA; the fallback is exercised only where it has none");
        final List<String> logged = new ArrayList<>();
        final Handler handler = new Handler()
        {
            @Override
            public void publish(final LogRecord record)
            {
                logged.add(record.getMessage());
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
        final Logger logger = Logger.getLogger("io.wirespeed.transport.rdma");
        logger.addHandler(handler);
        try
        {
            final int port = FreePorts.udp();
            final javax.jms.Connection connection = connection(
                "wirespeed:ipc?route.fast.>=wirespeed:rdma?endpoint=127.0.0.1:" + port);
            final TransportChannel channel = ((JmsConnection)connection).channelFor("fast.prices");
            assertEquals("aeron:udp?endpoint=127.0.0.1:" + port, channel.channel());
            assertInstanceOf(AeronTransport.class, channel.transport());
            assertEquals("aeron:ipc", ((JmsConnection)connection).channelFor("slow.prices").channel());
            exchange(connection, "fast.prices", 1_000);
            ((JmsConnection)connection).channelFor("fast.other");
            assertTrue(logged.size() <= 1, "logged more than once: " + logged);
            assertTrue(logged.isEmpty() || logged.get(0).contains(availability.reason()), logged.toString());
        }
        finally
        {
            logger.removeHandler(handler);
        }
    }

    @Test
    void withSimulatedVerbsTheSameJmsCodeRunsOverTheRdmaTransport() throws Exception
    {
        final javax.jms.Connection connection = connection(
            "wirespeed:ipc?rdmaVerbs=simulated&route.rdma.>=wirespeed:rdma?endpoint=127.0.0.1:" + FreePorts.udp());
        final TransportChannel channel = ((JmsConnection)connection).channelFor("rdma.prices");
        assertInstanceOf(RdmaTransport.class, channel.transport());
        exchange(connection, "rdma.prices", 1_000);
    }

    @Test
    void topicsOfOneRdmaRouteWhoseNamesHashToDifferentPartitionsShareItsOneStream() throws Exception
    {
        final String first = "rdma.first";
        final String second = otherPartitionThan(first);
        final javax.jms.Connection connection = connection(
            "wirespeed:ipc?rdmaVerbs=simulated&route.rdma.>=wirespeed:rdma?endpoint=127.0.0.1:" + FreePorts.udp());
        connection.start();
        final Session session = connection.createSession();
        final MessageConsumer firstConsumer = session.createConsumer(session.createTopic(first));
        final MessageConsumer secondConsumer = session.createConsumer(session.createTopic(second));
        final MessageProducer producer = session.createProducer(null);
        Await.until("both topics to arrive over the one publication of the endpoint", () ->
        {
            try
            {
                producer.send(session.createTopic(first), session.createTextMessage(first));
                producer.send(session.createTopic(second), session.createTextMessage(second));
                final Message one = firstConsumer.receive(50);
                final Message two = secondConsumer.receive(50);
                return null != one && null != two;
            }
            catch (final JMSException ex)
            {
                throw new java.lang.IllegalStateException(ex);
            }
        });
        for (int i = 0; i < 100; i++)
        {
            producer.send(session.createTopic(i % 2 == 0 ? first : second), session.createTextMessage("m" + i));
        }
        assertEquals(50, receiveUntil(firstConsumer, "m98", first), "every message of the first topic, no other");
        assertEquals(50, receiveUntil(secondConsumer, "m99", second), "every message of the second topic, no other");
        final TopicRouting routing = ((JmsConnection)connection).routing();
        assertEquals(routing.streamIdBase(), routing.streamId(first), "an RDMA endpoint carries one stream");
        assertEquals(routing.streamIdBase(), routing.streamId(second), "an RDMA endpoint carries one stream");
    }

    @Test
    void aDurableSubscriptionOnATopicRoutedOverRdmaIsRefusedBecauseNothingRecordsIt(@TempDir final Path archiveDir)
        throws Exception
    {
        final javax.jms.Connection connection = connection("wirespeed:ipc?rdmaVerbs=simulated&archiveDir=" +
            archiveDir + "&route.rdma.>=wirespeed:rdma?endpoint=127.0.0.1:40573");
        connection.setClientID("rdma-durable-" + ProcessHandle.current().pid());
        final Session session = connection.createSession();
        final Topic topic = session.createTopic("rdma.orders");

        final JMSException ex = assertThrows(JMSException.class, () -> session.createDurableConsumer(topic, "keep"));

        assertEquals("a durable subscription on 'rdma.orders' cannot be kept: the topic travels on " +
            "wirespeed:rdma?endpoint=127.0.0.1:40573, whose transport nothing records (the archive records only " +
            "aeron: channels); route the topic over aeron:ipc or aeron:udp (route.<pattern>), or subscribe without " +
            "durability", ex.getMessage());
    }

    @Test
    void persistentMessagesOverRdmaAreDeliveredWithoutAnArchiveToWaitFor() throws Exception
    {
        final javax.jms.Connection connection = connection(
            "wirespeed:ipc?rdmaVerbs=simulated&route.rdma.>=wirespeed:rdma?endpoint=127.0.0.1:40574");
        final TransportChannel channel = ((JmsConnection)connection).channelFor("rdma.persistent");

        assertTrue(channel.transport().capability(PersistenceWatch.class).isEmpty(), "RDMA streams are not recorded");
        assertEquals(DeliveryMode.PERSISTENT, Message.DEFAULT_DELIVERY_MODE);
        exchange(connection, "rdma.persistent", 100);
    }

    private static void exchange(final javax.jms.Connection connection, final String topicName, final int count)
        throws Exception
    {
        connection.start();
        final Session session = connection.createSession();
        final Topic topic = session.createTopic(topicName);
        final MessageConsumer consumer = session.createConsumer(topic);
        final MessageProducer producer = session.createProducer(topic);
        final BytesMessage message = session.createBytesMessage();
        Await.until("the subscription to connect", () ->
        {
            try
            {
                message.clearBody();
                message.writeLong(HANDSHAKE);
                producer.send(message);
                return consumer.receive(50) != null;
            }
            catch (final Exception ex)
            {
                throw new java.lang.IllegalStateException(ex);
            }
        });
        for (long i = 0; i <= count; i++)
        {
            message.clearBody();
            message.writeLong(i < count ? i : END);
            producer.send(message);
        }
        for (long i = 0; i <= count; i++)
        {
            final long expected = i < count ? i : END;
            assertEquals(expected, nextAfterTheHandshake(consumer), "message " + i + ", then the end and nothing else");
        }
    }

    /** A topic under rdma. whose name hashes to another of the default 16 partition streams than the one given. */
    private static String otherPartitionThan(final String topic)
    {
        String other = "rdma.second";
        for (int i = 0; TopicRouting.streamId(other, 0, 16) == TopicRouting.streamId(topic, 0, 16); i++)
        {
            other = "rdma.second" + i;
        }
        return other;
    }

    /** Receives until a text arrives, skipping the topic's handshakes; counts the others, which alternate. */
    private static int receiveUntil(final MessageConsumer consumer, final String last, final String handshake)
        throws JMSException
    {
        int count = 0;
        while (true)
        {
            final Message received = consumer.receive(5_000);
            assertFalse(received == null, "a message is missing after " + count);
            final String text = ((javax.jms.TextMessage)received).getText();
            if (!handshake.equals(text))
            {
                count++;
                if (last.equals(text))
                {
                    return count;
                }
            }
        }
    }

    private static long nextAfterTheHandshake(final MessageConsumer consumer) throws Exception
    {
        while (true)
        {
            final BytesMessage received = (BytesMessage)consumer.receive(5_000);
            assertFalse(received == null, "a message is missing");
            final long value = received.readLong();
            if (value != HANDSHAKE)
            {
                return value;
            }
        }
    }
}
