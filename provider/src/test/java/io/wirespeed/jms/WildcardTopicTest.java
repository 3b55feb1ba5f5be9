package io.wirespeed.jms;

import static io.wirespeed.jms.ReceiveAssertions.assertNextText;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.jms.Connection;
import javax.jms.InvalidDestinationException;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;
import javax.jms.Topic;

import org.junit.jupiter.api.Test;

import io.wirespeed.test.Await;
import io.wirespeed.test.FreePorts;
import io.wirespeed.transport.aeron.AeronTransport;
import io.wirespeed.transport.rdma.RdmaAvailability;
import io.wirespeed.transport.rdma.RdmaTransport;

/**
 * Consumers on wildcard topic names ({@code >} for one or more trailing segments, {@code *} for one segment) on a
 * real embedded media driver: what they receive, what they filter, and what is refused.
 */
class WildcardTopicTest extends JmsTestSupport
{
    @Test
    void aPrefixConsumerReceivesEveryTopicBelowThePrefixAndNothingElse() throws Exception
    {
        final Session session = startedSession("wirespeed:ipc");
        final String prefix = uniqueTopic();
        final MessageConsumer consumer = session.createConsumer(session.createTopic(prefix + ".>"));
        final MessageProducer producer = session.createProducer(null);

        producer.send(session.createTopic(prefix), session.createTextMessage("the prefix itself"));
        producer.send(session.createTopic(prefix + "x.a"), session.createTextMessage("a longer first segment"));
        producer.send(session.createTopic(prefix + ".a"), session.createTextMessage("one below"));
        producer.send(session.createTopic(prefix + ".b.c.d"), session.createTextMessage("three below"));

        assertEquals(Set.of("one below", "three below"), receiveTexts(consumer, 2),
            "the topics one and three segments below the prefix, and nothing of the others");
        assertNull(consumer.receiveNoWait());
    }

    @Test
    void aStarConsumerReceivesTopicsWithExactlyOneSegmentInItsPlace() throws Exception
    {
        final Session session = startedSession("wirespeed:ipc");
        final String prefix = uniqueTopic();
        final MessageConsumer consumer = session.createConsumer(session.createTopic(prefix + ".*.bid"));
        final MessageProducer producer = session.createProducer(null);

        producer.send(session.createTopic(prefix + ".a.b.bid"), session.createTextMessage("two segments"));
        producer.send(session.createTopic(prefix + ".bid"), session.createTextMessage("no segment"));
        producer.send(session.createTopic(prefix + ".a.ask"), session.createTextMessage("another last segment"));
        producer.send(session.createTopic(prefix + ".a.bid"), session.createTextMessage("a"));
        producer.send(session.createTopic(prefix + ".b.bid"), session.createTextMessage("b"));

        assertEquals(Set.of("a", "b"), receiveTexts(consumer, 2), "the matching topics, none of the others");
        assertNull(consumer.receiveNoWait());
    }

    @Test
    void topicsWhosePublishersStartedBeforeTheConsumerAndTopicsThatAppearAfterItAreBothReceived() throws Exception
    {
        final Connection publishing = connection();
        final Session publisher = publishing.createSession();
        final String prefix = uniqueTopic();
        final MessageProducer early = publisher.createProducer(publisher.createTopic(prefix + ".early"));
        early.send(publisher.createTextMessage("before anyone listened"));

        final Session session = startedSession("wirespeed:ipc");
        final MessageConsumer consumer = session.createConsumer(session.createTopic(prefix + ".>"));
        awaitJoined(consumer, publisher, early);
        early.send(publisher.createTextMessage("early"));
        publisher.createProducer(publisher.createTopic(prefix + ".late.x"))
            .send(publisher.createTextMessage("late"));

        assertEquals(Set.of("early", "late"), receiveTexts(consumer, 2),
            "the topic published before the consumer came and the one that first appeared after it");
    }

