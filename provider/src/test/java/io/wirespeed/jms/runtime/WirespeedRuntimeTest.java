package io.wirespeed.jms.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import javax.jms.Connection;
import javax.jms.IllegalStateException;
import javax.jms.Queue;
import javax.jms.Session;
import javax.jms.TextMessage;
import javax.jms.Topic;

import org.junit.jupiter.api.Test;

import io.wirespeed.jms.JmsConnection;
import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.test.Await;
import io.wirespeed.test.DriverDirectories;

/**
 * A runtime the application holds: its factories' connections are views on it, and closing it closes them and its
 * embedded driver, with the queue host beside it (the last user of the driver's directory); two runtimes on one
 * directory share the driver and host until the last closes.
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

    @Test
    void aRuntimeClosedByTheApplicationLeavesNoEmbeddedDriverOrHostRunning() throws Exception
    {
        final String aeronDir = DriverDirectories.unique("runtime-closed");
        final String uri = "wirespeed:ipc?archive=off&aeronDir=" + aeronDir;
        try
        {
            final String queueName = "runtime.closed." + System.nanoTime();
            final WirespeedRuntime runtime = WirespeedRuntime.start(uri);
            send(runtime, queueName, "left in the host");
            assertTrue(Files.isDirectory(Path.of(aeronDir)));

            runtime.close();

            Await.until("the embedded driver, held by the queue host too, to stop with the runtime",
                () -> !Files.exists(Path.of(aeronDir)));
            try (WirespeedRuntime next = WirespeedRuntime.start(uri))
            {
                assertNull(receive(next, queueName, 500), "the next runtime has a fresh queue host");
            }
            Await.until("the next runtime's driver to stop with it", () -> !Files.exists(Path.of(aeronDir)));
        }
        finally
        {
            DriverDirectories.delete(aeronDir);
        }
    }

    @Test
    void twoRuntimesOnOneDirectoryShareOneDriverAndHostUntilTheLastCloses() throws Exception
    {
        final String aeronDir = DriverDirectories.unique("runtime-shared");
        final String uri = "wirespeed:ipc?archive=off&aeronDir=" + aeronDir;
        try
        {
            final String queueName = "runtime.shared." + System.nanoTime();
            final WirespeedRuntime first = WirespeedRuntime.start(uri);
            final WirespeedRuntime second = WirespeedRuntime.start(uri + "&idle=sleeping");
            send(first, queueName, "through the first");

            first.close();

            assertTrue(Files.isDirectory(Path.of(aeronDir)), "the second runtime still holds the driver");
            final TextMessage received = receive(second, queueName, 5_000);
            assertNotNull(received, "the second runtime reaches the one queue host the first sent to");
            assertEquals("through the first", received.getText());

            second.close();

            Await.until("the driver and host to stop with the last runtime on the directory",
                () -> !Files.exists(Path.of(aeronDir)));
        }
        finally
        {
            DriverDirectories.delete(aeronDir);
        }
    }

    private static void send(final WirespeedRuntime runtime, final String queueName, final String text)
        throws Exception
    {
        try (Connection connection = runtime.connectionFactory().createConnection())
        {
            final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            session.createProducer(session.createQueue(queueName)).send(session.createTextMessage(text));
        }
    }

    private static TextMessage receive(final WirespeedRuntime runtime, final String queueName, final long timeoutMs)
        throws Exception
    {
        try (Connection connection = runtime.connectionFactory().createConnection())
        {
            connection.start();
            final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Queue queue = session.createQueue(queueName);
            return (TextMessage)session.createConsumer(queue).receive(timeoutMs);
        }
    }
}
