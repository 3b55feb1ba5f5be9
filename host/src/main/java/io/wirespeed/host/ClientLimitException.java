package io.wirespeed.host;

/**
 * Thrown on the host's thread when a request comes from a client the host has no room for
 * ({@link HostLimits#maxClients()}), or that has no session where it needs one: the request is dropped with a
 * warning that says why.
 */
final class ClientLimitException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    ClientLimitException(final String message)
    {
        super(message, null, false, false);
    }
}