    @Test
    void aWildcardListenerHearsEveryMatchingTopicInEachTopicsOrder() throws Exception
    {
        final Connection connection = connection("wirespeed:ipc?streamIdBase=6300&streamIdRange=4");
        connection.start();
        final String prefix = uniqueTopic();
        final List<String> heard = new CopyOnWriteArrayList<>();
        connection.createSession().createConsumer(connection.createSession().createTopic(prefix + ".>"))
            .setMessageListener(message -> heard.add(textOf((TextMessage)message)));
        final Session session = connection.createSession();
        final MessageProducer producer = session.createProducer(null);
        for (int i = 0; i < 50; i++)
        {
            for (int t = 0; t < 8; t++)
            {
                producer.send(session.createTopic(prefix + ".t" + t), session.createTextMessage(t + ":" + i));
            }
        }

        Await.until("the listener to hear 8 topics x 50", () -> heard.size() == 400);
        for (int t = 0; t < 8; t++)
        {
            final List<String> ofTopic = new ArrayList<>();
            for (final String text : heard)
            {
                if (text.startsWith(t + ":"))
                {
                    ofTopic.add(text);
                }
            }
            assertEquals(50, ofTopic.size(), "topic " + t);
            for (int i = 0; i < 50; i++)
            {
                assertEquals(t + ":" + i, ofTopic.get(i), "topic " + t + " in order");
            }
        }
    }

    @Test
    void aReceivedMessageNamesItsConcreteTopic() throws Exception
    {
        final Session session = startedSession("wirespeed:ipc");
        final String prefix = uniqueTopic();
        final MessageConsumer consumer = session.createConsumer(session.createTopic(prefix + ".*"));
        final MessageProducer producer = session.createProducer(null);
        producer.send(session.createTopic(prefix + ".a"), session.createTextMessage("a"));
        producer.send(session.createTopic(prefix + ".b"), session.createTextMessage("b"));

        for (int i = 0; i < 2; i++)
        {
            final Message message = consumer.receive(5_000);
            assertEquals(session.createTopic(prefix + "." + text(message)), message.getJMSDestination());
        }
    }

    @Test
    void aSelectorAppliesToAWildcardConsumer() throws Exception
    {
        final Session session = startedSession("wirespeed:ipc");
        final String prefix = uniqueTopic();
        final MessageConsumer consumer = session.createConsumer(session.createTopic(prefix + ".>"), "level > 2");
        final MessageProducer producer = session.createProducer(null);
        for (int level = 1; level <= 4; level++)
        {
            final TextMessage message = session.createTextMessage("level " + level);
            message.setIntProperty("level", level);
            producer.send(session.createTopic(prefix + ".l" + level), message);
        }

        assertEquals(Set.of("level 3", "level 4"), receiveTexts(consumer, 2),
            "what the selector takes, with levels 1 and 2 left out");
    }

    @Test
    void noLocalAppliesToAWildcardConsumer() throws Exception
    {
        final Connection connection = connection();
        connection.start();
        final Session session = connection.createSession();
        final String prefix = uniqueTopic();
        final MessageConsumer consumer = session.createConsumer(session.createTopic(prefix + ".>"), null, true);
        session.createProducer(session.createTopic(prefix + ".a")).send(session.createTextMessage("local"));
        final Session other = connection().createSession();
        other.createProducer(other.createTopic(prefix + ".a")).send(other.createTextMessage("remote"));

        assertNextText(consumer, "remote", "only the other connection's message");
    }

    @Test
    void anExactAndAWildcardConsumerOfOneTopicEachReceiveItOnceOverOneReadOfEachStream() throws Exception
    {
        final JmsConnection connection = (JmsConnection)connection("wirespeed:ipc?streamIdBase=6400&streamIdRange=4");
        connection.start();
        final Session session = connection.createSession();
        final String prefix = uniqueTopic();
        final MessageConsumer exact = session.createConsumer(session.createTopic(prefix + ".a"));
        final MessageConsumer wildcard = session.createConsumer(session.createTopic(prefix + ".>"));
        final MessageConsumer star = session.createConsumer(session.createTopic(prefix + ".*"));
        assertEquals(4, connection.topicStreams().subscriptionCount(),
            "one subscription per partition stream, shared by all three consumers");

        final MessageProducer producer = session.createProducer(null);
        producer.send(session.createTopic(prefix + ".a"), session.createTextMessage("a"));
        producer.send(session.createTopic(prefix + ".a.deeper"), session.createTextMessage("deeper"));
        producer.send(session.createTopic(prefix + ".a"), session.createTextMessage("end"));

        assertNextText(exact, "a", "the exact consumer's message");
        assertNextText(exact, "end", "the exact consumer's next, once");
        assertEquals(Set.of("a", "deeper", "end"), receiveTexts(wildcard, 3), "the prefix consumer's, each once");
        assertNextText(star, "a", "the overlapping star consumer's first");
        assertNextText(star, "end", "its next, without the deeper topic");
        assertNull(exact.receiveNoWait());
        assertNull(wildcard.receiveNoWait());
        assertNull(star.receiveNoWait());

        exact.close();
        wildcard.close();
        star.close();
        assertEquals(0, connection.topicStreams().subscriptionCount(), "the last consumer closes the streams");
    }

