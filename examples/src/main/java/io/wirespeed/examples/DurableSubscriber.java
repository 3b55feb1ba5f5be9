package io.wirespeed.examples;

import java.nio.file.Files;
import java.nio.file.Path;

import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;
import javax.jms.Topic;

import io.wirespeed.jms.JmsConnectionFactory;

/**
 * Durability in one page: a durable subscriber goes away, messages are published while it is gone,
 * and when it comes back (same client id, same subscription name) it gets every one of them, in
 * order, from the archive. The embedded driver starts its archive on first need; here in a
 * temporary directory ({@code archiveDir}).
 */
public final class DurableSubscriber
{
    private DurableSubscriber()
    {
    }

    /**
     * @param args unused.
     * @throws Exception if JMS fails.
     */
    public static void main(final String[] args) throws Exception
    {
        final Path archive = Files.createTempDirectory("wirespeed-archive");
        final String uri = "wirespeed:ipc?archiveDir=" + archive;
        try (Connection publisher = new JmsConnectionFactory(uri).createConnection();
            Connection subscriber = new JmsConnectionFactory(uri).createConnection())
        {
            subscriber.setClientID("billing");
            subscriber.start();
            final Session subscriberSession = subscriber.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Topic topic = subscriberSession.createTopic("orders");
            MessageConsumer consumer = subscriberSession.createDurableSubscriber(topic, "invoices");
            consumer.close();                                   // the subscriber goes away

            final Session publisherSession = publisher.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final MessageProducer producer = publisherSession.createProducer(topic);  // PERSISTENT by default
            for (int i = 1; i <= 3; i++)
            {
                producer.send(publisherSession.createTextMessage("order " + i)); // returns once archived
            }

            consumer = subscriberSession.createDurableSubscriber(topic, "invoices");  // back again
            for (int i = 1; i <= 3; i++)
            {
                System.out.println("received while away: " + text(consumer));
            }
            consumer.close();
            subscriberSession.unsubscribe("invoices");          // the archive stops keeping them
        }
    }

    private static String text(final MessageConsumer consumer) throws JMSException
    {
        final TextMessage message = (TextMessage)consumer.receive(5_000);
        return message == null ? "(nothing)" : message.getText();
    }
}
