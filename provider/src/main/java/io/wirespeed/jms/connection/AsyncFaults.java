package io.wirespeed.jms.connection;

import javax.jms.ExceptionListener;
import javax.jms.JMSException;

import io.wirespeed.jms.JmsConnection;
import io.wirespeed.jms.exceptions.JmsExceptions;
import io.wirespeed.transport.TransportException;

/**
 * Where a connection's asynchronous faults go: the application's {@link ExceptionListener}, while the connection
 * is open. Transport faults arrive here too, named with the connection's URI.
 */
public final class AsyncFaults
{
    private final JmsConnection connection;
    private volatile ExceptionListener listener;

    /**
     * @param connection the connection whose faults these are.
     */
    public AsyncFaults(final JmsConnection connection)
    {
        this.connection = connection;
    }

    /** @return the exception listener, or null. */
    public ExceptionListener listener()
    {
        return listener;
    }

    /**
     * Sets the exception listener.
     *
     * @param listener the listener, or null for none.
     */
    public void listener(final ExceptionListener listener)
    {
        this.listener = listener;
    }

    /**
     * Reports a fault to the exception listener, if one is set and the connection is open.
     *
     * @param exception the fault.
     */
    public void report(final JMSException exception)
    {
        final ExceptionListener listener = this.listener;
        if (listener != null && !connection.isClosed())
        {
            listener.onException(exception);
        }
    }

    /**
     * Reports a fault of the connection's transport.
     *
     * @param error the fault.
     */
    void onTransportError(final TransportException error)
    {
        report(JmsExceptions.wrap(
            "transport fault on '" + connection.config().shownUri() + "': " + error.getMessage(), error));
    }
}
