package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;

import javax.jms.Connection;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;
import javax.jms.Topic;

import org.junit.jupiter.api.Test;

class SharedSubscriptionTest extends JmsTestSupport
{
    @Test
    void eachMessageGoesToOneConsumerOfASharedSubscriptionAndToEveryPlainSubscriber() throws Exception
    {
        final Connection first = connection();
        final Connection second = connection();
        first.start();
        second.start();
        final Session s1 = first.createSession();
        final Session s2 = second.createSession();
        final Topic topic = s1.createTopic(uniqueTopic());
        final MessageConsumer shared1 = s1.createSharedConsumer(topic, "workers");
        final MessageConsumer shared2 = s2.createSharedConsumer(topic, "workers");
        final MessageConsumer plain = s2.createConsumer(topic);
        final MessageProducer producer = first.createSession().createProducer(topic);
        final int count = 200;
        for (int i = 0; i < count; i++)
        {
            producer.send(s1.createTextMessage("w" + i));
        }
        final Set<String> shared = new HashSet<>();
        int fromFirst = 0;
        int fromSecond = 0;
        while (shared.size() < count)
        {
            final Message a = shared1.receive(20);
            final Message b = shared2.receive(20);
            if (a != null)
            {
                assertTrue(shared.add(((TextMessage)a).getText()));
                fromFirst++;
            }
            if (b != null)
            {
                assertTrue(shared.add(((TextMessage)b).getText()));
                fromSecond++;
            }
            if (a == null && b == null)
            {
                break;
            }
        }
        assertEquals(count, shared.size());
        assertTrue(fromFirst > 0 && fromSecond > 0, fromFirst + "/" + fromSecond);
        for (int i = 0; i < count; i++)
        {
            assertEquals("w" + i, ((TextMessage)plain.receive(5_000)).getText());
        }
        assertNull(plain.receiveNoWait());
    }
}
