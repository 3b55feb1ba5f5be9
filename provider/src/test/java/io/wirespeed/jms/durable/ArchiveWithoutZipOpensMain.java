package io.wirespeed.jms.durable;

import javax.jms.Connection;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;
import javax.jms.Topic;

import io.wirespeed.jms.JmsConnectionFactory;

/**
 * A durable subscription's round trip through the archive, in a JVM of its own started without
 * {@code --add-opens java.base/java.util.zip}: subscribes, goes away, misses a message, comes back and receives it
 * from the archive. Prints {@code caught up} when it did; any failure ends the JVM with its stack trace.
 */
public final class ArchiveWithoutZipOpensMain
{
    private ArchiveWithoutZipOpensMain()
    {
    }

    /**
     * @param args the connection URI.
     * @throws Exception if JMS fails.
     */
    public static void main(final String[] args) throws Exception
    {
        final JmsConnectionFactory factory = new JmsConnectionFactory(args[0]);
        try (Connection publisher = factory.createConnection())
        {
            final Session publishing = publisher.createSession();
            final Topic topic = publishing.createTopic("zip.opens");
            final MessageProducer producer = publishing.createProducer(topic);
            try (Connection subscriber = factory.createConnection())
            {
                subscriber.setClientID("zip");
                subscriber.createSession().createDurableConsumer(topic, "sub").close();
            }
            producer.send(publishing.createTextMessage("while away"));
            try (Connection subscriber = factory.createConnection())
            {
                subscriber.setClientID("zip");
                subscriber.start();
                final MessageConsumer consumer = subscriber.createSession().createDurableConsumer(topic, "sub");
                final TextMessage message = (TextMessage)consumer.receive(20_000);
                System.out.println(null != message && "while away".equals(message.getText()) ? "caught up" :
                    "missed: " + message);
            }
        }
        System.exit(0);
    }
}
