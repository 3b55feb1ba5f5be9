package io.wirespeed.spring.boot3;

import static io.wirespeed.spring.TemplateCalls.convertAndSendEach;
import static io.wirespeed.spring.Deliveries.bodies;
import static io.wirespeed.spring.Deliveries.numbered;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

import jakarta.jms.ConnectionFactory;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.jms.annotation.JmsListener;
import org.springframework.jms.connection.CachingConnectionFactory;
import org.springframework.jms.core.JmsTemplate;

import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.jms.transport.SharedTransports;
import io.wirespeed.spring.Deliveries;

/**
 * Two Spring Boot applications in one JVM at the same time, each with its own connection factory (the provider's,
 * or a {@link CachingConnectionFactory} around it), a transacted {@code @JmsListener} that forwards what its queue
 * receives to a second queue in the same transaction, and PERSISTENT sends from its {@link JmsTemplate}. Each pair
 * of applications starts from no embedded queue host, as in a JVM of its own. Queue names
 * are new on every run. With {@code archive=on} both applications' queues live in the test's own archive directory
 * (one embedded queue host and archive per JVM), which the test removes.
 */
class TwoContextsTest
{
    private static final int COUNT = 50;

    @TempDir
    Path archiveDir;

    @Test
    void twoApplicationsWithTheDefaultConfigurationEachGetTheirOwnMessagesInOrder()
    {
        runBoth("wirespeed:ipc", "wirespeed:ipc", false);
    }

    @Test
    void twoApplicationsWithDurableQueuesEachGetTheirOwnMessagesInOrder()
    {
        runBoth("wirespeed:ipc?archive=on", "wirespeed:ipc?archive=on", true);
    }

    @Test
    void twoDifferentlyConfiguredApplicationsEachGetTheirOwnMessagesInOrder()
    {
        runBoth("wirespeed:ipc", "wirespeed:ipc?idle=sleeping", false);
    }

    @Test
    void twoDifferentlyConfiguredApplicationsWithDurableQueuesEachGetTheirOwnMessagesInOrder()
    {
        runBoth("wirespeed:ipc?archive=on", "wirespeed:ipc?archive=on&idle=sleeping", true);
    }

    private void runBoth(final String uriA, final String uriB, final boolean caching)
    {
        final String ownArchive = "archive=on&archiveDir=" + archiveDir;
        // a JVM's embedded host outlives its applications: each pair starts as in a JVM of its own
        SharedTransports.closeEmbeddedHosts();
        final String run = UUID.randomUUID().toString();
        try (ConfigurableApplicationContext a = start("two." + run + ".a", uriA.replace("archive=on", ownArchive),
                caching);
            ConfigurableApplicationContext b = start("two." + run + ".b", uriB.replace("archive=on", ownArchive),
                caching))
        {
            final CompletableFuture<Void> sendingA = CompletableFuture.runAsync(() -> send(a, "a"));
            final CompletableFuture<Void> sendingB = CompletableFuture.runAsync(() -> send(b, "b"));
            sendingA.join();
            sendingB.join();

            assertEquals(numbered("a", COUNT), bodies(a.getBean(Forwarder.class).forwarded.awaitExactly(COUNT)));
            assertEquals(numbered("b", COUNT), bodies(b.getBean(Forwarder.class).forwarded.awaitExactly(COUNT)));
        }
        finally
        {
            // the archive in the test's directory stops before the directory is removed
            SharedTransports.closeEmbeddedHosts();
        }
    }

    private static ConfigurableApplicationContext start(final String queues, final String uri, final boolean caching)
    {
        return new SpringApplicationBuilder(Application.class)
            .properties("app.queues=" + queues, "app.uri=" + uri, "app.caching=" + caching)
            .run();
    }

    private static void send(final ConfigurableApplicationContext context, final String prefix)
    {
        final String input = context.getEnvironment().getProperty("app.queues") + ".in";
        convertAndSendEach(context.getBean(JmsTemplate.class), input, numbered(prefix, COUNT));
    }

    /**
     * Forwards each message of the application's input queue to its output queue (marking any that did not arrive
     * PERSISTENT) through the listener's own transacted session, so that the forward commits with the receive and
     * keeps its order, and records what arrives there.
     * <p>
     * Not through the application's {@link JmsTemplate}: Boot 3.4+ gives listener containers the factory a
     * {@link CachingConnectionFactory} wraps, so a template over the caching factory does not find the listener's
     * session, and sends outside its transaction, from whichever cached or new session it gets. JMS orders messages
     * per session only (JMS 2.0 section 6.2.9.1), and with {@code archive=on} the queue host reads each session's
     * recording on its own, so those forwards interleaved by session (docs/queues.md, "Order").
     */
    static class Forwarder
    {
        final Deliveries forwarded = new Deliveries();
        private final String output;

        Forwarder(@Value("${app.queues}.out") final String output)
        {
            this.output = output;
        }

        @JmsListener(destination = "${app.queues}.in")
        void onInput(final TextMessage message, final Session session) throws JMSException
        {
            final boolean persistent = message.getJMSDeliveryMode() == DeliveryMode.PERSISTENT;
            final String body = persistent ? message.getText() : "NON_PERSISTENT " + message.getText();
            try (MessageProducer producer = session.createProducer(session.createQueue(output)))
            {
                producer.send(session.createTextMessage(body));
            }
        }

        @JmsListener(destination = "${app.queues}.out")
        void onOutput(final Message message) throws JMSException
        {
            forwarded.add(Received.of(message));
        }
    }

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    @Import(Forwarder.class)
    static class Application
    {
        @Bean
        ConnectionFactory connectionFactory(
            @Value("${app.uri}") final String uri, @Value("${app.caching}") final boolean caching)
        {
            final JmsConnectionFactory factory = new JmsConnectionFactory(uri);
            return caching ? new CachingConnectionFactory(factory) : factory;
        }
    }
}
