package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import javax.jms.Connection;
import javax.jms.JMSContext;
import javax.jms.JMSSecurityException;
import javax.jms.JMSSecurityRuntimeException;
import javax.jms.Queue;
import javax.jms.Session;
import javax.jms.TextMessage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.host.auth.Authenticators;
import io.wirespeed.host.auth.PasswordFileAuthenticator;
import io.wirespeed.jms.transport.SharedTransports;
import io.wirespeed.test.DriverDirectories;

/**
 * The queue host of the embedded driver takes the authentication settings of a driver process: a JVM that sets
 * {@code wirespeed.host.users} requires credentials of its own connections, which fail at {@code createConnection}
 * and {@code createContext} with the security exceptions the API names when they are wrong or missing.
 */
class EmbeddedHostCredentialsTest
{
    @TempDir
    Path dir;

    private String aeronDir;

    @BeforeEach
    void requireCredentials() throws Exception
    {
        SharedTransports.closeEmbeddedHosts();
        final Path users = Files.writeString(dir.resolve("users.properties"),
            "alice=" + PasswordFileAuthenticator.hash("alice", "s3cret".toCharArray()) + "\n");
        System.setProperty(Authenticators.USERS_PROP, users.toString());
        aeronDir = DriverDirectories.unique("embedded-credentials");
    }

    @AfterEach
    void forgetThem()
    {
        System.clearProperty(Authenticators.USERS_PROP);
        SharedTransports.closeEmbeddedHosts();
        DriverDirectories.delete(aeronDir);
    }

    @Test
    void wrongOrMissingCredentialsFailAtCreateConnectionAndCreateContextAndTheRightOnesServe() throws Exception
    {
        final JmsConnectionFactory factory = new JmsConnectionFactory("wirespeed:ipc?aeronDir=" + aeronDir);

        final JMSSecurityException wrong =
            assertThrows(JMSSecurityException.class, () -> factory.createConnection("alice", "wrong"));
        assertTrue(wrong.getMessage().contains("user 'alice' is not known to the queue host"), wrong.getMessage());
        assertThrows(JMSSecurityException.class, () -> factory.createConnection("mallory", "s3cret"));
        assertThrows(JMSSecurityException.class, factory::createConnection);
        final JMSSecurityRuntimeException context =
            assertThrows(JMSSecurityRuntimeException.class, () -> factory.createContext("alice", "wrong"));
        assertTrue(context.getMessage().contains("user 'alice'"), context.getMessage());

        try (Connection connection = factory.createConnection("alice", "s3cret"))
        {
            final Session session = connection.createSession();
            final Queue queue = session.createQueue("embedded.credentials." + ProcessHandle.current().pid());
            session.createProducer(queue).send(session.createTextMessage("served"));
            connection.start();
            final TextMessage received = (TextMessage)session.createConsumer(queue).receive(5_000);
            assertNotNull(received, "the right credentials were not served");
            assertEquals("served", received.getText());
        }
        try (JMSContext right = factory.createContext("alice", "s3cret"))
        {
            assertNotNull(right.createProducer());
        }
    }
}
