package io.wirespeed.host.auth;

import java.util.Properties;

/**
 * Makes the {@link Authenticator} of a queue host from the settings of the process that runs it: what the driver
 * setting {@value Authenticators#AUTHENTICATOR_PROP} may name instead of an {@link Authenticator} itself, when the
 * authenticator needs settings (a file, a directory server's address). Needs a public no-argument constructor.
 */
@FunctionalInterface
public interface AuthenticatorSupplier
{
    /**
     * Makes the authenticator.
     *
     * @param settings the process's system properties.
     * @return the authenticator.
     * @throws IllegalArgumentException if a setting it needs is missing or wrong, saying which.
     */
    Authenticator get(Properties settings);
}
