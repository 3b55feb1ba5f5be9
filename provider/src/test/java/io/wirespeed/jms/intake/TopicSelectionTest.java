package io.wirespeed.jms.intake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import javax.jms.Session;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import io.wirespeed.codec.EntriesWriter;
import io.wirespeed.codec.EnvelopeReader;
import io.wirespeed.codec.EnvelopeWriter;
import io.wirespeed.jms.JmsConnection;
import io.wirespeed.jms.JmsTestSupport;
import io.wirespeed.jms.consumer.ConsumerSpec;
import io.wirespeed.jms.destination.TopicPattern;
import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.transport.TransportChannel;
import io.wirespeed.selector.EnvelopeSelectorSource;
import io.wirespeed.selector.Selector;

/**
 * Selection in a {@link TopicStream}, before any copy: sources of one topic on the streams of a real connection,
 * envelopes handed to the stream as its subscription would hand them. Indexed equality and {@code IN} dispatch must
 * give exactly what evaluating each consumer's selector gives, for consumers of the topic and wildcard consumers
 * whose patterns match it alike; one selector text is evaluated once per envelope however many consumers share it.
 */
class TopicSelectionTest extends JmsTestSupport
{
    private static final int STREAM = 6900;
    private static final Object NULL_VALUE = new Object();

    private static final String[] SELECTORS = {
        "sym = 'A'", "'B' = sym", "sym = 'C'", "sym IN ('A', 'C')", "sym IN ('A', 'A', 'D')", "sym IN ('5')",
        "sym = '5'", "sym = 5", "sym = 'Grüße 日本 😀'", "sym = ''", "sym = 'a'", "sym <> 'A'", "sym NOT IN ('A')",
        "sym IS NULL", "sym LIKE 'A%'", "n = 5", "5 = n", "n = 0x05", "n = -1", "n = 5L", "n = 'x'", "n = '5'",
        "n = 5.0", "n IN ('5')", "n = 16777217", "region = 'EU'", "region IN ('EU', 'US')", "region = 'US'",
        "JMSType = 'car'", "JMSType IN ('car', 'bus')", "JMSPriority = 4", "JMSCorrelationID = 'c1'",
        "JMSXDeliveryCount = 1", "JMSDeliveryMode = 'PERSISTENT'", "price > 3", "price > 3 AND sym = 'A'",
        "sym = 'A' OR region = 'EU'", "NOT sym = 'A'", "flag = TRUE", "flag", "(sym = 'B')", "Sym = 'A'",
    };