    @Test
    void aWildcardConsumerReceivesTopicsRoutedOverUdp() throws Exception
    {
        final String prefix = uniqueTopic();
        final Session session = startedSession("wirespeed:ipc?streamIdRange=2&route." + prefix +
            ".>=aeron:udp?endpoint=127.0.0.1:" + (40_000 + (int)(ProcessHandle.current().pid() % 5_000)));
        final MessageConsumer consumer = session.createConsumer(session.createTopic(prefix + ".>"));
        final MessageProducer producer = session.createProducer(null);
        awaitJoined(consumer, session, session.createProducer(session.createTopic(prefix + ".a")));
        producer.send(session.createTopic(prefix + ".a"), session.createTextMessage("over udp a"));
        producer.send(session.createTopic(prefix + ".b.c"), session.createTextMessage("over udp b.c"));

        assertEquals(Set.of("over udp a", "over udp b.c"), receiveTexts(consumer, 2), "both routed topics");
    }

    @Test
    void aWildcardConsumerReceivesTopicsRoutedOverRdmaWithTheSimulatedVerbs() throws Exception
    {
        final String prefix = uniqueTopic();
        final JmsConnection connection = (JmsConnection)connection("wirespeed:ipc?streamIdRange=2&rdmaVerbs=simulated" +
            "&route." + prefix + ".>=wirespeed:rdma?endpoint=127.0.0.1:" + FreePorts.udp());
        assertInstanceOf(RdmaTransport.class, connection.channelFor(prefix + ".a").transport());
        receivesRoutedTopics(connection, prefix, "over rdma");
    }

    @Test
    void withoutRdmaAWildcardConsumerReceivesRdmaRoutedTopicsOverTheUdpFallback() throws Exception
    {
        org.junit.jupiter.api.Assumptions.assumeFalse(RdmaAvailability.probe().available(),
            "this host has RDMA; the fallback is exercised only where it has none");
        final String prefix = uniqueTopic();
        final JmsConnection connection = (JmsConnection)connection("wirespeed:ipc?streamIdRange=2&route." + prefix +
            ".>=wirespeed:rdma?endpoint=127.0.0.1:" + FreePorts.udp());
        assertInstanceOf(AeronTransport.class, connection.channelFor(prefix + ".a").transport());
        receivesRoutedTopics(connection, prefix, "over the fallback");
    }

    /** A '>' and a '*' consumer on a connection whose prefix is routed: each receives what it matches, once. */
    private static void receivesRoutedTopics(final Connection connection, final String prefix, final String how)
        throws JMSException
    {
        connection.start();
        final Session session = connection.createSession();
        final MessageConsumer all = session.createConsumer(session.createTopic(prefix + ".>"));
        final MessageConsumer one = session.createConsumer(session.createTopic(prefix + ".*"));
        final MessageProducer producer = session.createProducer(null);
        awaitJoined(all, session, session.createProducer(session.createTopic(prefix + ".a")));
        awaitJoined(one, session, session.createProducer(session.createTopic(prefix + ".a")));
        producer.send(session.createTopic(prefix + ".a"), session.createTextMessage(how + " a"));
        producer.send(session.createTopic(prefix + ".b.c"), session.createTextMessage(how + " b.c"));
        producer.send(session.createTopic(prefix + ".d"), session.createTextMessage(how + " d"));

        assertEquals(Set.of(how + " a", how + " b.c", how + " d"), receiveAllBut(all, "probe", 3),
            "every routed topic");
        assertEquals(Set.of(how + " a", how + " d"), receiveAllBut(one, "probe", 2), "the one-segment topics");
        final Message more = one.receive(200);
        assertTrue(null == more || "probe".equals(textOf((TextMessage)more)), "nothing else for '*'");
    }

