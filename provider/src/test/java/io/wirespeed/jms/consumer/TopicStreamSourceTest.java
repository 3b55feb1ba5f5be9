package io.wirespeed.jms.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import javax.jms.Connection;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;
import javax.jms.Topic;

import org.junit.jupiter.api.Test;

import io.wirespeed.jms.JmsConnection;
import io.wirespeed.jms.JmsTestSupport;
import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.wire.MessageDecoder;
import io.wirespeed.test.Await;

/**
 * A {@link TopicStreamSource} on its own, on the topic streams of a real connection, with no consumer around it (it
 * is read synchronously, so the delivery thread never asks for one): it filters in place what its streams hand it.
 */
class TopicStreamSourceTest extends JmsTestSupport
{
    @Test
    void itSkipsItsOwnConnectionsMessagesUnderNoLocalAndWhatTheSelectorRefusesAndHoldsWhatIsNotYetDue()
        throws Exception
    {
        final JmsConnection connection = (JmsConnection)connection();
        final Session session = connection.createSession();
        final Topic topic = session.createTopic(uniqueTopic());
        final ConsumerSpec spec = ConsumerSpec.of(JmsDestination.ofGiven(topic, false), "n > 1", true);
        final TopicStreamSource source = TopicStreamSource.open(
            connection, spec, spec.pattern(), JmsSelectors.compile(spec.selector()), null);

        final MessageProducer own = session.createProducer(topic);
        own.send(text(session, "own", 5));
        final Connection other = connection();
        final Session otherSession = other.createSession();
        final MessageProducer producer = otherSession.createProducer(topic);
        producer.send(text(otherSession, "unselected", 0));
        producer.send(text(otherSession, "selected", 2));
        producer.setDeliveryDelay(60_000);
        producer.send(text(otherSession, "later", 3));

        final MessageDecoder decoder = new MessageDecoder(connection.config().deserializationPolicy());
        decoder.consumerDestination(JmsDestination.ofGiven(topic, false));
        final List<String> admissions = new ArrayList<>();
        Await.until("three envelopes handed out", () ->
        {
            source.poll((buffer, offset, length) ->
            {
                assertTrue(decoder.wrap(buffer, offset, length), "well formed");
                final MessageSource.Admission admission = source.admit(decoder);
                admissions.add(readText(decoder) + " " + admission);
            }, 10);
            return admissions.size() >= 3;
        });
        admissions.sort(null);
        assertEquals(List.of("later HOLD", "own SKIP", "selected DELIVER"), admissions,
            "two connections' publications, no order between them; the stream applied the selector, so the " +
            "unselected message never reached the source");
        source.close(false);
        assertEquals(0, connection.topicStreams().subscriptionCount(), "closing the source let its stream go");
    }

    @Test
    void aOneTopicSourceHandsOutOnlyItsTopicAndAPatternSourceTheTopicsItMatches() throws Exception
    {
        final JmsConnection connection = (JmsConnection)connection();
        final Session session = connection.createSession();
        final String prefix = uniqueTopic();
        final ConsumerSpec one = ConsumerSpec.of(JmsDestination.ofGiven(session.createTopic(prefix), false), null,
            false);
        final ConsumerSpec many = ConsumerSpec.of(JmsDestination.ofGiven(session.createTopic(prefix + ".>"), false),
            null, false);
        final TopicStreamSource oneTopic = TopicStreamSource.open(connection, one, one.pattern(), null, null);
        final TopicStreamSource pattern = TopicStreamSource.open(connection, many, many.pattern(), null, null);

        assertTrue(oneTopic.deliversOnlyItsDestination(), "its stream compared each envelope's topic with its own");
        assertFalse(pattern.deliversOnlyItsDestination(), "each message names the topic it was published to");
        oneTopic.close(false);
        pattern.close(false);
    }

    private static TextMessage text(final Session session, final String text, final int n) throws Exception
    {
        final TextMessage message = session.createTextMessage(text);
        message.setIntProperty("n", n);
        return message;
    }

    private static String readText(final MessageDecoder decoder)
    {
        try
        {
            return ((TextMessage)decoder.decode()).getText();
        }
        catch (final javax.jms.JMSException ex)
        {
            throw new IllegalStateException(ex);
        }
    }
}
