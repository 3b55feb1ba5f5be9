package io.wirespeed.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.Session;
import javax.jms.TextMessage;
import javax.jms.Topic;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.it.child.TopicFamilyPublisherMain;
import io.wirespeed.jms.JmsConnection;
import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.jms.topic.ResolvedTopic;
import io.wirespeed.test.Await;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.MediaDriverProcess;
import io.wirespeed.test.SlowTest;

/**
 * A wildcard consumer in this JVM and a publisher of a family of topics in a child JVM, through one external media
 * driver: the consumer receives the family's topics, those the publisher had before it and those it starts later,
 * and topic resolution tells it the live topics until their advertisements expire after the publisher has gone.
 */
@SlowTest
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class WildcardAcrossProcessesTest
{
    private static final Duration STARTUP = Duration.ofSeconds(60);

    @RegisterExtension
    final ChildJvms processes = new ChildJvms();

    @Test
    void aWildcardConsumerReceivesAndResolvesTheTopicsOfAPublisherProcessUntilItsAdvertisementsExpire()
        throws Exception
    {
        final MediaDriverProcess driver = MediaDriverProcess.start(processes);
        final String prefix = "it.family." + UUID.randomUUID().toString().substring(0, 8);
        final ChildJvm publisher = processes.start("family publisher",
            Api.JAVAX.command(TopicFamilyPublisherMain.class.getName()).args(driver.ipcUri() +
                "&resolutionInterval=200", prefix + ".a", prefix + ".b.c", "it.other." + prefix));
        publisher.awaitLine("PUBLISHING", STARTUP);

        try (JmsConnection connection =
            (JmsConnection)new JmsConnectionFactory(driver.ipcUri()).createConnection())
        {
            connection.start();
            final Session session = connection.createSession();
            final MessageConsumer consumer = session.createConsumer(session.createTopic(prefix + ".>"));

            receiveFromEach(consumer, session, prefix, Set.of(prefix + ".a", prefix + ".b.c"));
            publisher.sendLine("ADD " + prefix + ".late");
            publisher.awaitLine("ADDED", STARTUP);
            receiveFromEach(consumer, session, prefix, Set.of(prefix + ".late"));

            Await.until("resolution to know the publisher's four topics" + processes.outputs(), () ->
                names(connection.resolvedTopics()).equals(Set.of(prefix + ".a", prefix + ".b.c", prefix + ".late",
                "it.other." + prefix)));
            for (final ResolvedTopic topic : connection.resolvedTopics())
            {
                assertEquals("aeron:ipc", topic.channel(), topic.toString());
                assertEquals(connection.routing().streamId(topic.name()), topic.streamId(), topic.toString());
            }

            publisher.closeInput();
            publisher.awaitLine("CLOSED", STARTUP);
            assertEquals(0, publisher.awaitExit(STARTUP), "publisher exit status" + processes.outputs());
            Await.until("the advertisements to expire once the publisher has gone",
                () -> connection.resolvedTopics().isEmpty());
        }
        driver.stopCleanly();
    }

    /** Receives until a message of each wanted topic came; every message must be of the family, named concretely. */
    private static void receiveFromEach(final MessageConsumer consumer, final Session session, final String prefix,
        final Set<String> wanted) throws JMSException
    {
        final Set<String> seen = new HashSet<>();
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!seen.containsAll(wanted) && System.nanoTime() < deadline)
        {
            final Message message = consumer.receive(1_000);
            if (null != message)
            {
                final String topic = ((Topic)message.getJMSDestination()).getTopicName();
                assertTrue(topic.startsWith(prefix + "."), "only the family's topics: " + topic);
                assertTrue(((TextMessage)message).getText().startsWith(topic + " "),
                    "JMSDestination names the message's own topic: " + topic);
                assertEquals(session.createTopic(topic), message.getJMSDestination());
                seen.add(topic);
            }
        }
        assertTrue(seen.containsAll(wanted), "received from " + seen + ", wanted " + wanted);
    }

    private static Set<String> names(final List<ResolvedTopic> topics)
    {
        return topics.stream().map(ResolvedTopic::name).collect(Collectors.toSet());
    }
}
