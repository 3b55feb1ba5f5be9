package io.wirespeed.jms;

import static io.wirespeed.jms.ReceiveAssertions.assertNextText;
import static io.wirespeed.jms.ReceiveAssertions.receiveAmong;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import javax.jms.Connection;
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
        final List<List<String>> shared = receiveAmong(count, shared1, shared2);
        assertTrue(!shared.get(0).isEmpty() && !shared.get(1).isEmpty(),
            shared.get(0).size() + "/" + shared.get(1).size());
        for (int i = 0; i < count; i++)
        {
            assertEquals("w" + i, ((TextMessage)plain.receive(5_000)).getText());
        }
        producer.send(s1.createTextMessage("end"));
        assertNextText(plain, "end", "every message once");
        assertEquals(List.of("end"), receiveAmong(1, shared1, shared2).stream().flatMap(List::stream).toList(),
            "the shared subscription had every message once");
    }
}
