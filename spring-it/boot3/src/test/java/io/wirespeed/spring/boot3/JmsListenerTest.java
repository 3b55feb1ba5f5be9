package io.wirespeed.spring.boot3;

import static io.wirespeed.spring.TemplateCalls.convertAndSendEach;
import static io.wirespeed.spring.Deliveries.DEADLINE;
import static io.wirespeed.spring.Deliveries.bodies;
import static io.wirespeed.spring.Deliveries.numbered;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import jakarta.jms.ConnectionFactory;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
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
import org.springframework.jms.core.JmsTemplate;
import org.springframework.jms.listener.DefaultMessageListenerContainer;
import org.springframework.messaging.handler.annotation.SendTo;
import org.springframework.test.annotation.DirtiesContext;

import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.jms.destination.JmsQueue;
import io.wirespeed.jms.destination.JmsTopic;
import io.wirespeed.spring.Deliveries;
import io.wirespeed.spring.Delivery;
import io.wirespeed.spring.FreshEmbeddedHosts;
import io.wirespeed.spring.ListenerFailures;
import io.wirespeed.test.Await;

/**
 * {@code @JmsListener} methods in one Spring Boot application: on a queue, on a topic, transacted, with
 * concurrency "3-5", with a selector and with {@code @SendTo}. The user declares the provider's connection factory;
 * Boot configures the listener container factories and the {@link JmsTemplate} over it.
 */
@SpringBootTest(classes = JmsListenerTest.Application.class)
@ExtendWith(FreshEmbeddedHosts.class)
@DirtiesContext
class JmsListenerTest
{
    @Autowired
    private JmsTemplate jmsTemplate;

    @Autowired
    private ConnectionFactory connectionFactory;

    @Autowired
    private JmsListenerEndpointRegistry registry;

    @Autowired
    private Listeners listeners;

    @Autowired
    private ListenerFailures failures;

    @Test
    void aQueueListenerReceivesEveryMessageInTheOrderSent() throws JMSException
    {
        convertAndSendEach(jmsTemplate, "listener.queue", numbered("q", 10));

        final List<Delivery> received = listeners.queue.awaitExactly(10);

        assertEquals(numbered("q", 10), bodies(received));
        assertTrue(received.stream().noneMatch(Delivery::redelivered), received::toString);
        assertEquals(List.of(), Received.drain(connectionFactory, "listener.queue"));
    }

    @Test
    void everyTopicListenerReceivesEveryMessageInTheOrderPublished()
    {
        awaitRegistered("topicA");
        awaitRegistered("topicB");

        send(new JmsTopic("listener.topic"), numbered("p", 10));

        assertEquals(numbered("p", 10), bodies(listeners.topicA.awaitExactly(10)));
        assertEquals(numbered("p", 10), bodies(listeners.topicB.awaitExactly(10)));
    }

    @Test
    void aTransactedQueueListenerThatThrowsGetsTheMessageAgainMarkedRedeliveredAndLosesNothing() throws JMSException
    {
        final int failuresBefore = failures.count();
        convertAndSendEach(jmsTemplate, "listener.transacted", numbered("x", 10));

        final List<Delivery> received = listeners.transacted.awaitExactly(12);

        assertRedeliveredOnceAfterEachFailure(received, "x", 10, Set.of("x3", "x7"));
        assertEquals(2, failures.count() - failuresBefore);
        assertEquals(List.of(), Received.drain(connectionFactory, "listener.transacted"));
    }

    @Test
    void aTransactedTopicListenerThatThrowsGetsTheMessageAgainMarkedRedeliveredAndLosesNothing()
    {
        final int failuresBefore = failures.count();
        awaitRegistered("transactedTopic");

        send(new JmsTopic("listener.transacted-topic"), numbered("y", 10));

        final List<Delivery> received = listeners.transactedTopic.awaitExactly(11);
        assertRedeliveredOnceAfterEachFailure(received, "y", 10, Set.of("y2"));
        assertEquals(1, failures.count() - failuresBefore);
    }

