package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;

import javax.jms.JMSConsumer;
import javax.jms.JMSContext;
import javax.jms.Queue;
import javax.jms.Topic;

import org.junit.jupiter.api.Test;

/**
 * {@code JMSProducer.send(Destination, byte[])} sends the caller's array as the body without copying it into a
 * message first, which is safe only because the message is encoded before send returns: what arrives is the array
 * as it was at send, whatever the caller does with it afterwards, in every session mode.
 */
class ProducerBodyArrayTest extends JmsTestSupport
{
    @Test
    void aTopicReceivesTheArrayAsItWasAtSend()
    {
        try (JMSContext context = new JmsConnectionFactory("wirespeed:ipc").createContext())
        {
            final Topic topic = context.createTopic(uniqueTopic());
            final JMSConsumer consumer = context.createConsumer(topic);
            final byte[] body = {1, 2, 3, 4, 5};
            context.createProducer().send(topic, body);
            Arrays.fill(body, (byte)9);
            assertArrayEquals(new byte[] {1, 2, 3, 4, 5}, consumer.receiveBody(byte[].class, 10_000));
        }
    }

    @Test
    void aTransactedSendKeepsTheArrayAsItWasAtSendUntilCommit()
    {
        try (JMSContext context =
            new JmsConnectionFactory("wirespeed:ipc").createContext(JMSContext.SESSION_TRANSACTED))
        {
            final Queue queue = context.createQueue("test.body." + uniqueTopic());
            final byte[] body = new byte[1_000];
            Arrays.fill(body, (byte)7);
            context.createProducer().send(queue, body);
            Arrays.fill(body, (byte)9);
            context.commit();
            final JMSConsumer consumer = context.createConsumer(queue);
            final byte[] expected = new byte[1_000];
            Arrays.fill(expected, (byte)7);
            assertArrayEquals(expected, consumer.receiveBody(byte[].class, 10_000));
            context.commit();
        }
    }
}
