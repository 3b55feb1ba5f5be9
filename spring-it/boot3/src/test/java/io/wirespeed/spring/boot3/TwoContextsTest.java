package io.wirespeed.spring.boot3;

import static io.wirespeed.spring.TemplateCalls.convertAndSendEach;
import static io.wirespeed.spring.Deliveries.bodies;
import static io.wirespeed.spring.Deliveries.numbered;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.UUID;
import java.util.concurrent.CompletableFuture;

import jakarta.jms.ConnectionFactory;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;

import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
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
import io.wirespeed.spring.Deliveries;

/**
 * Two Spring Boot applications in one JVM at the same time, each with its own connection factory (the provider's,
 * or a {@link CachingConnectionFactory} around it), a transacted {@code @JmsListener} that forwards what its queue
 * receives to a second queue in the same transaction, and PERSISTENT sends from its {@link JmsTemplate}. Queue names
 * are new on every run: with {@code archive=on} the queues outlive the JVM in the default archive directory.
 */
class TwoContextsTest
{
    private static final int COUNT = 50;

    @Test
    void twoApplicationsWithTheDefaultConfigurationEachGetTheirOwnMessagesInOrder()
    {
        runBoth("wirespeed:ipc", "wirespeed:ipc", false);
    }

    @Test
    @Disabled("issue 11 item 5: with archive=on the queue host reads the queues' inbound stream from a recording " +
        "that stops with the first publication that ends; every session publishes through an exclusive " +
        "publication, and CachingConnectionFactory (session cache size 1) closes the sessions that concurrent " +
        "senders open beyond it. JMSException: the archive did not confirm a PERSISTENT message to " +
        "aeron:ipc?term-length=4m stream 251658241 within sendTimeout=10000 ms (JmsTemplate.send), and no queue " +
        "host takes messages on aeron:ipc?term-length=4m stream 251658241 (the listener's commit). With " +
        "setSessionCacheSize(20) it passes; with a connection per call one application alone fails the same way")
    void twoApplicationsWithDurableQueuesEachGetTheirOwnMessagesInOrder()
    {
        runBoth("wirespeed:ipc?archive=on", "wirespeed:ipc?archive=on", true);
    }

    @Test
    @Disabled("new defect (minimal test: provider EmbeddedDriverSharingTest): factories whose URIs differ in a " +
        "transport setting share the embedded media driver but each starts its own queue host on it, so every " +
        "queue message is dispatched twice (and forwarded twice): more deliveries than messages: [b0, b0, b0, b0, " +
        "b1, ...] ==> expected: <50> but was: <200>")
    void twoDifferentlyConfiguredApplicationsEachGetTheirOwnMessagesInOrder()
    {
        runBoth("wirespeed:ipc", "wirespeed:ipc?idle=sleeping", false);
    }

    @Test
    @Disabled("issue 11 item 7: both applications' archives default to ~/.wirespeed/archive: JMSException: cannot " +
        "connect with 'wirespeed:ipc?archive=on&idle=sleeping': the archive could not start in " +
        "<user.home>/.wirespeed/archive: active mark file detected (then also the duplicate queue hosts of " +
        "twoDifferentlyConfiguredApplicationsEachGetTheirOwnMessagesInOrder)")
    void twoDifferentlyConfiguredApplicationsWithDurableQueuesEachGetTheirOwnMessagesInOrder()
    {
        runBoth("wirespeed:ipc?archive=on", "wirespeed:ipc?archive=on&idle=sleeping", true);
    }

    private static void runBoth(final String uriA, final String uriB, final boolean caching)
    {
        final String run = UUID.randomUUID().toString();
        try (ConfigurableApplicationContext a = start("two." + run + ".a", uriA, caching);
            ConfigurableApplicationContext b = start("two." + run + ".b", uriB, caching))
        {
            final CompletableFuture<Void> sendingA = CompletableFuture.runAsync(() -> send(a, "a"));
            final CompletableFuture<Void> sendingB = CompletableFuture.runAsync(() -> send(b, "b"));
            sendingA.join();
            sendingB.join();

            assertEquals(numbered("a", COUNT), bodies(a.getBean(Forwarder.class).forwarded.awaitExactly(COUNT)));
            assertEquals(numbered("b", COUNT), bodies(b.getBean(Forwarder.class).forwarded.awaitExactly(COUNT)));
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
     * PERSISTENT) and records what arrives there.
     */
    static class Forwarder
    {
        final Deliveries forwarded = new Deliveries();
        private final JmsTemplate jmsTemplate;
        private final String output;

        Forwarder(final JmsTemplate jmsTemplate, @Value("${app.queues}.out") final String output)
        {
            this.jmsTemplate = jmsTemplate;
            this.output = output;
        }

        @JmsListener(destination = "${app.queues}.in")
        void onInput(final TextMessage message) throws JMSException
        {
            final boolean persistent = message.getJMSDeliveryMode() == DeliveryMode.PERSISTENT;
            jmsTemplate.convertAndSend(output, persistent ? message.getText() : "NON_PERSISTENT " + message.getText());
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