    @Test
    void invalidPatternsAreRefusedAtCreateConsumerNamingWhatIsWrong() throws Exception
    {
        final Session session = startedSession("wirespeed:ipc");
        assertRefused(session, "prices.>.bid", "'>' stands for all trailing segments and must be the last");
        assertRefused(session, "prices..*", "segment 2 is empty");
        assertRefused(session, ".prices.>", "segment 1 is empty");
        assertRefused(session, "prices.*.", "segment 3 is empty");
        assertRefused(session, "pri*ces", "segment 'pri*ces' holds a wildcard inside it");
        assertRefused(session, "prices.>>", "segment '>>' holds a wildcard inside it");
    }

    @Test
    void producersAndSendsToWildcardTopicsAreRefused() throws Exception
    {
        final Session session = startedSession("wirespeed:ipc");
        final Topic wildcard = session.createTopic("prices.>");
        final InvalidDestinationException atCreate = assertThrows(InvalidDestinationException.class,
            () -> session.createProducer(wildcard));
        assertTrue(atCreate.getMessage().contains("cannot send to wildcard topic 'prices.>'"), atCreate.getMessage());
        final MessageProducer anonymous = session.createProducer(null);
        final InvalidDestinationException atSend = assertThrows(InvalidDestinationException.class,
            () -> anonymous.send(wildcard, session.createTextMessage("x")));
        assertTrue(atSend.getMessage().contains("'*' and '>' are for consumers"), atSend.getMessage());
    }

    @Test
    void durableAndSharedSubscriptionsOnWildcardTopicsAreRefusedSayingWhy() throws Exception
    {
        final Connection connection = connection("wirespeed:ipc?clientId=" + uniqueTopic());
        final Session session = connection.createSession();
        final Topic wildcard = session.createTopic("prices.>");
        for (final String kind : List.of("durable", "shared durable", "shared"))
        {
            final InvalidDestinationException refused = assertThrows(InvalidDestinationException.class, () ->
            {
                switch (kind)
                {
                    case "durable" -> session.createDurableConsumer(wildcard, "sub");
                    case "shared durable" -> session.createSharedDurableConsumer(wildcard, "sub");
                    default -> session.createSharedConsumer(wildcard, "sub");
                }
            }, kind);
            assertTrue(refused.getMessage().contains("not supported yet") &&
                refused.getMessage().contains("prices.>"), kind + ": " + refused.getMessage());
        }
    }

    /** Receives texts other than one to ignore, as {@link #receiveTexts} does. */
    private static Set<String> receiveAllBut(final MessageConsumer consumer, final String ignored, final int count)
        throws JMSException
    {
        final Set<String> texts = new HashSet<>();
        while (texts.size() < count)
        {
            final String text = text(consumer.receive(5_000));
            if (!ignored.equals(text))
            {
                assertTrue(texts.add(text), "received twice: " + text);
            }
        }
        return texts;
    }

    /** Receives texts, waiting up to 5 s for each; fails on a missing one or on one that came twice. */
    private static Set<String> receiveTexts(final MessageConsumer consumer, final int count) throws JMSException
    {
        final Set<String> texts = new HashSet<>();
        for (int i = 0; i < count; i++)
        {
            final String text = text(consumer.receive(5_000));
            assertTrue(texts.add(text), "received twice: " + text);
        }
        return texts;
    }

    private Session startedSession(final String uri) throws JMSException
    {
        final Connection connection = connection(uri);
        connection.start();
        return connection.createSession();
    }

    /** Sends probes on a producer's topic until the consumer receives one: its stream has joined. */
    private static void awaitJoined(final MessageConsumer consumer, final Session session,
        final MessageProducer producer)
    {
        Await.until("the consumer to receive a probe", () ->
        {
            try
            {
                producer.send(session.createTextMessage("probe"));
                final Message received = consumer.receive(100);
                while (null != consumer.receiveNoWait())
                {
                    Thread.onSpinWait();
                }
                return null != received;
            }
            catch (final JMSException ex)
            {
                throw new IllegalStateException(ex);
            }
        });
    }

    private static void assertRefused(final Session session, final String name, final String why)
    {
        final InvalidDestinationException refused = assertThrows(InvalidDestinationException.class,
            () -> session.createConsumer(session.createTopic(name)), name);
        assertTrue(refused.getMessage().contains(why) && refused.getMessage().contains(name),
            name + ": " + refused.getMessage());
    }

    private static String textOf(final TextMessage message)
    {
        try
        {
            return message.getText();
        }
        catch (final JMSException ex)
        {
            throw new IllegalStateException(ex);
        }
    }
}
