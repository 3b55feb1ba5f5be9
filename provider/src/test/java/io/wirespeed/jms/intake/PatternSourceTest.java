package io.wirespeed.jms.intake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;

import org.junit.jupiter.api.Test;

import io.wirespeed.jms.JmsConnection;
import io.wirespeed.jms.JmsTestSupport;
import io.wirespeed.jms.config.TopicRouting;
import io.wirespeed.jms.consumer.ConsumerSpec;
import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.transport.TransportChannel;
import io.wirespeed.jms.wire.MessageDecoder;
import io.wirespeed.test.Await;

/**
 * A wildcard consumer's {@link PatternSource} on the partition streams of a real connection: every stream fills the
 * consumer's one inbox, and each topic's messages come out of it in the order they were sent.
 */
class PatternSourceTest extends JmsTestSupport
{
    private static final int BASE = 6700;
    private static final int RANGE = 4;
    private static final int TOPICS = 8;
    private static final int EACH = 50;

    @Test
    void everyStreamFillsTheOneInboxAndEachTopicKeepsItsOrder() throws Exception
    {
        final JmsConnection connection = (JmsConnection)connection(
            "wirespeed:ipc?streamIdBase=" + BASE + "&streamIdRange=" + RANGE);
        final Session session = connection.createSession();
        final String prefix = uniqueTopic();
        final JmsDestination topic = JmsDestination.ofGiven(session.createTopic(prefix + ".>"), false);
        final ConsumerSpec spec = ConsumerSpec.of(topic, null, false);
        final TransportChannel target = connection.channelFor(topic.name());
        final EnvelopeInbox inbox = new EnvelopeInbox(true);
        final TopicSource[] sources = new TopicSource[RANGE];
        for (int i = 0; i < RANGE; i++)
        {
            sources[i] = connection.topicStreams().open(target, BASE + i, topic, spec.pattern(), null, null, inbox);
            assertSame(inbox, sources[i].inbox(), "each stream fills the consumer's one inbox");
        }
        final PatternSource source = new PatternSource(sources, inbox);

        final Set<Integer> streamsUsed = new HashSet<>();
        final MessageProducer producer = session.createProducer(null);
        for (int i = 0; i < EACH; i++)
        {
            for (int t = 0; t < TOPICS; t++)
            {
                final String name = prefix + ".t" + t;
                streamsUsed.add(TopicRouting.streamId(name, BASE, RANGE));
                producer.send(session.createTopic(name), session.createTextMessage(t + ":" + i));
            }
        }
        assertTrue(streamsUsed.size() > 1, "the topics travel on several streams: " + streamsUsed);

        final MessageDecoder decoder = new MessageDecoder(connection.config().deserializationPolicy());
        final List<String> read = new ArrayList<>();
        Await.until("8 topics x 50 read from the inbox", () ->
        {
            source.poll((buffer, offset, length) ->
            {
                assertTrue(decoder.wrap(buffer, offset, length), "well formed");
                read.add(textOf(decoder));
            }, 7);
            return read.size() >= TOPICS * EACH;
        });
        assertEquals(TOPICS * EACH, read.size());
        for (int t = 0; t < TOPICS; t++)
        {
            final List<String> ofTopic = new ArrayList<>();
            for (final String text : read)
            {
                if (text.startsWith(t + ":"))
                {
                    ofTopic.add(text);
                }
            }
            assertEquals(EACH, ofTopic.size(), "topic " + t);
            for (int i = 0; i < EACH; i++)
            {
                assertEquals(t + ":" + i, ofTopic.get(i), "topic " + t + " in order");
            }
        }
        assertTrue(!inbox.hasEnvelopes(), "everything read");
        source.close();
        assertEquals(0, connection.topicStreams().subscriptionCount(), "closing the feed let its streams go");
    }

