package io.wirespeed.host.auth;

/**
 * Decides whether a client may open a session with the queue host, from the credentials it sent in its Connect
 * request (in the manner of Aeron Archive's authenticators, reduced to one call). Called on the host's thread: an
 * implementation answers at once and never blocks. Chosen by the driver setting {@code wirespeed.host.authenticator}
 * (a class with a public no-argument constructor) or, with {@code wirespeed.host.users}, the built-in
 * {@link PasswordFileAuthenticator}; see {@link Authenticators}.
 */
public interface Authenticator
{
    /**
     * Checks a client's credentials.
     *
     * @param user     the user the client named, empty if none.
     * @param password the password it sent, empty if none.
     * @return null to accept the client; otherwise why it is refused, which the client's application sees: say what
     *         to change, never what is stored.
     */
    String authenticate(String user, String password);
}