    private final EnvelopeWriter writer = new EnvelopeWriter();
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[4096]);

    @Test
    void indexedDispatchGivesExactlyWhatEvaluatingEachSelectorGives() throws Exception
    {
        final JmsConnection connection = (JmsConnection)connection();
        final JmsDestination topic = topic(connection);
        final TransportChannel target = connection.channelFor(topic.name());
        final Random random = new Random(27);
        final List<TopicSource> sources = new ArrayList<>();
        final List<Selector> selectors = new ArrayList<>();
        for (int i = 0; i < 300; i++)
        {
            final Selector selector =
                0 == i % 25 ? null : Selector.compile(SELECTORS[random.nextInt(SELECTORS.length)]);
            selectors.add(selector);
            sources.add(connection.topicStreams().open(
                target, STREAM, topic, null, selector, null, new EnvelopeInbox(false)));
        }

        final int messages = 2_000;
        final List<List<Integer>> expected = new ArrayList<>();
        for (int i = 0; i < sources.size(); i++)
        {
            expected.add(new ArrayList<>());
        }
        final EnvelopeReader reader = new EnvelopeReader();
        final EnvelopeSelectorSource general = new EnvelopeSelectorSource();
        final TopicStream stream = sources.get(0).stream();
        for (int m = 0; m < messages; m++)
        {
            final int length = encode(topic, m, random);
            reader.wrap(buffer, 0, length);
            for (int i = 0; i < sources.size(); i++)
            {
                final Selector selector = selectors.get(i);
                if (null == selector || selector.matches(general.wrap(reader)))
                {
                    expected.get(i).add(m);
                }
            }
            stream.onFragment(buffer, 0, length);
        }

        int selected = 0;
        for (int i = 0; i < sources.size(); i++)
        {
            final List<Integer> received = received(sources.get(i));
            assertEquals(expected.get(i), received, "source " + i + " with selector " + selectors.get(i));
            selected += received.size();
        }
        assertTrue(selected > messages * 10, "the mix selects plenty: " + selected);
        for (final TopicSource source : sources)
        {
            source.close();
        }
    }

    @Test
    void oneSelectorTextIsEvaluatedOncePerEnvelopeAndEqualitiesAreLookedUp() throws Exception
    {
        final JmsConnection connection = (JmsConnection)connection();
        final JmsDestination topic = topic(connection);
        final TransportChannel target = connection.channelFor(topic.name());
        final List<TopicSource> same = new ArrayList<>();
        final List<TopicSource> distinct = new ArrayList<>();
        for (int i = 0; i < 100; i++)
        {
            same.add(connection.topicStreams().open(
                target, STREAM, topic, null, Selector.compile("price > 3"), null, new EnvelopeInbox(false)));
            distinct.add(connection.topicStreams().open(target, STREAM, topic, null,
                Selector.compile(0 == i % 2 ? "sym = 'S" + i + "'" : "sym IN ('S" + i + "', 'T" + i + "')"), null,
                new EnvelopeInbox(false)));
        }
        tenPricesOneEvaluationAndOneLookUpEach(connection, topic, same, distinct);
    }

    /**
     * Ten envelopes on the topic, number m with {@code price} m and {@code sym} S(2m+1): one evaluation of
     * {@code price > 3} and one look-up of {@code sym} each, however many consumers; each of {@code same} (selector
     * {@code price > 3}) gets 4 to 9, the i-th of {@code distinct} (selecting S and i) only the one that names it.
     */
    private void tenPricesOneEvaluationAndOneLookUpEach(
        final JmsConnection connection, final JmsDestination topic, final List<TopicSource> same,
        final List<TopicSource> distinct)
    {
        final TopicStream stream = same.get(0).stream();
        for (int m = 0; m < 10; m++)
        {
            writer.wrap(buffer, 0).messageId(1, 2, 3, 4, m);
            writer.properties().doubleValue("price", m).stringValue("sym", "S" + (m * 2 + 1));
            writer.topicHash(topic.topicHash()).destination(topic.kind(), topic.utf8Name());
            stream.onFragment(buffer, 0, writer.finish());
        }

        assertEquals(10, connection.topicStreams().selectorEvaluations(),
            "one evaluation of 'price > 3' per envelope for its consumers, none for the equalities");
        assertEquals(10, connection.topicStreams().indexLookups(), "one look-up of sym per envelope");
        for (final TopicSource source : same)
        {
            assertEquals(List.of(4, 5, 6, 7, 8, 9), received(source));
        }
        for (int i = 0; i < distinct.size(); i++)
        {
            assertEquals(1 == i % 2 && i < 20 ? List.of((i - 1) / 2) : List.of(), received(distinct.get(i)),
                "consumer of S" + i);
        }
    }

    @Test
    void selectingAllocatesNothingOnceWarm() throws Exception
    {
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        final JmsConnection connection = (JmsConnection)connection();
        final JmsDestination topic = topic(connection);
        final JmsDestination any = destination(
            connection.createSession(), topic.name().substring(0, topic.name().lastIndexOf('.')) + ".*");
        final TransportChannel target = connection.channelFor(topic.name());
        final List<TopicSource> sources = new ArrayList<>();
        for (int i = 0; i < 200; i++)
        {
            final String selector = switch (i % 5)
            {
                case 0 -> "sym = 'S" + i + "'";
                case 1 -> "sym IN ('S" + i + "', 'Grüße " + i + "')";
                case 2 -> "n = " + (1000 + i);
                case 3 -> "price > " + (1000 + i);
                default -> "JMSType = 'x' OR region LIKE 'E%'";
            };
            final JmsDestination destination = 0 == i % 4 ? any : topic;
            sources.add(connection.topicStreams().open(target, STREAM, destination, pattern(destination),
                Selector.compile(selector), null, new EnvelopeInbox(destination == any)));
        }
        final TopicStream stream = sources.get(0).stream();
        final int[] lengths = new int[3];
        final UnsafeBuffer[] envelopes = new UnsafeBuffer[3];
        for (int e = 0; e < 3; e++)
        {
            writer.wrap(buffer, 0).messageId(1, 2, 3, 4, e);
            final EntriesWriter properties = writer.properties().stringValue("sym", "Grüße x" + e);
            if (0 == e)
            {
                properties.intValue("n", 7);
            }
            else if (1 == e)
            {
                properties.doubleValue("n", 1005.5);
            }
            properties.doubleValue("price", 10.5).stringValue("region", "US");
            writer.topicHash(topic.topicHash()).destination(topic.kind(), topic.utf8Name()).type("car");
            lengths[e] = writer.finish();
            envelopes[e] = new UnsafeBuffer(new byte[lengths[e]]);
            envelopes[e].putBytes(0, buffer, 0, lengths[e]);
        }

        long allocated = -1;
        for (int round = 0; round < 30 && 0 != allocated; round++)
        {
            final long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < 10_000; i++)
            {
                stream.onFragment(envelopes[i % 3], 0, lengths[i % 3]);
            }
            allocated = threads.getCurrentThreadAllocatedBytes() - before;
        }
        assertEquals(0, allocated,
            "bytes allocated by 10,000 dispatches among 200 selecting sources, 50 of them wildcard consumers");
        for (final TopicSource source : sources)
        {
            assertEquals(List.of(), received(source), "no selector selects these envelopes");
        }
    }

    @Test
    void theIndexFollowsConsumersThatComeAndGo() throws Exception
    {
        final JmsConnection connection = (JmsConnection)connection();
        final JmsDestination topic = topic(connection);
        final TransportChannel target = connection.channelFor(topic.name());
        final TopicSource a = connection.topicStreams().open(
            target, STREAM, topic, null, Selector.compile("sym = 'A'"), null, new EnvelopeInbox(false));
        final TopicSource a2 = connection.topicStreams().open(
            target, STREAM, topic, null, Selector.compile("sym = 'A'"), null, new EnvelopeInbox(false));
        final TopicSource ab = connection.topicStreams().open(
            target, STREAM, topic, null, Selector.compile("sym IN ('A', 'B')"), null, new EnvelopeInbox(false));
        final TopicStream stream = a.stream();
        a.close();
        send(stream, topic, "A", 0);
        send(stream, topic, "B", 1);
        assertEquals(List.of(0), received(a2));
        assertEquals(List.of(0, 1), received(ab));
        ab.close();
        send(stream, topic, "B", 2);
        send(stream, topic, "A", 3);
        assertEquals(List.of(3), received(a2));
        final TopicSource b = connection.topicStreams().open(
            target, STREAM, topic, null, Selector.compile("sym = 'B'"), null, new EnvelopeInbox(false));
        assertNotNull(b);
        send(stream, topic, "B", 4);
        assertEquals(List.of(4), received(b));
        assertEquals(List.of(), received(a2));
        a2.close();
        b.close();
        assertEquals(0, connection.topicStreams().subscriptionCount(), "the last source let the stream go");
    }

    @Test
    void wildcardConsumersAreSelectedWithTheTopicsTheirPatternsMatch() throws Exception
    {
        final JmsConnection connection = (JmsConnection)connection();
        final Session session = connection.createSession();
        final String prefix = uniqueTopic();
        final JmsDestination[] topics = {
            destination(session, prefix + ".a"), destination(session, prefix + ".b"),
            destination(session, prefix + ".c.d"), destination(session, prefix + ".Grüße") };
        final JmsDestination[] patterns = {
            destination(session, prefix + ".*"), destination(session, prefix + ".>"),
            destination(session, prefix + ".*.d"), destination(session, "other.*") };
        final TransportChannel target = connection.channelFor(topics[0].name());
        final Random random = new Random(4);
        final List<Consumer> consumers = new ArrayList<>();
        for (int i = 0; i < 240; i++)
        {
            consumers.add(open(connection, target, random, 0 != i % 3 ? patterns : topics, 0 == i % 20));
        }
        final TopicStream stream = consumers.get(0).source.stream();

        dispatchAndCompare(stream, topics, consumers, random, 0);
        for (int i = 0; i < consumers.size(); i += 7)
        {
            consumers.get(i).source.close();
        }
        consumers.removeIf((consumer) -> consumer.source.isClosed());
        for (int i = 0; i < 40; i++)
        {
            consumers.add(open(connection, target, random, 0 == i % 2 ? patterns : topics, false));
        }
        dispatchAndCompare(stream, topics, consumers, random, 1_000);

        for (final Consumer consumer : consumers)
        {
            consumer.source.close();
        }
        assertEquals(0, connection.topicStreams().subscriptionCount(), "the last source let the stream go");
    }

    @Test
    void wildcardAndTopicConsumersShareOneEvaluationAndOneLookUpPerEnvelope() throws Exception
    {
        final JmsConnection connection = (JmsConnection)connection();
        final Session session = connection.createSession();
        final String prefix = uniqueTopic();
        final JmsDestination topic = destination(session, prefix + ".a");
        final JmsDestination any = destination(session, prefix + ".*");
        final JmsDestination deep = destination(session, prefix + ".>");
        final TransportChannel target = connection.channelFor(topic.name());
        final List<TopicSource> distinct = new ArrayList<>();
        final List<TopicSource> same = new ArrayList<>();
        for (int i = 0; i < 100; i++)
        {
            distinct.add(connection.topicStreams().open(target, STREAM, any, pattern(any),
                Selector.compile("sym = 'S" + i + "'"), null, new EnvelopeInbox(true)));
            final JmsDestination destination = 0 == i % 3 ? topic : 1 == i % 3 ? any : deep;
            same.add(connection.topicStreams().open(target, STREAM, destination, pattern(destination),
                Selector.compile("price > 3"), null, new EnvelopeInbox(destination != topic)));
        }
        tenPricesOneEvaluationAndOneLookUpEach(connection, topic, same, distinct);
    }

    @Test
    void aWildcardConsumerAddedWhileTopicsFlowIsMatchedOncePerTopic() throws Exception
    {
        final JmsConnection connection = (JmsConnection)connection();
        final Session session = connection.createSession();
        final String prefix = uniqueTopic();
        final JmsDestination any = destination(session, prefix + ".*");
        final JmsDestination[] topics = new JmsDestination[10];
        for (int t = 0; t < topics.length; t++)
        {
            topics[t] = destination(session, prefix + ".n" + t);
        }
        final TransportChannel target = connection.channelFor(any.name());
        final List<TopicSource> consumers = new ArrayList<>();
        int sequence = 0;
        for (int k = 0; k < 200; k++)
        {
            consumers.add(connection.topicStreams().open(target, STREAM, any, pattern(any),
                Selector.compile("sym = 'S" + k + "'"), null, new EnvelopeInbox(true)));
            for (final JmsDestination topic : topics)
            {
                writer.wrap(buffer, 0).messageId(1, 2, 3, 4, sequence++);
                writer.properties().stringValue("sym", "S" + k);
                writer.topicHash(topic.topicHash()).destination(topic.kind(), topic.utf8Name());
                consumers.get(0).stream().onFragment(buffer, 0, writer.finish());
            }
        }

        assertEquals(200L * topics.length, consumers.get(0).stream().patternMatches(),
            "each topic matched against each new pattern once, not against all of them again");
        for (int k = 0; k < consumers.size(); k++)
        {
            final List<Integer> expected = new ArrayList<>();
            for (int t = 0; t < topics.length; t++)
            {
                expected.add(k * topics.length + t);
            }
            assertEquals(expected, received(consumers.get(k)), "wildcard consumer of S" + k);
        }
        assertEquals(0, connection.topicStreams().selectorEvaluations(), "every selector was found by look-up");
    }

    /** A consumer of a topic or a pattern drawn from the given ones, its selector from the mix, for comparing. */
    private Consumer open(
        final JmsConnection connection, final TransportChannel target, final Random random,
        final JmsDestination[] destinations, final boolean noSelector) throws Exception
    {
        final JmsDestination destination = destinations[random.nextInt(destinations.length)];
        final Selector selector = noSelector ? null : Selector.compile(SELECTORS[random.nextInt(SELECTORS.length)]);
        final TopicPattern pattern = pattern(destination);
        return new Consumer(destination, pattern, selector, connection.topicStreams().open(
            target, STREAM, destination, pattern, selector, null, new EnvelopeInbox(null != pattern)));
    }

    /**
     * Sends 1,000 envelopes of the mix to the topics, each consumer expecting those its topic or pattern and its
     * selector, evaluated on its own, take; then compares what each received.
     */
    private void dispatchAndCompare(
        final TopicStream stream, final JmsDestination[] topics, final List<Consumer> consumers, final Random random,
        final int first) throws Exception
    {
        final List<List<Integer>> expected = new ArrayList<>();
        for (int i = 0; i < consumers.size(); i++)
        {
            expected.add(new ArrayList<>());
        }
        final EnvelopeReader reader = new EnvelopeReader();
        final EnvelopeSelectorSource general = new EnvelopeSelectorSource();
        int selected = 0;
        for (int m = first; m < first + 1_000; m++)
        {
            final JmsDestination topic = topics[random.nextInt(topics.length)];
            final int length = encode(topic, m, random);
            reader.wrap(buffer, 0, length);
            for (int i = 0; i < consumers.size(); i++)
            {
                final Consumer consumer = consumers.get(i);
                final boolean ofTopic = null == consumer.pattern ?
                    consumer.destination.name().equals(topic.name()) : consumer.pattern.matches(topic.name());
                if (ofTopic && (null == consumer.selector || consumer.selector.matches(general.wrap(reader))))
                {
                    expected.get(i).add(m);
                    selected++;
                }
            }
            stream.onFragment(buffer, 0, length);
        }
        for (int i = 0; i < consumers.size(); i++)
        {
            final Consumer consumer = consumers.get(i);
            assertEquals(expected.get(i), received(consumer.source), "consumer " + i + " of " +
                consumer.destination.name() + " with selector " + consumer.selector);
        }
        assertTrue(selected > 10_000, "the mix selects plenty: " + selected);
    }

    private static JmsDestination destination(final Session session, final String name) throws Exception
    {
        return JmsDestination.ofGiven(session.createTopic(name), false);
    }

    /** @return the destination's wildcard pattern, or null when it names one topic. */
    private static TopicPattern pattern(final JmsDestination destination) throws Exception
    {
        return ConsumerSpec.of(destination, null, false).pattern();
    }

    /** A source with what it was opened for. */
    private record Consumer(JmsDestination destination, TopicPattern pattern, Selector selector, TopicSource source)
    {
    }

    private void send(final TopicStream stream, final JmsDestination topic, final String sym, final int sequence)
    {
        writer.wrap(buffer, 0).messageId(1, 2, 3, 4, sequence);
        writer.properties().stringValue("sym", sym);
        writer.topicHash(topic.topicHash()).destination(topic.kind(), topic.utf8Name());
        stream.onFragment(buffer, 0, writer.finish());
    }

    private static JmsDestination topic(final JmsConnection connection) throws Exception
    {
        final Session session = connection.createSession();
        return JmsDestination.ofGiven(session.createTopic(uniqueTopic()), false);
    }

    /**
     * Everything the source's inbox holds, by each envelope's sequence (the message number).
     *
     * @param source the source.
     * @return the sequences, in the order the source hands them over.
     */
    static List<Integer> received(final TopicSource source)
    {
        final List<Integer> received = new ArrayList<>();
        final EnvelopeReader reader = new EnvelopeReader();
        while (source.poll((buffer, offset, length) ->
            received.add((int)reader.wrap(buffer, offset, length).sequence()), 1000) > 0)
        {
            // drained
        }
        return received;
    }

    /** A message of the seeded mix, numbered m by its sequence, encoded into the buffer. */
    private int encode(final JmsDestination topic, final int m, final Random random)
    {
        writer.wrap(buffer, 0).messageId(1, 2, 3, 4, m)
            .priority(random.nextInt(10))
            .deliveryMode(random.nextBoolean() ? 1 : 2)
            .deliveryCount(random.nextInt(3));
        final EntriesWriter properties = writer.properties();
        value(properties, "sym", random, new Object[]{ "A", "B", "C", "D", "5", "a", "", "Grüße 日本 😀", 5, 5L,
            (byte)5, 5.0f, 5.0d, true, NULL_VALUE, null, "AB" });
        value(properties, "n", random, new Object[]{ 5, 5L, (short)5, (byte)5, 5.0f, 5.0d, 5.5d, -1, -1L, "5", "x",
            16_777_216f, 16_777_217, NULL_VALUE, null, true });
        value(properties, "region", random, new Object[]{ "EU", "US", "APAC", NULL_VALUE, null, 1 });
        value(properties, "price", random, new Object[]{ 1.0d, 4.0d, 10, NULL_VALUE, null, "9" });
        value(properties, "flag", random, new Object[]{ true, false, "TRUE", null });
        writer.topicHash(topic.topicHash()).destination(topic.kind(), topic.utf8Name());
        final String[] types = { "car", "bus", null };
        final String type = types[random.nextInt(types.length)];
        if (null != type)
        {
            writer.type(type);
        }
        if (random.nextBoolean())
        {
            writer.correlationId(random.nextBoolean() ? "c1" : "c2");
        }
        return writer.finish();
    }

    /** Writes one of the values, a null property for NULL_VALUE, nothing for null (a missing property). */
    private static void value(final EntriesWriter properties, final String name, final Random random,
        final Object[] values)
    {
        final Object value = values[random.nextInt(values.length)];
        if (NULL_VALUE == value)
        {
            properties.nullValue(name);
        }
        else if (value instanceof String)
        {
            properties.stringValue(name, (String)value);
        }
        else if (value instanceof Integer)
        {
            properties.intValue(name, (Integer)value);
        }
        else if (value instanceof Long)
        {
            properties.longValue(name, (Long)value);
        }
        else if (value instanceof Short)
        {
            properties.shortValue(name, (Short)value);
        }
        else if (value instanceof Byte)
        {
            properties.byteValue(name, (Byte)value);
        }
        else if (value instanceof Float)
        {
            properties.floatValue(name, (Float)value);
        }
        else if (value instanceof Double)
        {
            properties.doubleValue(name, (Double)value);
        }
        else if (value instanceof Boolean)
        {
            properties.booleanValue(name, (Boolean)value);
        }
    }
}
