package io.wirespeed.jms.durable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.jms.Connection;
import javax.jms.InvalidDestinationException;
import javax.jms.InvalidDestinationRuntimeException;
import javax.jms.InvalidSelectorException;
import javax.jms.JMSContext;
import javax.jms.JMSException;
import javax.jms.Queue;
import javax.jms.Session;
import javax.jms.TextMessage;
import javax.jms.Topic;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.jms.transport.SharedTransports;

/**
 * The text fields of the control protocol (queue and topic names, selectors, a subscription's client id and name)
 * hold at most 65,535 bytes of UTF-8: longer text is refused with the JMS exception for its kind, naming the limit,
 * never the codec's own exception; and the host's refusals that quote such text still reach the client.
 */
class ControlFieldLimitsTest
{
    private static final String LIMIT = "65535";
    private static final String TOO_LONG = "x".repeat(100_000);
    private static int counter;

    @TempDir
    Path archiveDir;

    private final List<Connection> connections = new ArrayList<>();
    private Session session;

    private Connection connection(final String clientId) throws JMSException
    {
        final Connection connection =
            new JmsConnectionFactory("wirespeed:ipc?archiveDir=" + archiveDir).createConnection();
        connections.add(connection);
        if (null != clientId)
        {
            connection.setClientID(clientId);
        }
        connection.start();
        return connection;
    }

    private static synchronized String unique(final String what)
    {
        return "limits." + what + "." + ProcessHandle.current().pid() + "." + (++counter);
    }

    @BeforeEach
    void open() throws JMSException
    {
        SharedTransports.closeEmbeddedHosts();
        session = connection(unique("client")).createSession();
    }

    @AfterEach
    void close() throws JMSException
    {
        for (final Connection connection : connections)
        {
            connection.close();
        }
        connections.clear();
        SharedTransports.closeEmbeddedHosts();
    }

    @Test
    void aSelectorLongerThanTheQueueHostTakesIsAnInvalidSelectorExceptionNamingTheLimit() throws Exception
    {
        final String selector = "colour = '" + TOO_LONG + "'";
        final Queue queue = session.createQueue(unique("queue"));
        final Topic topic = session.createTopic(unique("topic"));

        assertNamesLimit(assertThrows(InvalidSelectorException.class, () -> session.createConsumer(queue, selector)));
        assertNamesLimit(assertThrows(InvalidSelectorException.class,
            () -> session.createBrowser(queue, selector).getEnumeration()));
        assertNamesLimit(assertThrows(InvalidSelectorException.class,
            () -> session.createSharedConsumer(topic, "shared", selector)));
        assertNamesLimit(assertThrows(InvalidSelectorException.class,
            () -> session.createDurableConsumer(topic, "durable", selector, false)));

        session.createProducer(queue).send(session.createTextMessage("still served"));
        final TextMessage received = (TextMessage)session.createConsumer(queue).receive(5_000);
        assertNotNull(received, "the queue host stopped serving after the refusals");
        assertEquals("still served", received.getText());
    }

    @Test
    void aDestinationNameLongerThanTheProtocolTakesIsRefusedWhereTheDestinationIsCreated()
    {
        assertNamesLimit(assertThrows(InvalidDestinationException.class, () -> session.createQueue("q" + TOO_LONG)));
        assertNamesLimit(assertThrows(InvalidDestinationException.class, () -> session.createTopic("t" + TOO_LONG)));
        try (JMSContext context = new JmsConnectionFactory("wirespeed:ipc?archiveDir=" + archiveDir).createContext())
        {
            assertNamesLimit(
                assertThrows(InvalidDestinationRuntimeException.class, () -> context.createQueue("q" + TOO_LONG)));
        }
    }

    @Test
    void aSubscriptionNameOrClientIdLongerThanTheProtocolTakesIsAJmsExceptionNamingTheLimit() throws Exception
    {
        final Topic topic = session.createTopic(unique("topic"));

        assertNamesLimit(assertThrows(JMSException.class, () -> session.createSharedConsumer(topic, TOO_LONG)));
        assertNamesLimit(assertThrows(JMSException.class, () -> session.createDurableConsumer(topic, TOO_LONG)));
        assertNamesLimit(assertThrows(JMSException.class, () -> session.unsubscribe(TOO_LONG)));
        final Session longClientId = connection(TOO_LONG).createSession();
        assertNamesLimit(assertThrows(JMSException.class, () -> longClientId.createDurableConsumer(topic, "d")));
    }

    @Test
    void theHostsRefusalQuotingANameNearTheLimitStillReachesTheClient() throws Exception
    {
        final Topic topic = session.createTopic(unique("topic"));
        final String name = "n".repeat(65_400);
        session.createDurableConsumer(topic, name);

        final JMSException refused = assertThrows(JMSException.class, () -> session.createDurableConsumer(topic, name));
        final String message = refused.getMessage();
        final String shown = message.length() < 300 ? message : message.substring(0, 300) + "...";
        assertTrue(message.startsWith("durable subscription '") && message.contains("nnn..."), shown);
        assertFalse(message.contains("no queue host answered"), shown);
    }

    private static void assertNamesLimit(final Exception refusal)
    {
        final String message = refusal.getMessage().replace(",", "");
        assertTrue(message.contains(LIMIT) && message.contains("bytes of UTF-8"), message);
    }
}
