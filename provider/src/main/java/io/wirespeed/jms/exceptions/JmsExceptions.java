package io.wirespeed.jms.exceptions;

import javax.jms.IllegalStateException;
import javax.jms.IllegalStateRuntimeException;
import javax.jms.InvalidClientIDException;
import javax.jms.InvalidClientIDRuntimeException;
import javax.jms.InvalidDestinationException;
import javax.jms.InvalidDestinationRuntimeException;
import javax.jms.InvalidSelectorException;
import javax.jms.InvalidSelectorRuntimeException;
import javax.jms.JMSException;
import javax.jms.JMSRuntimeException;
import javax.jms.JMSSecurityException;
import javax.jms.JMSSecurityRuntimeException;
import javax.jms.MessageFormatException;
import javax.jms.MessageFormatRuntimeException;
import javax.jms.MessageNotWriteableException;
import javax.jms.MessageNotWriteableRuntimeException;
import javax.jms.ResourceAllocationException;
import javax.jms.ResourceAllocationRuntimeException;
import javax.jms.TransactionInProgressException;
import javax.jms.TransactionInProgressRuntimeException;
import javax.jms.TransactionRolledBackException;
import javax.jms.TransactionRolledBackRuntimeException;

/**
 * The JMS exceptions the provider throws: the unchecked form of a checked {@link JMSException} for the simplified
 * API, and the checked exceptions for a closed object or an unexpected failure, each with a message that says
 * what to do.
 */
public final class JmsExceptions
{
    private JmsExceptions()
    {
    }

    /**
     * Converts a checked JMS exception to the {@link JMSRuntimeException} subclass the specification pairs with it,
     * keeping its message and error code and linking it as the cause.
     * <p>
     * {@code MessageEOFException} and {@code MessageNotReadableException} have no unchecked form in JMS 2.0 and,
     * like any other class, become a plain {@link JMSRuntimeException}.
     *
     * @param ex the checked exception, not null.
     * @return the unchecked exception to throw.
     */
    public static JMSRuntimeException toRuntime(final JMSException ex)
    {
        final String message = ex.getMessage();
        final String errorCode = ex.getErrorCode();
        if (ex instanceof IllegalStateException)
        {
            return new IllegalStateRuntimeException(message, errorCode, ex);
        }
        if (ex instanceof InvalidDestinationException)
        {
            return new InvalidDestinationRuntimeException(message, errorCode, ex);
        }
        if (ex instanceof InvalidSelectorException)
        {
            return new InvalidSelectorRuntimeException(message, errorCode, ex);
        }
        if (ex instanceof InvalidClientIDException)
        {
            return new InvalidClientIDRuntimeException(message, errorCode, ex);
        }
        if (ex instanceof MessageFormatException)
        {
            return new MessageFormatRuntimeException(message, errorCode, ex);
        }
        if (ex instanceof MessageNotWriteableException)
        {
            return new MessageNotWriteableRuntimeException(message, errorCode, ex);
        }
        if (ex instanceof JMSSecurityException)
        {
            return new JMSSecurityRuntimeException(message, errorCode, ex);
        }
        if (ex instanceof ResourceAllocationException)
        {
            return new ResourceAllocationRuntimeException(message, errorCode, ex);
        }
        if (ex instanceof TransactionInProgressException)
        {
            return new TransactionInProgressRuntimeException(message, errorCode, ex);
        }
        if (ex instanceof TransactionRolledBackException)
        {
            return new TransactionRolledBackRuntimeException(message, errorCode, ex);
        }
        return new JMSRuntimeException(message, errorCode, ex);
    }

    /**
     * The exception for a call on a closed JMS object, telling the application what to create instead.
     *
     * @param what the closed object as the application knows it: "connection", "session", "producer",
     *             "consumer", "browser" or "context" (any other word is named as is).
     * @return the exception to throw.
     */
    public static IllegalStateException closed(final String what)
    {
        return new IllegalStateException("The " + what + " is closed: " + remedyForClosed(what));
    }

    /**
     * Wraps an unexpected failure in a {@link JMSException} that names it and links it as cause and linked
     * exception; a JMSException is returned unchanged.
     *
     * @param cause the failure, not null.
     * @return the exception to throw.
     */
    public static JMSException wrap(final Throwable cause)
    {
        if (cause instanceof JMSException)
        {
            return (JMSException)cause;
        }
        return wrap(String.valueOf(cause), cause);
    }

    /**
     * Wraps a failure in a {@link JMSException} with the given message, linking the failure as cause and, when
     * it is an {@link Exception}, as linked exception.
     *
     * @param message what failed, phrased for the application.
     * @param cause   the failure, or null.
     * @return the exception to throw.
     */
    public static JMSException wrap(final String message, final Throwable cause)
    {
        final JMSException ex = new JMSException(message);
        if (null != cause)
        {
            if (cause instanceof Exception)
            {
                ex.setLinkedException((Exception)cause);
            }
            ex.initCause(cause);
        }
        return ex;
    }

    private static String remedyForClosed(final String what)
    {
        switch (what)
        {
            case "connection":
                return "create a new one from the connection factory";
            case "session":
                return "create a new one from the connection";
            case "producer":
            case "consumer":
            case "browser":
                return "create a new one from the session";
            case "context":
                return "create a new one from the connection factory or from another open context";
            default:
                return "create a new one";
        }
    }
}
