package io.wirespeed.jms.connection;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import javax.jms.IllegalStateException;
import javax.jms.InvalidClientIDException;
import javax.jms.JMSException;

/**
 * A connection's client id: unique among the open connections of this JVM, settable only before any other use
 * of the connection fixes it, and free for another connection once this one closes.
 */
public final class ClientIdentity
{
    private static final Set<String> CLIENT_IDS_IN_USE = ConcurrentHashMap.newKeySet();

    private String clientId;
    private boolean fixed;

    /** @return the client id, or null when none was set. */
    public synchronized String get()
    {
        return clientId;
    }

    /**
     * Sets the client id, as {@code Connection.setClientID}.
     *
     * @param clientID the client id.
     * @throws JMSException IllegalStateException once fixed; InvalidClientIDException if empty or in use.
     */
    public synchronized void set(final String clientID) throws JMSException
    {
        if (fixed)
        {
            throw new IllegalStateException(clientId != null ?
                "the client id is already set to '" + clientId + "'; create a new connection to use another" :
                "setClientID must be called right after the connection is created, before any other use of it");
        }
        claim(clientID);
    }

    /**
     * Sets the client id the configuration names, as the connection is created.
     *
     * @param clientID the client id.
     * @throws InvalidClientIDException if empty or in use.
     */
    public synchronized void claim(final String clientID) throws InvalidClientIDException
    {
        if (clientID == null || clientID.isEmpty())
        {
            throw new InvalidClientIDException("the client id must not be null or empty");
        }
        if (!CLIENT_IDS_IN_USE.add(clientID))
        {
            throw new InvalidClientIDException(
                "client id '" + clientID + "' is already in use by another open connection in this JVM: " +
                "choose another or close that connection first");
        }
        clientId = clientID;
        fixed = true;
    }

    /** Fixes the client id: called before every use of the connection other than setClientID. */
    public synchronized void fix()
    {
        fixed = true;
    }

    /** Frees the client id for other connections, as the connection closes. */
    public synchronized void release()
    {
        if (clientId != null)
        {
            CLIENT_IDS_IN_USE.remove(clientId);
        }
    }
}