    @Test
    void concurrentListenersConsumeEveryMessageExactlyOnce() throws JMSException
    {
        final int count = 500;
        send(new JmsQueue("listener.concurrent"), numbered("c", count));

        final List<Delivery> received = listeners.concurrent.awaitExactly(count);

        assertEquals(new HashSet<>(numbered("c", count)), new HashSet<>(bodies(received)));
        assertTrue(received.stream().map(Delivery::thread).distinct().count() >= 2,
            "one listener thread took every message: the container did not consume concurrently");
        assertTrue(received.stream().noneMatch(Delivery::redelivered), received::toString);
        assertEquals(List.of(), Received.drain(connectionFactory, "listener.concurrent"));
    }

    @Test
    void selectorsSplitAQueueBetweenTwoListeners() throws JMSException
    {
        for (int i = 0; i < 10; i++)
        {
            final String color = i % 2 == 0 ? "red" : "blue";
            jmsTemplate.convertAndSend("listener.colors", "s" + i, message ->
            {
                message.setStringProperty("color", color);
                return message;
            });
        }

        assertEquals(List.of("s0", "s2", "s4", "s6", "s8"), bodies(listeners.red.awaitExactly(5)));
        assertEquals(List.of("s1", "s3", "s5", "s7", "s9"), bodies(listeners.blue.awaitExactly(5)));
        assertEquals(List.of(), Received.drain(connectionFactory, "listener.colors"));
    }

    @Test
    void sendToRepliesOnTheTemporaryQueueOfSendAndReceive() throws JMSException
    {
        final Message reply =
            jmsTemplate.sendAndReceive("listener.requests", session -> session.createTextMessage("ping"));

        assertNotNull(reply, "no reply within the template's receive timeout");
        assertEquals("PING", assertInstanceOf(TextMessage.class, reply).getText());
    }

    @Test
    void sendToRepliesToTheRequestsReplyToRatherThanItsOwnDestination() throws JMSException
    {
        jmsTemplate.send("listener.requests", session ->
        {
            final TextMessage request = session.createTextMessage("hello");
            request.setJMSReplyTo(new JmsQueue("listener.replies.explicit"));
            request.setJMSCorrelationID("corr-7");
            return request;
        });

        final Message reply = jmsTemplate.receive("listener.replies.explicit");

        assertNotNull(reply, "no reply on the request's JMSReplyTo");
        assertEquals("HELLO", assertInstanceOf(TextMessage.class, reply).getText());
        assertEquals("corr-7", reply.getJMSCorrelationID());
        assertEquals(List.of(), Received.drain(connectionFactory, "listener.replies.default"));
    }

    @Test
    void sendToRepliesToItsOwnDestinationWhenTheRequestNamesNoReplyTo()
    {
        jmsTemplate.convertAndSend("listener.requests", "bonjour");

        assertEquals("BONJOUR", jmsTemplate.receiveAndConvert("listener.replies.default"));
    }

    private void awaitRegistered(final String listenerId)
    {
        final DefaultMessageListenerContainer container =
            (DefaultMessageListenerContainer)registry.getListenerContainer(listenerId);
        Await.until("the listener container registered with its destination", DEADLINE,
            container::isRegisteredWithDestination);
    }

    private void send(final Destination destination, final List<String> bodies)
    {
        jmsTemplate.execute(destination, (session, producer) ->
        {
            for (final String body : bodies)
            {
                producer.send(session.createTextMessage(body));
            }
            return null;
        });
    }

    private static void assertRedeliveredOnceAfterEachFailure(
        final List<Delivery> received, final String prefix, final int count, final Set<String> failing)
    {
        final List<Delivery> firstDeliveries = received.stream().filter(delivery -> !delivery.redelivered()).toList();
        final List<Delivery> redeliveries = received.stream().filter(Delivery::redelivered).toList();
        assertEquals(numbered(prefix, count), bodies(firstDeliveries), received::toString);
        assertEquals(failing, new HashSet<>(bodies(redeliveries)), received::toString);
        for (int i = 0; i < received.size(); i++)
        {
            final Delivery delivery = received.get(i);
            assertEquals(delivery.redelivered() ? 2 : 1, delivery.deliveryCount(), received::toString);
            if (delivery.redelivered())
            {
                assertEquals(delivery.body(), received.get(i - 1).body(),
                    "redelivered right after it failed: " + received);
            }
        }
        assertFalse(received.get(0).redelivered(), received::toString);
    }

