package io.wirespeed.it.host;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSContext;
import javax.jms.JMSException;
import javax.jms.JMSSecurityException;
import javax.jms.JMSSecurityRuntimeException;
import javax.jms.MessageConsumer;
import javax.jms.Queue;
import javax.jms.Session;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.host.auth.PasswordFileAuthenticator;
import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.SlowTest;

/**
 * Credentials checked by a queue host that requires them ({@code wirespeed.host.users}): a connection or context
 * without them, with a wrong password or an unknown user fails at creation with the security exception the
 * specification names and a message that says what to change; the right ones, given to createConnection or in the
 * URI, work; a host with authentication off (the default) takes any.
 */
@SlowTest
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class CredentialsOverUdpTest
{
    @RegisterExtension
    final ChildJvms processes = new ChildJvms();

    @TempDir
    Path dir;

    @Test
    void aHostThatRequiresCredentialsRefusesMissingWrongAndUnknownOnesAndServesTheRightOnes() throws Exception
    {
        final Path users = Files.writeString(dir.resolve("users.properties"),
            "alice=" + PasswordFileAuthenticator.hash("alice", "s3cret".toCharArray()) + "\n");
        final HostOverUdp host = HostOverUdp.start(processes, Map.of("wirespeed.host.users", users.toString()));
        final JmsConnectionFactory factory = new JmsConnectionFactory(host.clientUri());

        final JMSSecurityException none = assertThrows(JMSSecurityException.class, factory::createConnection);
        assertTrue(none.getMessage().contains("the queue host requires a user and password: pass them to " +
            "createConnection(user, password)"), none.getMessage());

        final JMSSecurityException wrong = assertThrows(JMSSecurityException.class,
            () -> factory.createConnection("alice", "wrong"));
        assertTrue(wrong.getMessage().contains("user 'alice' is not known to the queue host, or the password is " +
            "wrong"), wrong.getMessage());

        final JMSSecurityException unknown = assertThrows(JMSSecurityException.class,
            () -> factory.createConnection("mallory", "s3cret"));
        assertTrue(unknown.getMessage().contains("user 'mallory'"), unknown.getMessage());

        final JMSSecurityRuntimeException context = assertThrows(JMSSecurityRuntimeException.class,
            () -> factory.createContext("alice", "wrong"));
        assertTrue(context.getMessage().contains("user 'alice'"), context.getMessage());

        final String queueName = "it.host.udp.credentials." + UUID.randomUUID();
        try (Connection connection = factory.createConnection("alice", "s3cret");
            JMSContext uriCredentials = new JmsConnectionFactory(host.clientUri() + "&user=alice&password=s3cret")
                .createContext())
        {
            uriCredentials.createProducer().setDeliveryMode(DeliveryMode.PERSISTENT)
                .send(uriCredentials.createQueue(queueName), "by the URI's credentials");
            final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Queue queue = session.createQueue(queueName);
            final MessageConsumer consumer = session.createConsumer(queue);
            connection.start();
            QueueHostOverUdpTest.assertText("by the URI's credentials", DeliveryMode.PERSISTENT,
                consumer.receive(20_000));
        }
    }

    @Test
    void aClientOfTheDriverOverIpcWithWrongCredentialsFailsAtCreateConnection() throws Exception
    {
        final Path users = Files.writeString(dir.resolve("users.properties"),
            "alice=" + PasswordFileAuthenticator.hash("alice", "s3cret".toCharArray()) + "\n");
        final HostOverUdp host = HostOverUdp.start(processes, Map.of("wirespeed.host.users", users.toString()));
        final JmsConnectionFactory factory = new JmsConnectionFactory(host.driver().ipcUri());
        final JMSSecurityException wrong = assertThrows(JMSSecurityException.class,
            () -> factory.createConnection("alice", "wrong"));
        assertTrue(wrong.getMessage().contains("user 'alice' is not known to the queue host"), wrong.getMessage());
        try (Connection connection = factory.createConnection("alice", "s3cret"))
        {
            final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            session.createProducer(session.createQueue("it.host.ipc.credentials." + UUID.randomUUID()))
                .send(session.createTextMessage("sent"));
        }
    }

    @Test
    void aHostWithAuthenticationOffTakesAnyCredentials() throws Exception
    {
        final HostOverUdp host = HostOverUdp.start(processes, Map.of());
        final JmsConnectionFactory factory = new JmsConnectionFactory(host.clientUri());
        try (Connection anyone = factory.createConnection("anyone", "anything");
            JMSContext context = factory.createContext("someone", "else"))
        {
            final Session session = anyone.createSession(false, Session.AUTO_ACKNOWLEDGE);
            session.createProducer(session.createQueue("it.host.udp.open." + UUID.randomUUID()))
                .send(session.createTextMessage("sent"));
            context.createProducer().send(context.createQueue("it.host.udp.open." + UUID.randomUUID()), "sent");
        }
        catch (final JMSException ex)
        {
            throw new AssertionError("an open host refused credentials: " + ex, ex);
        }
    }
}