    @Test
    void aStreamStoppedByTheLaggingInboxReadsOnOnceAnotherStreamsTakeEmptiedIt() throws Exception
    {
        final JmsConnection connection = (JmsConnection)connection(
            "wirespeed:ipc?streamIdBase=" + BASE + "&streamIdRange=" + RANGE);
        final Session session = connection.createSession();
        final String prefix = uniqueTopic();
        String name = prefix + ".x";
        for (int i = 0; BASE == TopicRouting.streamId(name, BASE, RANGE); i++)
        {
            name = prefix + ".x" + i;
        }
        final JmsDestination topic = JmsDestination.ofGiven(session.createTopic(prefix + ".>"), false);
        final JmsDestination exactTopic = JmsDestination.ofGiven(session.createTopic(name), false);
        final TransportChannel target = connection.channelFor(topic.name());
        final EnvelopeInbox inbox = new EnvelopeInbox(true);
        final TopicSource[] sources = new TopicSource[RANGE];
        for (int i = 0; i < RANGE; i++)
        {
            sources[i] = connection.topicStreams().open(
                target, BASE + i, topic, ConsumerSpec.of(topic, null, false).pattern(), null, null, inbox);
        }
        final PatternSource pattern = new PatternSource(sources, inbox);
        final TopicSource exact = connection.topicStreams().open(target, TopicRouting.streamId(name, BASE, RANGE),
            exactTopic, null, null, null, new EnvelopeInbox(false));

        final int size = 64 * 1024;
        final int messages = TopicStream.LAG_LIMIT / size + 40;
        final String published = name;
        final javax.jms.Connection publisher = connection("wirespeed:ipc?streamIdBase=" + BASE + "&streamIdRange=" +
            RANGE);
        final Thread sender = new Thread(() ->
        {
            try
            {
                final Session sending = publisher.createSession();
                final MessageProducer producer = sending.createProducer(sending.createTopic(published));
                for (int i = 0; i < messages; i++)
                {
                    final javax.jms.BytesMessage message = sending.createBytesMessage();
                    message.writeInt(i);
                    message.writeBytes(new byte[size]);
                    producer.send(message);
                }
            }
            catch (final Exception ex)
            {
                // the test closes the publisher's connection under it if it failed
            }
        }, "pattern-source-test-publisher");
        sender.start();

        final int[] exactRead = new int[1];
        final List<Integer> patternRead = new ArrayList<>();
        final MessageDecoder decoder = new MessageDecoder(connection.config().deserializationPolicy());
        Await.until("the wildcard consumer's inbox to lag beyond the limit, read for it by the exact consumer",
            () ->
            {
                exactRead[0] += exact.poll((buffer, offset, length) -> {}, 100);
                return inbox.pendingBytes() > TopicStream.LAG_LIMIT;
            });
        Await.until("both consumers to read everything: the stream was let go once the inbox was read", () ->
        {
            exactRead[0] += exact.poll((buffer, offset, length) -> {}, 100);
            pattern.poll((buffer, offset, length) ->
            {
                assertTrue(decoder.wrap(buffer, offset, length), "well formed");
                patternRead.add(sequenceOf(decoder));
            }, 100);
            return exactRead[0] >= messages && patternRead.size() >= messages;
        });
        sender.join(10_000);
        for (int i = 0; i < messages; i++)
        {
            assertEquals(i, patternRead.get(i), "in order");
        }
        exact.close();
        pattern.close();
    }

    private static int sequenceOf(final MessageDecoder decoder)
    {
        try
        {
            final javax.jms.BytesMessage message = (javax.jms.BytesMessage)decoder.decode();
            message.reset();
            return message.readInt();
        }
        catch (final Exception ex)
        {
            throw new AssertionError(ex);
        }
    }

    private static String textOf(final MessageDecoder decoder)
    {
        try
        {
            return ((TextMessage)decoder.decode()).getText();
        }
        catch (final Exception ex)
        {
            throw new AssertionError(ex);
        }
    }
}
