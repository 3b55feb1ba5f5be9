package io.wirespeed.transport;

/**
 * A transport could not be set up or used: bad configuration, an environment that lacks what
 * the transport needs, or a resource that failed. The message names the setting to change.
 */
public class TransportException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /**
     * @param message what went wrong and which setting to change.
     */
    public TransportException(final String message)
    {
        super(message);
    }

    /**
     * @param message what went wrong and which setting to change.
     * @param cause   the underlying failure.
     */
    public TransportException(final String message, final Throwable cause)
    {
        super(message, cause);
    }
}
