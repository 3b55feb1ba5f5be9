package io.wirespeed.jms;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import javax.jms.Connection;
import javax.jms.JMSException;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assertions;

/**
 * Shared plumbing for provider tests: connections on the default (embedded IPC) factory, closed
 * after each test, unique topic names, and waiting on a condition with a deadline.
 */
abstract class JmsTestSupport
{
    private static int topicCounter;
    private final java.util.List<Connection> connections = new java.util.ArrayList<>();

    /** @return a new connection on the default URI, closed after the test. */
    Connection connection() throws JMSException
    {
        return connection("wirespeed:ipc");
    }

    /**
     * @param uri the factory URI.
     * @return a new connection, closed after the test.
     */
    Connection connection(final String uri) throws JMSException
    {
        final Connection connection = new JmsConnectionFactory(uri).createConnection();
        connections.add(connection);
        return connection;
    }

    /** @return a topic name no other test uses. */
    static synchronized String uniqueTopic()
    {
        return "test.topic." + ProcessHandle.current().pid() + "." + (++topicCounter);
    }

    /**
     * Waits until the condition holds, failing after the deadline.
     *
     * @param condition what to wait for.
     * @param what      description for the failure.
     */
    static void awaitTrue(final BooleanSupplier condition, final String what)
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean())
        {
            if (System.nanoTime() > deadline)
            {
                Assertions.fail("timed out waiting for " + what);
            }
            Thread.onSpinWait();
            Thread.yield();
        }
    }

    @AfterEach
    void closeConnections() throws JMSException
    {
        for (final Connection connection : connections)
        {
            connection.close();
        }
        connections.clear();
    }
}
