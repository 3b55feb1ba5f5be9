package io.wirespeed.jms.intake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import javax.jms.Session;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import io.wirespeed.codec.EnvelopeWriter;
import io.wirespeed.jms.JmsConnection;
import io.wirespeed.jms.JmsTestSupport;
import io.wirespeed.jms.consumer.ConsumerSpec;
import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.transport.TransportChannel;

/**
 * Fan-out without a copy per consumer: a {@link TopicStream} copies each envelope once into its {@link EnvelopeLog}
 * and its consumers' inboxes take positions there; the log never overwrites what a consumer was given and has not
 * read, and grows instead.
 */
class EnvelopeLogTest extends JmsTestSupport
{
    private static final int STREAM = 6901;

    private final EnvelopeWriter writer = new EnvelopeWriter();
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[4096]);

    @Test
    void thirtyTwoConsumersOfATopicShareOneCopyOfEachEnvelope() throws Exception
    {
        final JmsConnection connection = (JmsConnection)connection();
        final Session session = connection.createSession();
        final JmsDestination topic = JmsDestination.ofGiven(session.createTopic(uniqueTopic()), false);
        final TransportChannel target = connection.channelFor(topic.name());
        final List<TopicSource> sources = new ArrayList<>();
        for (int i = 0; i < 32; i++)
        {
            sources.add(connection.topicStreams().open(
                target, STREAM, topic, null, null, null, new EnvelopeInbox(false)));
        }
        final TopicStream stream = sources.get(0).stream();

        long envelopeBytes = 0;
        for (int m = 0; m < 1_000; m++)
        {
            final int length = encode(topic, m);
            envelopeBytes += length;
            stream.onFragment(buffer, 0, length);
        }

        final EnvelopeLog log = stream.log();
        assertTrue(log.written() < 2 * envelopeBytes,
            "one copy of " + envelopeBytes + " bytes, not one per consumer: " + log.written());
        for (final TopicSource source : sources)
        {
            assertSame(log, source.inbox().log());
            assertEquals(sequences(1_000), TopicSelectionTest.received(source));
        }
        assertFalse(log.isBehind(0), "every consumer read what it was given");
        for (final TopicSource source : sources)
        {
            source.close();
        }
    }

    @Test
    void aWildcardConsumerKeepsItsOwnCopies() throws Exception
    {
        final JmsConnection connection = (JmsConnection)connection();
        final Session session = connection.createSession();
        final String prefix = uniqueTopic();
        final JmsDestination topic = JmsDestination.ofGiven(session.createTopic(prefix + ".a"), false);
        final JmsDestination any = JmsDestination.ofGiven(session.createTopic(prefix + ".*"), false);
        final TransportChannel target = connection.channelFor(topic.name());
        final TopicSource wildcard = connection.topicStreams().open(target, STREAM, any,
            ConsumerSpec.of(any, null, false).pattern(), null, null, new EnvelopeInbox(true));
        final TopicSource exact = connection.topicStreams().open(
            target, STREAM, topic, null, null, null, new EnvelopeInbox(false));

        for (int m = 0; m < 10; m++)
        {
            wildcard.stream().onFragment(buffer, 0, encode(topic, m));
        }

        assertNull(wildcard.inbox().log(), "filled by every stream its pattern's topics travel on");
        assertEquals(sequences(10), TopicSelectionTest.received(wildcard));
        assertEquals(sequences(10), TopicSelectionTest.received(exact));
        wildcard.close();
        exact.close();
    }

    @Test
    void theRingGrowsRatherThanOverwriteWhatAReaderHoldsAndOnlyThen()
    {
        final EnvelopeLog log = new EnvelopeLog(256);
        final EnvelopeInbox slow = new EnvelopeInbox(false);
        final EnvelopeInbox fast = new EnvelopeInbox(false);
        slow.readFrom(log);
        fast.readFrom(log);
        final UnsafeBuffer envelope = new UnsafeBuffer(new byte[100]);

        for (int i = 0; i < 100; i++)
        {
            envelope.setMemory(0, 100, (byte)i);
            final long position = log.append(envelope, 0, 100);
            fast.appendPosition(position, 100);
            if (0 == i)
            {
                slow.appendPosition(position, 100);
                slow.take();
            }
            fast.take();
            assertEquals(1, fast.drain((buffer, offset, length) -> { }, 10));
        }
        assertTrue(log.grown() > 0 && log.capacity() >= 100 * 100,
            "the slow reader's envelope held the ring, which grew to keep the 100 since: " + log.capacity());
        assertTrue(log.isBehind(100 * 99), "the slow reader is 99 envelopes behind the end");

        final byte[] held = new byte[100];
        assertEquals(1, slow.drain((buffer, offset, length) -> buffer.getBytes(offset, held), 10));
        for (final byte b : held)
        {
            assertEquals(0, b, "the first envelope, intact after 99 more");
        }
        assertFalse(log.isBehind(0));

        final int capacity = log.capacity();
        for (int i = 0; i < 1_000; i++)
        {
            fast.appendPosition(log.append(envelope, 0, 100), 100);
            fast.take();
            fast.drain((buffer, offset, length) -> { }, 10);
        }
        assertEquals(capacity, log.capacity(), "readers that keep up never make the ring grow");
    }

    private int encode(final JmsDestination topic, final int m)
    {
        writer.wrap(buffer, 0).messageId(1, 2, 3, 4, m);
        writer.properties().stringValue("n", "value " + m);
        writer.topicHash(topic.topicHash()).destination(topic.kind(), topic.utf8Name());
        return writer.bytesBody(new byte[m % 64], 0, m % 64).finish();
    }

    private static List<Integer> sequences(final int count)
    {
        final List<Integer> sequences = new ArrayList<>();
        for (int i = 0; i < count; i++)
        {
            sequences.add(i);
        }
        return sequences;
    }
}
