package io.wirespeed.it.durable;

import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.Destination;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;

import io.wirespeed.jms.JmsConnectionFactory;

/**
 * A child JVM of the durability tests, one role per run, talking on stdout one line per event:
 * <ul>
 *   <li>{@code publish <uri> topic|queue <name> <from> <to>}: sends PERSISTENT text messages "from".."to"
 *       and prints {@code sent <n>} once each send has returned;</li>
 *   <li>{@code subscribe <uri> <clientId> <topic> <last>}: opens the durable subscription "durable"
 *       (retrying while an earlier consumer is still active), prints {@code ready}, then receives in
 *       CLIENT_ACKNOWLEDGE mode until message "last", printing {@code got <n> <redelivered>}, then
 *       {@code acking <n>} before and {@code acked <n>} after acknowledging each; with last = -1 it only
 *       creates the subscription;</li>
 *   <li>{@code consume <uri> <queue> <last>}: receives from a queue until message "last", printing
 *       {@code got <n> <redelivered>}.</li>
 * </ul>
 * Prints {@code done} and exits 0 when finished, 1 on failure.
 */
public final class DurableClientMain
{
    private DurableClientMain()
    {
    }

    /**
     * @param args the role and its arguments.
     * @throws Exception on failure.
     */
    public static void main(final String[] args) throws Exception
    {
        final Connection connection = new JmsConnectionFactory(args[1]).createConnection();
        try
        {
            switch (args[0])
            {
                case "publish" ->
                    publish(connection, args[2], args[3], Integer.parseInt(args[4]), Integer.parseInt(args[5]));
                case "subscribe" -> subscribe(connection, args[2], args[3], Integer.parseInt(args[4]));
                case "consume" -> consume(connection, args[2], Integer.parseInt(args[3]));
                default -> throw new IllegalArgumentException("unknown role " + args[0]);
            }
            System.out.println("done");
            System.out.flush();
        }
        finally
        {
            connection.close();
        }
        System.exit(0);
    }

    private static void publish(
        final Connection connection, final String kind, final String name, final int from, final int to)
        throws JMSException
    {
        final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Destination destination = "queue".equals(kind) ? session.createQueue(name) : session.createTopic(name);
        final MessageProducer producer = session.createProducer(destination);
        producer.setDeliveryMode(DeliveryMode.PERSISTENT);
        for (int i = from; i <= to; i++)
        {
            producer.send(session.createTextMessage(Integer.toString(i)));
            System.out.println("sent " + i);
        }
        System.out.flush();
    }

    private static void subscribe(
        final Connection connection, final String clientId, final String topic, final int last) throws Exception
    {
        connection.setClientID(clientId);
        connection.start();
        final Session session = connection.createSession(false, Session.CLIENT_ACKNOWLEDGE);
        final MessageConsumer consumer = openRetrying(session, topic);
        System.out.println("ready");
        System.out.flush();
        if (last < 0)
        {
            consumer.close();
            return;
        }
        while (true)
        {
            final Message message = consumer.receive(30_000);
            if (message == null)
            {
                throw new IllegalStateException("no message within 30 s");
            }
            final int i = Integer.parseInt(((javax.jms.TextMessage)message).getText());
            System.out.println("got " + i + " " + message.getJMSRedelivered());
            System.out.println("acking " + i);
            message.acknowledge();
            System.out.println("acked " + i);
            if (i == last)
            {
                return;
            }
        }
    }

    private static MessageConsumer openRetrying(final Session session, final String topic) throws Exception
    {
        final long deadline = System.nanoTime() + 30_000_000_000L;
        while (true)
        {
            try
            {
                return session.createDurableSubscriber(session.createTopic(topic), "durable");
            }
            catch (final JMSException ex)
            {
                if (System.nanoTime() > deadline || !ex.getMessage().contains("active consumer"))
                {
                    throw ex;
                }
                Thread.sleep(100);
            }
        }
    }

    private static void consume(final Connection connection, final String queue, final int last) throws Exception
    {
        connection.start();
        final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final MessageConsumer consumer = session.createConsumer(session.createQueue(queue));
        while (true)
        {
            final Message message = consumer.receive(30_000);
            if (message == null)
            {
                throw new IllegalStateException("no message within 30 s");
            }
            final int i = Integer.parseInt(((javax.jms.TextMessage)message).getText());
            System.out.println("got " + i + " " + message.getJMSRedelivered());
            if (i == last)
            {
                return;
            }
        }
    }
}
