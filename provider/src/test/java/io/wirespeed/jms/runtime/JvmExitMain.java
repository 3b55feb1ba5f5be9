package io.wirespeed.jms.runtime;

import javax.jms.Connection;
import javax.jms.JMSContext;
import javax.jms.Session;

import io.wirespeed.jms.JmsConnectionFactory;

/**
 * An application's {@code main} that uses the default runtime (a topic send, a queue send and receive, a context)
 * and returns without closing the runtime or calling {@code System.exit}, or, with the argument {@code throw},
 * ends by throwing: either way its JVM must end, as it would with no Wirespeed connection left open.
 */
public final class JvmExitMain
{
    private JvmExitMain()
    {
    }

    /**
     * @param args the connection URI, then optionally {@code throw}.
     * @throws Exception if JMS fails, or when asked to throw.
     */
    public static void main(final String[] args) throws Exception
    {
        final JmsConnectionFactory factory = new JmsConnectionFactory(args[0]);
        try (Connection connection = factory.createConnection())
        {
            connection.start();
            final Session session = connection.createSession();
            session.createProducer(session.createTopic("exit.topic")).send(session.createTextMessage("t"));
            final javax.jms.Queue queue = session.createQueue("exit.queue");
            session.createProducer(queue).send(session.createTextMessage("q"));
            if (null == session.createConsumer(queue).receive(20_000))
            {
                throw new IllegalStateException("the queue message did not arrive");
            }
        }
        try (JMSContext context = factory.createContext())
        {
            context.createProducer().send(context.createTopic("exit.topic"), "c");
        }
        System.out.println("main returns");
        if (args.length > 1 && "throw".equals(args[1]))
        {
            throw new IllegalStateException("main ends by throwing, as an application may");
        }
    }
}
