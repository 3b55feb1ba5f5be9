package io.wirespeed.host.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The built-in authenticator and the choice of authenticator: a users file of salted PBKDF2 hashes accepts the right
 * password only, says what to change otherwise, and refuses to start on a line it cannot read.
 */
class PasswordFileAuthenticatorTest
{
    @TempDir
    Path dir;

    @Test
    void acceptsTheRightPasswordOnlyAndSaysWhatToChangeOtherwise() throws IOException
    {
        final Path users = users("alice=" + PasswordFileAuthenticator.hash("alice", "s3cret".toCharArray()));
        final Authenticator authenticator = PasswordFileAuthenticator.load(users);

        assertNull(authenticator.authenticate("alice", "s3cret"));
        assertTrue(authenticator.authenticate("alice", "wrong").contains("user 'alice' is not known to the queue " +
            "host, or the password is wrong"), authenticator.authenticate("alice", "wrong"));
        assertTrue(authenticator.authenticate("bob", "s3cret").contains("user 'bob'"));
        assertTrue(authenticator.authenticate("", "").contains("requires a user and password"));
    }

    @Test
    void eachHashHasItsOwnSalt()
    {
        assertNotEquals(PasswordFileAuthenticator.hash("a", "same".toCharArray()),
            PasswordFileAuthenticator.hash("a", "same".toCharArray()));
    }

    @Test
    void aLineThatIsNotAStoredHashStopsTheHostFromStartingNamingTheUser() throws IOException
    {
        final Path users = users("carol=plaintext");
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> PasswordFileAuthenticator.load(users));
        assertTrue(ex.getMessage().contains("user 'carol' in wirespeed.host.users=" + users), ex.getMessage());
    }

    @Test
    void settingsChooseNoneTheUsersFileOrANamedClass() throws IOException
    {
        final Properties settings = new Properties();
        assertNull(Authenticators.fromProperties(settings));
        assertEquals("off", Authenticators.describe(settings));

        settings.setProperty(Authenticators.USERS_PROP, users("").toString());
        assertTrue(Authenticators.fromProperties(settings) instanceof PasswordFileAuthenticator);

        settings.setProperty(Authenticators.AUTHENTICATOR_PROP, OnlyBob.class.getName());
        assertNull(Authenticators.fromProperties(settings).authenticate("bob", ""));

        settings.setProperty(Authenticators.AUTHENTICATOR_PROP, String.class.getName());
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> Authenticators.fromProperties(settings));
        assertTrue(ex.getMessage().contains("is neither an " + Authenticator.class.getName()), ex.getMessage());
    }

    private Path users(final String line) throws IOException
    {
        return Files.writeString(dir.resolve("users.properties"), line + "\n");
    }

    /** An authenticator for the test: bob only. */
    public static final class OnlyBob implements Authenticator
    {
        @Override
        public String authenticate(final String user, final String password)
        {
            return "bob".equals(user) ? null : "only bob";
        }
    }
}
