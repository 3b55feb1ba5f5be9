package io.wirespeed.spring.boot.autoconfigure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import jakarta.jms.Connection;
import jakarta.jms.Session;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.Status;

import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.test.Await;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.MediaDriverProcess;

/**
 * The {@code wirespeed} health turns DOWN, and says why, when what the application relies on is gone: the media
 * driver process killed (its heartbeat stops, and the queue host inside it no longer answers), or an application
 * configured {@code archive=on} using a driver that runs no archive. Real driver processes, real connections.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class WirespeedHealthDownTest
{
    private static final Duration DEADLINE = Duration.ofSeconds(30);

    @RegisterExtension
    final ChildJvms jvms = new ChildJvms();

    private Connection connection;

    @AfterEach
    void close() throws Exception
    {
        if (connection != null)
        {
            connection.close();
        }
    }

    @Test
    void isDownWhenTheDriverIsKilledAndItsQueueHostNoLongerAnswers() throws Exception
    {
        final MediaDriverProcess driver = MediaDriverProcess.start(jvms);
        final JmsConnectionFactory factory = new JmsConnectionFactory(driver.ipcUri() + "&driverTimeout=2000");
        final WirespeedHealthIndicator indicator = new WirespeedHealthIndicator(factory);
        connection = factory.createConnection();
        connection.start();
        try (Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE))
        {
            session.createProducer(session.createQueue("health.orders")).send(session.createTextMessage("one"));
        }
        final Health up = indicator.health();
        assertEquals(Status.UP, up.getStatus(), up.toString());
        assertEquals("reachable", up.getDetails().get("queueHost"), up.toString());

        driver.process().killForcibly(DEADLINE);

        final Health[] down = new Health[1];
        Await.until("the health to turn DOWN", DEADLINE, () ->
        {
            down[0] = indicator.health();
            return Status.DOWN.equals(down[0].getStatus());
        });
        final Map<?, ?> drivers = (Map<?, ?>)down[0].getDetails().get("drivers");
        final Map<?, ?> dead = (Map<?, ?>)drivers.get(driver.directory().toString());
        assertEquals(false, dead.get("alive"), down[0].toString());
        Await.until("the queue host to be unreachable", DEADLINE,
            () -> "unreachable".equals(indicator.health().getDetails().get("queueHost")));
    }

    @Test
    void isDownWhenTheApplicationNeedsAnArchiveTheDriverDoesNotRun() throws Exception
    {
        final MediaDriverProcess driver = MediaDriverProcess.start(jvms);
        final JmsConnectionFactory factory = new JmsConnectionFactory(driver.ipcUri() + "&archive=on");
        connection = factory.createConnection();
        final Health health = new WirespeedHealthIndicator(factory).health();
        assertEquals(Status.DOWN, health.getStatus(), health.toString());
        assertEquals("stopped", health.getDetails().get("archive"), health.toString());
        final Map<?, ?> drivers = (Map<?, ?>)health.getDetails().get("drivers");
        assertEquals(true, ((Map<?, ?>)drivers.get(driver.directory().toString())).get("alive"), health.toString());
    }
}
