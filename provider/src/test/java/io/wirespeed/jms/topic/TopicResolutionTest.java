package io.wirespeed.jms.topic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import javax.jms.MessageProducer;
import javax.jms.Session;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.wirespeed.codec.TopicAdvertisement;
import io.wirespeed.jms.JmsConnection;
import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.jms.transport.TransportChannel;
import io.wirespeed.test.Await;

/**
 * Topic resolution on the embedded media driver: publishers advertise, wildcard consumers' connections learn, and
 * advertisements expire; and what advertising 10,000 topics costs.
 */
class TopicResolutionTest
{
    private final List<JmsConnection> connections = new ArrayList<>();

    @AfterEach
    void close() throws Exception
    {
        for (final JmsConnection connection : connections)
        {
            connection.close();
        }
    }

    @Test
    void aWildcardConsumersConnectionLearnsThePublishedTopicsUntilTheirPublisherHasGone() throws Exception
    {
        final String prefix = "resolution." + ProcessHandle.current().pid() + "." + System.nanoTime();
        final JmsConnection consuming = connection("wirespeed:ipc?streamIdBase=7000&streamIdRange=4");
        final Session session = consuming.createSession();
        session.createConsumer(session.createTopic(prefix + ".>"));
        assertEquals(List.of(), consuming.resolvedTopics(), "nothing is published yet");

        final JmsConnection publishing =
            connection("wirespeed:ipc?streamIdBase=7000&streamIdRange=4&resolutionInterval=100");
        final Session publisher = publishing.createSession();
        final MessageProducer producer = publisher.createProducer(null);
        producer.send(publisher.createTopic(prefix + ".a"), publisher.createTextMessage("a"));
        producer.send(publisher.createTopic(prefix + ".b.c"), publisher.createTextMessage("b.c"));

        Await.until("the consumer's connection to learn both topics", () -> consuming.resolvedTopics().stream()
            .map(ResolvedTopic::name).collect(Collectors.toSet()).equals(Set.of(prefix + ".a", prefix + ".b.c")));
        for (final ResolvedTopic topic : consuming.resolvedTopics())
        {
            assertEquals("aeron:ipc", topic.channel());
            assertEquals(consuming.routing().streamId(topic.name()), topic.streamId(), topic.name());
            assertTrue(topic.expiresAtMs() <= System.currentTimeMillis() + 300, "three intervals at most: " + topic);
        }

        publishing.close();
        Await.until("the advertisements to expire", () -> consuming.resolvedTopics().isEmpty());
    }

    @Test
    void advertisingTenThousandTopicsTakesAboutAQuarterMegabytePerInterval() throws Exception
    {
        final JmsConnection connection = connection("wirespeed:ipc");
        final TopicAdvertiser advertiser = new TopicAdvertiser(connection.routing().resolutionStreamId(), 2_000);
        final TransportChannel ipc = new TransportChannel(connection.transport(), "aeron:ipc");
        final int topics = 10_000;
        for (int i = 0; i < topics; i++)
        {
            advertiser.publishes(String.format("prices.venue.%05d", i), ipc, connection.routing().streamId("x"));
        }
        final int messages = advertiser.doWork(0);
        final long bytes = advertiser.bytesSent();
        advertiser.close();

        final int entryLength = TopicAdvertisement.ENTRY_OVERHEAD + "prices.venue.00000".length();
        final int perMessage = (TopicAdvertiser.BATCH_LENGTH - TopicAdvertisement.HEADER_LENGTH) / entryLength;
        assertEquals((topics + perMessage - 1) / perMessage, messages, "messages of at most 1 KiB");
        assertEquals((long)topics * entryLength + (long)messages * TopicAdvertisement.HEADER_LENGTH, bytes);
        final long framed = bytes + 32L * messages;
        System.out.printf("advertising %d topics: %d messages, %d bytes (%d with Aeron frame headers) per " +
            "interval, %d bytes/s at the default 2 s interval%n", topics, messages, bytes, framed, framed / 2);
    }

    private JmsConnection connection(final String uri) throws Exception
    {
        final JmsConnection connection = (JmsConnection)new JmsConnectionFactory(uri).createConnection();
        connections.add(connection);
        return connection;
    }
}
