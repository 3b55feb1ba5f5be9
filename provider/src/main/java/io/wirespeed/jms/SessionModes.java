package io.wirespeed.jms;

import javax.jms.JMSException;
import javax.jms.JMSRuntimeException;
import javax.jms.Session;

/**
 * The four session modes a session or context may be created with, and the check that refuses any other value
 * with the exception the calling API names.
 */
final class SessionModes
{
    private SessionModes()
    {
    }

    /**
     * Whether a value is one of the four session modes.
     *
     * @param sessionMode the value.
     * @return true for SESSION_TRANSACTED, AUTO_ACKNOWLEDGE, CLIENT_ACKNOWLEDGE or DUPS_OK_ACKNOWLEDGE.
     */
    static boolean isValid(final int sessionMode)
    {
        return sessionMode == Session.SESSION_TRANSACTED || sessionMode == Session.AUTO_ACKNOWLEDGE ||
            sessionMode == Session.CLIENT_ACKNOWLEDGE || sessionMode == Session.DUPS_OK_ACKNOWLEDGE;
    }

    /**
     * Checks a session mode for createSession.
     *
     * @param sessionMode the mode.
     * @throws JMSException if it is none of the four modes.
     */
    static void check(final int sessionMode) throws JMSException
    {
        if (!isValid(sessionMode))
        {
            throw new JMSException(invalid(sessionMode));
        }
    }

    /**
     * Checks a session mode for createContext.
     *
     * @param sessionMode the mode.
     * @throws JMSRuntimeException if it is none of the four modes.
     */
    static void validate(final int sessionMode)
    {
        if (!isValid(sessionMode))
        {
            throw new JMSRuntimeException(invalid(sessionMode));
        }
    }

    /**
     * The refusal of an invalid session mode by a context, in the simplified API's words.
     *
     * @param sessionMode the mode.
     * @return the exception to throw.
     */
    static JMSRuntimeException invalidForContext(final int sessionMode)
    {
        return new JMSRuntimeException("Session mode " + sessionMode + " is not valid; use " +
            "JMSContext.AUTO_ACKNOWLEDGE (1), CLIENT_ACKNOWLEDGE (2), DUPS_OK_ACKNOWLEDGE (3) " +
            "or SESSION_TRANSACTED (0)");
    }

    /**
     * The name of a session mode, for messages.
     *
     * @param sessionMode one of the four modes.
     * @return its constant's name.
     */
    static String name(final int sessionMode)
    {
        switch (sessionMode)
        {
            case Session.AUTO_ACKNOWLEDGE:
                return "AUTO_ACKNOWLEDGE";
            case Session.CLIENT_ACKNOWLEDGE:
                return "CLIENT_ACKNOWLEDGE";
            case Session.DUPS_OK_ACKNOWLEDGE:
                return "DUPS_OK_ACKNOWLEDGE";
            default:
                return "SESSION_TRANSACTED";
        }
    }

    private static String invalid(final int sessionMode)
    {
        return "session mode " + sessionMode + " is not one of SESSION_TRANSACTED (0), AUTO_ACKNOWLEDGE (1), " +
            "CLIENT_ACKNOWLEDGE (2) or DUPS_OK_ACKNOWLEDGE (3)";
    }
}
