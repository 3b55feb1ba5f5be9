package io.wirespeed.spring.boot3;

import static io.wirespeed.spring.Deliveries.DEADLINE;
import static io.wirespeed.spring.Deliveries.bodies;
import static io.wirespeed.spring.Deliveries.numbered;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.jms.JMSException;
import jakarta.jms.TextMessage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.jms.DefaultJmsListenerContainerFactoryConfigurer;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.jms.annotation.JmsListener;
import org.springframework.jms.config.DefaultJmsListenerContainerFactory;
import org.springframework.jms.config.JmsListenerEndpointRegistry;
import org.springframework.jms.connection.CachingConnectionFactory;
import org.springframework.jms.core.JmsTemplate;
import org.springframework.jms.listener.DefaultMessageListenerContainer;
import org.springframework.test.annotation.DirtiesContext;

import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.jms.destination.JmsTopic;
import io.wirespeed.spring.Deliveries;
import io.wirespeed.spring.FreshEmbeddedHosts;
import io.wirespeed.test.Await;

/**
 * A durable topic subscription behind a {@code @JmsListener} (subscriptionDurable, a client id) while its
 * container stops and starts again: what was published meanwhile arrives once the container runs again. The
 * application publishes through Boot's {@link JmsTemplate} over a {@link CachingConnectionFactory}; the embedded
 * archive lies in a directory of this test's own.
 */
@SpringBootTest(classes = DurableSubscriptionTest.Application.class)
@ExtendWith(FreshEmbeddedHosts.class)
@DirtiesContext
class DurableSubscriptionTest
{
    private static final JmsTopic INVOICES = new JmsTopic("durable.invoices");

    @Autowired
    private JmsTemplate jmsTemplate;

    @Autowired
    private CachingConnectionFactory connectionFactory;

    @Autowired
    private JmsListenerEndpointRegistry registry;

    @Autowired
    private Invoices invoices;

    @Test
    void getsWhatWasPublishedWhileItsContainerWasStopped()
    {
        final DefaultMessageListenerContainer container = awaitRegistered();

        container.stop();
        publish(jmsTemplate, numbered("s", 5));
        container.start();

        assertEquals(numbered("s", 5), bodies(invoices.withPrefix("s").awaitExactly(5)));
    }

    @Test
    void getsWhatWasPublishedWhileItsContainerWasShutDown()
    {
        final DefaultMessageListenerContainer container = awaitRegistered();
        publish(jmsTemplate, List.of("w0"));
        invoices.withPrefix("w").awaitExactly(1);

        container.shutdown();
        publish(jmsTemplate, numbered("d", 5));
        container.initialize();
        container.start();

        assertEquals(numbered("d", 5), bodies(invoices.withPrefix("d").awaitExactly(5)));
    }

    @Test
    void getsWhatAConnectionPerSendPublisherSentWhileItsContainerWasStopped()
    {
        final DefaultMessageListenerContainer container = awaitRegistered();

        container.stop();
        publish(new JmsTemplate(connectionFactory.getTargetConnectionFactory()), numbered("c", 5));
        container.start();

        assertEquals(numbered("c", 5), bodies(invoices.withPrefix("c").awaitExactly(5)));
    }

    @Test
    void getsWhatWasPublishedWhileTheApplicationHadNoConnectionOpen()
    {
        final DefaultMessageListenerContainer container = awaitRegistered();
        connectionFactory.resetConnection();

        container.shutdown();
        new JmsTemplate(connectionFactory.getTargetConnectionFactory()).execute(INVOICES, (session, producer) ->
        {
            for (final String body : numbered("n", 5))
            {
                producer.send(session.createTextMessage(body));
            }
            return null;
        });
        container.initialize();
        container.start();

        assertEquals(numbered("n", 5), bodies(invoices.withPrefix("n").awaitExactly(5)));
    }

    private DefaultMessageListenerContainer awaitRegistered()
    {
        final DefaultMessageListenerContainer container =
            (DefaultMessageListenerContainer)registry.getListenerContainer("invoices");
        Await.until("the listener container registered with its destination", DEADLINE,
            container::isRegisteredWithDestination);
        return container;
    }

    private static void publish(final JmsTemplate template, final List<String> bodies)
    {
        for (final String body : bodies)
        {
            template.convertAndSend(INVOICES, body);
        }
    }

    /** The durable subscriber. */
    static class Invoices
    {
        private final Map<String, Deliveries> byPrefix = new ConcurrentHashMap<>();

        @JmsListener(id = "invoices", destination = "durable.invoices", subscription = "invoices",
            containerFactory = "durableContainerFactory")
        void onInvoice(final TextMessage message) throws JMSException
        {
            withPrefix(message.getText().substring(0, 1)).add(Received.of(message));
        }

        /**
         * The deliveries of one test, told apart by the first letter of their bodies.
         *
         * @param prefix the first letter.
         * @return the deliveries whose body starts with it.
         */
        Deliveries withPrefix(final String prefix)
        {
            return byPrefix.computeIfAbsent(prefix, unused -> new Deliveries());
        }
    }

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    @Import(Invoices.class)
    static class Application
    {
        @Bean
        CachingConnectionFactory connectionFactory() throws IOException
        {
            return new CachingConnectionFactory(new JmsConnectionFactory(
                "wirespeed:ipc?archiveDir=" + Files.createTempDirectory("wirespeed-durable-archive")));
        }

        /**
         * On the provider's factory itself: a cached durable subscriber would stay open while the container is
         * down.
         */
        @Bean
        DefaultJmsListenerContainerFactory durableContainerFactory(
            final DefaultJmsListenerContainerFactoryConfigurer configurer,
            final CachingConnectionFactory connectionFactory)
        {
            final DefaultJmsListenerContainerFactory factory = new DefaultJmsListenerContainerFactory();
            configurer.configure(factory, connectionFactory.getTargetConnectionFactory());
            factory.setPubSubDomain(true);
            factory.setSubscriptionDurable(true);
            factory.setClientId("billing");
            return factory;
        }
    }
}