    /** The listener methods; each records what it receives. */
    static class Listeners
    {
        final Deliveries queue = new Deliveries();
        final Deliveries topicA = new Deliveries();
        final Deliveries topicB = new Deliveries();
        final Deliveries transacted = new Deliveries();
        final Deliveries transactedTopic = new Deliveries();
        final Deliveries concurrent = new Deliveries();
        final Deliveries red = new Deliveries();
        final Deliveries blue = new Deliveries();

        @JmsListener(destination = "listener.queue")
        void onQueue(final Message message) throws JMSException
        {
            queue.add(Received.of(message));
        }

        @JmsListener(id = "topicA", destination = "listener.topic", containerFactory = "topicContainerFactory")
        void onTopicA(final Message message) throws JMSException
        {
            topicA.add(Received.of(message));
        }

        @JmsListener(id = "topicB", destination = "listener.topic", containerFactory = "topicContainerFactory")
        void onTopicB(final Message message) throws JMSException
        {
            topicB.add(Received.of(message));
        }

        @JmsListener(destination = "listener.transacted", containerFactory = "transactedContainerFactory")
        void onTransacted(final Message message) throws JMSException
        {
            failOnFirstDelivery(transacted.add(Received.of(message)), Set.of("x3", "x7"));
        }

        @JmsListener(id = "transactedTopic", destination = "listener.transacted-topic",
            containerFactory = "transactedTopicContainerFactory")
        void onTransactedTopic(final Message message) throws JMSException
        {
            failOnFirstDelivery(transactedTopic.add(Received.of(message)), Set.of("y2"));
        }

        @JmsListener(destination = "listener.concurrent", concurrency = "3-5")
        void onConcurrent(final Message message) throws JMSException
        {
            concurrent.add(Received.of(message));
        }

        @JmsListener(destination = "listener.colors", selector = "color = 'red'")
        void onRed(final Message message) throws JMSException
        {
            red.add(Received.of(message));
        }

        @JmsListener(destination = "listener.colors", selector = "color = 'blue'")
        void onBlue(final Message message) throws JMSException
        {
            blue.add(Received.of(message));
        }

        @JmsListener(destination = "listener.requests")
        @SendTo("listener.replies.default")
        String onRequest(final String body)
        {
            return body.toUpperCase(Locale.ROOT);
        }

        private static void failOnFirstDelivery(final Delivery delivery, final Set<String> failing)
        {
            if (!delivery.redelivered() && failing.contains(delivery.body()))
            {
                throw new IllegalStateException("the listener fails on the first delivery of " + delivery.body());
            }
        }
    }

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    @Import({Listeners.class, ListenerFailures.class})
    static class Application
    {
        @Bean
        ConnectionFactory connectionFactory()
        {
            return new JmsConnectionFactory();
        }

        @Bean
        DefaultJmsListenerContainerFactory topicContainerFactory(
            final DefaultJmsListenerContainerFactoryConfigurer configurer, final ConnectionFactory connectionFactory)
        {
            final DefaultJmsListenerContainerFactory factory = new DefaultJmsListenerContainerFactory();
            configurer.configure(factory, connectionFactory);
            factory.setPubSubDomain(true);
            return factory;
        }

        @Bean
        DefaultJmsListenerContainerFactory transactedContainerFactory(
            final DefaultJmsListenerContainerFactoryConfigurer configurer, final ConnectionFactory connectionFactory,
            final ListenerFailures failures)
        {
            final DefaultJmsListenerContainerFactory factory = new DefaultJmsListenerContainerFactory();
            configurer.configure(factory, connectionFactory);
            factory.setSessionTransacted(true);
            factory.setErrorHandler(failures);
            return factory;
        }

        @Bean
        DefaultJmsListenerContainerFactory transactedTopicContainerFactory(
            final DefaultJmsListenerContainerFactoryConfigurer configurer, final ConnectionFactory connectionFactory,
            final ListenerFailures failures)
        {
            final DefaultJmsListenerContainerFactory factory = transactedContainerFactory(
                configurer, connectionFactory, failures);
            factory.setPubSubDomain(true);
            return factory;
        }
    }
}
