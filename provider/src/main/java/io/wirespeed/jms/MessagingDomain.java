package io.wirespeed.jms;

import javax.jms.IllegalStateException;

/**
 * The messaging domains of the legacy interfaces (TopicSession and QueueSession, TopicConnection and
 * QueueConnection): a session or connection restricted to one domain refuses the other domain's factory methods
 * with IllegalStateException, as those interfaces require.
 */
enum MessagingDomain
{
    /** Publish/subscribe: TopicSession, TopicConnection. */
    TOPIC,
    /** Point-to-point: QueueSession, QueueConnection. */
    QUEUE;

    /**
     * Refuses a session method of another domain than the one a legacy session is restricted to.
     *
     * @param restrictedTo the session's domain, or null for a session of both domains.
     * @param needed       the domain the method belongs to.
     * @param method       the method's name, for the message.
     * @throws IllegalStateException if the session is restricted to the other domain.
     */
    static void checkSession(final MessagingDomain restrictedTo, final MessagingDomain needed, final String method)
        throws IllegalStateException
    {
        if (restrictedTo != null && restrictedTo != needed)
        {
            throw new IllegalStateException(method + " belongs to the " +
                (needed == TOPIC ? "publish/subscribe" : "point-to-point") + " domain and cannot be used on a " +
                (restrictedTo == TOPIC ? "TopicSession" : "QueueSession") + ": use a Session from " +
                "Connection.createSession for both domains");
        }
    }

    /**
     * The refusal of a connection method of another domain than the one a legacy connection is restricted to.
     *
     * @param restrictedTo the connection's domain, or null for a connection of both domains.
     * @param needed       the domain the method belongs to, or null when it belongs to both.
     * @param method       the method's name, for the message.
     * @return the exception to throw, or null when the connection may be asked.
     */
    static IllegalStateException connectionMismatch(
        final MessagingDomain restrictedTo, final MessagingDomain needed, final String method)
    {
        if (null != restrictedTo && null != needed && restrictedTo != needed)
        {
            return new IllegalStateException(method + " for a " + (needed == TOPIC ? "topic" : "queue") +
                " cannot be used on a " + (restrictedTo == TOPIC ? "TopicConnection" : "QueueConnection") +
                ": use a Connection from ConnectionFactory.createConnection for both domains");
        }
        return null;
    }
}
