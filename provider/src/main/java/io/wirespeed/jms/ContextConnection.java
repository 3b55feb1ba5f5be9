package io.wirespeed.jms;

import javax.jms.Connection;

import io.wirespeed.jms.exceptions.JmsExceptions;

/**
 * The connection the contexts made by one {@code ConnectionFactory.createContext} and its
 * {@code JMSContext.createContext} calls share, and the number of them open: the last to release it closes it.
 */
final class ContextConnection
{
    private final Connection connection;
    private int contexts = 1;

    /**
     * Shares a connection, owned by the first context.
     *
     * @param connection the connection.
     */
    ContextConnection(final Connection connection)
    {
        this.connection = connection;
    }

    /** @return the classic connection. */
    Connection connection()
    {
        return connection;
    }

    /** Counts another context sharing the connection; refused once the last has released it. */
    synchronized void retain()
    {
        if (0 == contexts)
        {
            throw JmsExceptions.toRuntime(JmsExceptions.closed("connection"));
        }
        contexts++;
    }

    /** Releases one context's share; the last closes the connection. */
    void release()
    {
        synchronized (this)
        {
            if (--contexts > 0)
            {
                return;
            }
        }
        RuntimeCalls.run(connection::close);
    }
}
