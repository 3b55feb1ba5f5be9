package io.wirespeed.it.embedded;

import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;

import io.wirespeed.jms.JmsConnectionFactory;

/**
 * A child JVM that uses queues as a JmsTemplate without a caching factory does, a connection per
 * operation, on the embedded driver with {@code archive=on} and the default archive directory; it prints
 * one line per event and ends by returning from {@code main}, as an application does:
 * <ul>
 *   <li>{@code send <queue> <count>}: sends PERSISTENT messages "0".."count-1", printing {@code sent <n>};</li>
 *   <li>{@code receive <queue> <count>}: receives up to count messages, printing {@code got <text>}, or
 *       {@code none} once nothing comes within 5 s.</li>
 * </ul>
 * Prints {@code done} at the end.
 */
public class ApplicationMain
{
    static final String URI = "wirespeed:ipc?archive=on";

    ApplicationMain()
    {
    }

    /**
     * @param args the role and its arguments.
     * @throws JMSException on failure.
     */
    public static void main(final String[] args) throws JMSException
    {
        final String queue = args[1];
        final int count = Integer.parseInt(args[2]);
        for (int i = 0; i < count; i++)
        {
            if ("send".equals(args[0]))
            {
                send(queue, Integer.toString(i));
                System.out.println("sent " + i);
            }
            else
            {
                final String text = receive(queue);
                System.out.println(text == null ? "none" : "got " + text);
                if (text == null)
                {
                    break;
                }
            }
        }
        System.out.println("done");
        System.out.flush();
    }

    private static void send(final String queue, final String text) throws JMSException
    {
        try (Connection connection = new JmsConnectionFactory(URI).createConnection())
        {
            final Session session = connection.createSession(Session.SESSION_TRANSACTED);
            final MessageProducer producer = session.createProducer(session.createQueue(queue));
            producer.setDeliveryMode(DeliveryMode.PERSISTENT);
            producer.send(session.createTextMessage(text));
            session.commit();
        }
    }

    private static String receive(final String queue) throws JMSException
    {
        try (Connection connection = new JmsConnectionFactory(URI).createConnection())
        {
            connection.start();
            final Session session = connection.createSession(Session.SESSION_TRANSACTED);
            final TextMessage message = (TextMessage)session.createConsumer(session.createQueue(queue)).receive(5_000);
            session.commit();
            return message == null ? null : message.getText();
        }
    }
}
