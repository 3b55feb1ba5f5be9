package io.wirespeed.it.child;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;

import io.wirespeed.jms.JmsConnectionFactory;

/**
 * A publisher process for a family of topics: publishes a text message naming its topic and a sequence number (also
 * in the properties {@code seq} and {@code even}) to each of its topics every 20 ms, and starts on another topic when
 * told, until its input closes.
 * <p>
 * Arguments: {@code <connection URI> <topic>...}. Input lines: {@code ADD <topic>} publishes to one more topic and
 * answers {@code ADDED <topic>}. Prints {@code PUBLISHING} once it has sent to each first topic, {@code CLOSED}
 * at the end, and exits 0.
 */
public final class TopicFamilyPublisherMain
{
    private TopicFamilyPublisherMain()
    {
    }

    /**
     * Runs the publisher.
     *
     * @param args connection URI, then topic names.
     * @throws Exception if JMS fails; the JVM then exits non-zero.
     */
    public static void main(final String[] args) throws Exception
    {
        final List<String> topics = new CopyOnWriteArrayList<>(List.of(args).subList(1, args.length));
        final List<String> added = new CopyOnWriteArrayList<>();
        final Thread input = new Thread(() ->
        {
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)))
            {
                String line;
                while ((line = reader.readLine()) != null)
                {
                    if (line.startsWith("ADD "))
                    {
                        added.add(line.substring(4));
                    }
                }
            }
            catch (final Exception ex)
            {
                Protocol.say("INPUT failed " + ex);
            }
        }, "input");
        input.start();

        try (Connection connection = new JmsConnectionFactory(args[0]).createConnection())
        {
            final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final MessageProducer producer = session.createProducer(null);
            producer.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
            long sequence = 0;
            boolean announced = false;
            while (input.isAlive())
            {
                while (!added.isEmpty())
                {
                    final String topic = added.remove(0);
                    topics.add(topic);
                    Protocol.say("ADDED " + topic);
                }
                for (final String topic : topics)
                {
                    final TextMessage message = session.createTextMessage(topic + " " + sequence);
                    message.setLongProperty("seq", sequence);
                    message.setBooleanProperty("even", sequence % 2 == 0);
                    producer.send(session.createTopic(topic), message);
                }
                sequence++;
                if (!announced)
                {
                    announced = true;
                    Protocol.say("PUBLISHING");
                }
                Thread.sleep(20);
            }
        }
        Protocol.say("CLOSED");
        System.exit(0);
    }
}
