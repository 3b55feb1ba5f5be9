package io.wirespeed.spring.boot3;

import static io.wirespeed.spring.TemplateCalls.convertAndSendEach;
import static io.wirespeed.spring.Deliveries.bodies;
import static io.wirespeed.spring.Deliveries.numbered;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import jakarta.jms.JMSException;
import jakarta.jms.Session;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jms.connection.CachingConnectionFactory;
import org.springframework.jms.core.JmsTemplate;
import org.springframework.jms.listener.DefaultMessageListenerContainer;
import org.springframework.jms.listener.SessionAwareMessageListener;
import org.springframework.test.annotation.DirtiesContext;

import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.spring.Deliveries;
import io.wirespeed.spring.Delivery;
import io.wirespeed.spring.FreshEmbeddedHosts;
import io.wirespeed.spring.ListenerFailures;

/**
 * A {@link DefaultMessageListenerContainer} in CLIENT_ACKNOWLEDGE mode on the provider's connection factory: Spring
 * acknowledges each message after its listener returns and recovers the session when the listener throws. The
 * application's {@link JmsTemplate} (over a {@link CachingConnectionFactory}) sends and checks what is left.
 */
@SpringBootTest(classes = ClientAcknowledgeContainerTest.Application.class)
@ExtendWith(FreshEmbeddedHosts.class)
@DirtiesContext
class ClientAcknowledgeContainerTest
{
    @Autowired
    private JmsTemplate jmsTemplate;

    @Autowired
    private CachingConnectionFactory connectionFactory;

    @Test
    void acknowledgesEachMessageOnceItsListenerReturns() throws JMSException
    {
        final Deliveries deliveries = new Deliveries();
        final DefaultMessageListenerContainer container =
            start("ack.done", (message, session) -> deliveries.add(Received.of(message)));
        convertAndSendEach(jmsTemplate, "ack.done", numbered("a", 10));

        final List<Delivery> received = deliveries.awaitExactly(10);
        container.shutdown();

        assertEquals(numbered("a", 10), bodies(received));
        assertTrue(received.stream().noneMatch(Delivery::redelivered), received::toString);
        assertEquals(List.of(), Received.drain(connectionFactory, "ack.done"));
    }

    @Test
    void recoversAfterAListenerThrowsSoTheMessageComesBackMarkedRedelivered() throws JMSException
    {
        final Deliveries deliveries = new Deliveries();
        final DefaultMessageListenerContainer container = start("ack.recover", (message, session) ->
        {
            final Delivery delivery = deliveries.add(Received.of(message));
            if (delivery.body().equals("r4") && !delivery.redelivered())
            {
                throw new IllegalStateException("the listener fails on the first delivery of r4");
            }
        });
        convertAndSendEach(jmsTemplate, "ack.recover", numbered("r", 10));

        final List<Delivery> received = deliveries.awaitExactly(11);
        container.shutdown();

        final List<String> expected = new ArrayList<>(numbered("r", 10));
        expected.add(5, "r4");
        assertEquals(expected, bodies(received));
        assertEquals(List.of(5), redeliveredPositions(received), received::toString);
        assertEquals(2, received.get(5).deliveryCount());
        assertEquals(List.of(), Received.drain(connectionFactory, "ack.recover"));
    }

    private DefaultMessageListenerContainer start(final String queue, final SessionAwareMessageListener<?> listener)
    {
        final DefaultMessageListenerContainer container = new DefaultMessageListenerContainer();
        container.setConnectionFactory(connectionFactory.getTargetConnectionFactory());
        container.setDestinationName(queue);
        container.setSessionAcknowledgeMode(Session.CLIENT_ACKNOWLEDGE);
        container.setMessageListener(listener);
        container.setErrorHandler(new ListenerFailures());
        container.afterPropertiesSet();
        container.start();
        return container;
    }

    private static List<Integer> redeliveredPositions(final List<Delivery> received)
    {
        final List<Integer> positions = new ArrayList<>();
        for (int i = 0; i < received.size(); i++)
        {
            if (received.get(i).redelivered())
            {
                positions.add(i);
            }
        }
        return positions;
    }

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class Application
    {
        @Bean
        CachingConnectionFactory connectionFactory()
        {
            return new CachingConnectionFactory(new JmsConnectionFactory());
        }
    }
}
