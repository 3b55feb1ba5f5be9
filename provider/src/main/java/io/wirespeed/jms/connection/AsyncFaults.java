package io.wirespeed.jms.connection;

import java.util.function.BooleanSupplier;

import javax.jms.ExceptionListener;
import javax.jms.JMSException;

/**
 * Where a connection's asynchronous faults go: the application's {@link ExceptionListener}, while the connection
 * is open. Transport faults arrive here too, from the runtime, named with its URI.
 */
public final class AsyncFaults
{
    private final BooleanSupplier closed;
    private volatile ExceptionListener listener;

    /**
     * @param closed whether the connection whose faults these are has closed.
     */
    public AsyncFaults(final BooleanSupplier closed)
    {
        this.closed = closed;
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
        if (listener != null && !closed.getAsBoolean())
        {
            listener.onException(exception);
        }
    }
}
