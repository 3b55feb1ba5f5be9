package io.wirespeed.host.auth;

import java.nio.file.Path;
import java.util.Properties;

/**
 * Chooses a queue host's {@link Authenticator} from the settings of the process that runs it: the class named by
 * {@value #AUTHENTICATOR_PROP} (an {@link Authenticator} or an {@link AuthenticatorSupplier} with a public
 * no-argument constructor), else the built-in {@link PasswordFileAuthenticator} when {@value #USERS_PROP} names a
 * users file, else none: every client is accepted (the default, and the embedded host's case).
 */
public final class Authenticators
{
    /** The users file of the built-in authenticator. */
    public static final String USERS_PROP = "wirespeed.host.users";
    /** The class of a pluggable authenticator. */
    public static final String AUTHENTICATOR_PROP = "wirespeed.host.authenticator";

    private Authenticators()
    {
    }

    /**
     * The authenticator the settings choose.
     *
     * @param settings system properties.
     * @return the authenticator, or null when authentication is off.
     * @throws IllegalArgumentException if the named class or file cannot be used, saying why and which setting.
     */
    public static Authenticator fromProperties(final Properties settings)
    {
        final String className = settings.getProperty(AUTHENTICATOR_PROP, "").trim();
        if (!className.isEmpty())
        {
            return instantiate(className, settings);
        }
        final String users = settings.getProperty(USERS_PROP, "").trim();
        if (!users.isEmpty())
        {
            return PasswordFileAuthenticator.load(Path.of(users));
        }
        return null;
    }

    /**
     * Says which authentication the settings choose, for the driver's running line.
     *
     * @param settings system properties.
     * @return {@code off}, {@code users-file} or the class name.
     */
    public static String describe(final Properties settings)
    {
        final String className = settings.getProperty(AUTHENTICATOR_PROP, "").trim();
        if (!className.isEmpty())
        {
            return className;
        }
        return settings.getProperty(USERS_PROP, "").isBlank() ? "off" : "users-file";
    }

    private static Authenticator instantiate(final String className, final Properties settings)
    {
        final Object made;
        try
        {
            made = Class.forName(className).getConstructor().newInstance();
        }
        catch (final ReflectiveOperationException | LinkageError ex)
        {
            throw new IllegalArgumentException(AUTHENTICATOR_PROP + "=" + className + " cannot be made: " + ex +
                "; name a class on the driver's class path with a public no-argument constructor", ex);
        }
        if (made instanceof Authenticator authenticator)
        {
            return authenticator;
        }
        if (made instanceof AuthenticatorSupplier supplier)
        {
            return supplier.get(settings);
        }
        throw new IllegalArgumentException(AUTHENTICATOR_PROP + "=" + className + " is neither an " +
            Authenticator.class.getName() + " nor an " + AuthenticatorSupplier.class.getName());
    }
}
