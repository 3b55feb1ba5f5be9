package io.wirespeed.jms;

import static io.wirespeed.jms.ReceiveAssertions.assertNextText;
import static org.junit.jupiter.api.Assertions.assertEquals;

import javax.jms.Connection;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.Topic;

import org.junit.jupiter.api.Test;

import io.wirespeed.jms.config.ConnectionUri;
import io.wirespeed.jms.config.TopicRouting;

class TopicCollisionTest extends JmsTestSupport
{
    @Test
    void topicsSharingAStreamIdNeverDeliverToEachOthersConsumers() throws Exception
    {
        final String uri = "wirespeed:ipc?streamIdBase=5000&streamIdRange=1";
        final TopicRouting routing = new TopicRouting(ConnectionUri.parse(uri));
        assertEquals(routing.streamId("collide.a"), routing.streamId("collide.b"));

        final Connection connection = connection(uri);
        connection.start();
        final Session session = connection.createSession();
        final Topic a = session.createTopic("collide.a");
        final Topic b = session.createTopic("collide.b");
        final MessageConsumer consumerA = session.createConsumer(a);
        final MessageConsumer consumerB = session.createConsumer(b);
        final MessageProducer producer = session.createProducer(null);

        producer.send(a, session.createTextMessage("for a"));
        producer.send(b, session.createTextMessage("for b"));
        producer.send(a, session.createTextMessage("for a again"));

        producer.send(a, session.createTextMessage("end of a"));
        producer.send(b, session.createTextMessage("end of b"));

        assertNextText(consumerA, "for a", "the first message for a");
        assertNextText(consumerA, "for a again", "not the message for b between them");
        assertNextText(consumerA, "end of a", "nothing of b");
        assertNextText(consumerB, "for b", "not the messages for a before it");
        assertNextText(consumerB, "end of b", "nothing of a");
    }
}
