package io.wirespeed.jms.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import javax.jms.Connection;
import javax.jms.IllegalStateException;
import javax.jms.Session;
import javax.jms.TextMessage;
import javax.jms.Topic;

import org.junit.jupiter.api.Test;

import io.wirespeed.jms.JmsConnection;
import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.test.Await;

/**
 * A runtime the application holds: its factories' connections are views on it, and closing it closes them and its
 * embedded driver (the last user of the driver's directory).
 */
class WirespeedRuntimeTest
{
    private static final String URI = "wirespeed:ipc?aeronDir=/dev/shm/wirespeed-runtime-test-" +
        ProcessHandle.current().pid();

    @Test
    void connectionsOfAnOwnedRuntimeWorkAndCloseWithIt() throws Exception
    {
        final WirespeedRuntime runtime = WirespeedRuntime.start(URI);
        final JmsConnectionFactory factory = runtime.connectionFactory();
        final Connection connection = factory.createConnection();
        assertEquals(runtime, ((JmsConnection)connection).runtime());
        assertFalse(runtime.isShared());
        final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Topic topic = session.createTopic("runtime.test");
        final javax.jms.MessageConsumer consumer = session.createConsumer(topic);
        connection.start();
        try (Connection sending = factory.createConnection())
        {
            final Session sendingSession = sending.createSession(false, Session.AUTO_ACKNOWLEDGE);
            sendingSession.createProducer(topic).send(sendingSession.createTextMessage("hello"));
        }
        final TextMessage received = (TextMessage)consumer.receive(5_000);
        assertNotNull(received);
        assertEquals("hello", received.getText());
        assertEquals(1, runtime.connectionCount());
        final Path directory = Path.of(runtime.metrics().driverStatus().orElseThrow().driverDirectory());
        assertTrue(Files.exists(directory));

        runtime.close();

        assertTrue(runtime.isClosed());
        assertThrows(IllegalStateException.class, () -> connection.createSession(false, Session.AUTO_ACKNOWLEDGE));
        assertThrows(IllegalStateException.class, factory::createConnection);
        Await.until("the embedded driver's directory to go with its last user", () -> !Files.exists(directory));
    }

    @Test
    void aFactoryOnARuntimeMustNameItsDriverSettings() throws Exception
    {
        try (WirespeedRuntime runtime = WirespeedRuntime.start(URI))
        {
            final IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> runtime.connectionFactory(URI + "&threading=dedicated"));
            assertTrue(refused.getMessage().contains("other driver settings"), refused.getMessage());
            runtime.connectionFactory(URI + "&linger=1s").createConnection().close();
        }
    }
}
