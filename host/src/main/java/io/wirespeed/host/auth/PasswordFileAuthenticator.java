package io.wirespeed.host.auth;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * The built-in {@link Authenticator}: users and salted password hashes from a properties file named by the driver
 * setting {@value Authenticators#USERS_PROP}, one {@code user=pbkdf2-sha256:<iterations>:<salt>:<hash>} a line (salt
 * and hash in Base64), PBKDF2 with HMAC-SHA256 from the JDK. The file is read once, when the host starts. Make a line
 * with {@code java -cp wirespeed-driver.jar io.wirespeed.host.auth.PasswordFileAuthenticator USER} (it asks for the
 * password), or {@link #hash(String, char[])}.
 */
public final class PasswordFileAuthenticator implements Authenticator
{
    /** The scheme of a stored hash. */
    public static final String SCHEME = "pbkdf2-sha256";
    /** The iterations of a new hash: enough to slow guessing, few enough for the host's thread (a few ms). */
    public static final int DEFAULT_ITERATIONS = 20_000;
    private static final int SALT_BYTES = 16;
    private static final int HASH_BITS = 256;

    private final Path file;
    private final Map<String, Entry> users;

    private PasswordFileAuthenticator(final Path file, final Map<String, Entry> users)
    {
        this.file = file;
        this.users = users;
    }

    /**
     * Reads a users file.
     *
     * @param file the file.
     * @return the authenticator.
     * @throws IllegalArgumentException if the file cannot be read, or a line is not a stored hash, naming it.
     */
    public static PasswordFileAuthenticator load(final Path file)
    {
        final Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8))
        {
            properties.load(reader);
        }
        catch (final IOException ex)
        {
            throw new IllegalArgumentException(Authenticators.USERS_PROP + "=" + file + " cannot be read: " + ex +
                "; name a readable properties file of user=hash lines", ex);
        }
        final Map<String, Entry> users = new HashMap<>();
        for (final String user : properties.stringPropertyNames())
        {
            users.put(user, Entry.parse(file, user, properties.getProperty(user).trim()));
        }
        return new PasswordFileAuthenticator(file, users);
    }

    /** {@inheritDoc} */
    @Override
    public String authenticate(final String user, final String password)
    {
        if (user.isEmpty())
        {
            return "the queue host requires a user and password: pass them to createConnection(user, password) or " +
                "createContext(user, password), or set the connection URI's user= and password=";
        }
        final Entry entry = users.get(user);
        if (entry == null || !entry.matches(password))
        {
            return "user '" + user + "' is not known to the queue host, or the password is wrong: check the user and " +
                "password the connection sends (createConnection(user, password), or the URI's user= and password=) " +
                "against the host's users file";
        }
        return null;
    }

    /**
     * Makes the stored form of a password, for a line {@code user=<this>} of a users file.
     *
     * @param user     the user, for the message of a failure.
     * @param password the password.
     * @return {@code pbkdf2-sha256:<iterations>:<salt>:<hash>}.
     */
    public static String hash(final String user, final char[] password)
    {
        final byte[] salt = new byte[SALT_BYTES];
        new SecureRandom().nextBytes(salt);
        final Base64.Encoder base64 = Base64.getEncoder();
        return SCHEME + ":" + DEFAULT_ITERATIONS + ":" + base64.encodeToString(salt) + ":" +
            base64.encodeToString(derive(password, salt, DEFAULT_ITERATIONS));
    }

    /**
     * Prints the users file line of a user: {@code USER=pbkdf2-sha256:...}, asking for the password (or taking it
     * as the second argument, for scripts).
     *
     * @param args the user, and optionally the password.
     */
    public static void main(final String[] args)
    {
        if (args.length < 1)
        {
            System.err.println("usage: PasswordFileAuthenticator USER [PASSWORD]");
            System.exit(2);
            return;
        }
        final char[] password = args.length > 1 ? args[1].toCharArray() :
            System.console() == null ? null : System.console().readPassword("password for %s: ", args[0]);
        if (password == null || password.length == 0)
        {
            System.err.println("no password given");
            System.exit(2);
            return;
        }
        System.out.println(args[0] + "=" + hash(args[0], password));
    }

    @Override
    public String toString()
    {
        return "PasswordFileAuthenticator[" + file + ", " + users.size() + " users]";
    }

    private static byte[] derive(final char[] password, final byte[] salt, final int iterations)
    {
        try
        {
            return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256")
                .generateSecret(new PBEKeySpec(password, salt, iterations, HASH_BITS)).getEncoded();
        }
        catch (final GeneralSecurityException ex)
        {
            throw new IllegalStateException("this JVM has no PBKDF2WithHmacSHA256: " + ex.getMessage(), ex);
        }
    }

    private record Entry(int iterations, byte[] salt, byte[] hash)
    {
        static Entry parse(final Path file, final String user, final String stored)
        {
            final String[] parts = stored.split(":");
            try
            {
                if (parts.length == 4 && SCHEME.equals(parts[0]))
                {
                    final int iterations = Integer.parseInt(parts[1]);
                    if (iterations > 0)
                    {
                        return new Entry(iterations, Base64.getDecoder().decode(parts[2]),
                            Base64.getDecoder().decode(parts[3]));
                    }
                }
            }
            catch (final IllegalArgumentException ex)
            {
                // reported below
            }
            throw new IllegalArgumentException("user '" + user + "' in " + Authenticators.USERS_PROP + "=" + file +
                " has no stored hash of the form " + SCHEME + ":<iterations>:<salt>:<hash>; make the line with " +
                "java -cp wirespeed-driver.jar " + PasswordFileAuthenticator.class.getName() + " " + user);
        }

        boolean matches(final String password)
        {
            return MessageDigest.isEqual(hash, derive(password.toCharArray(), salt, iterations));
        }
    }
}
