package io.wirespeed.spring.boot3;

import static io.wirespeed.spring.TemplateCalls.convertAndSendEach;
import static io.wirespeed.spring.Deliveries.bodies;
import static io.wirespeed.spring.Deliveries.numbered;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import jakarta.jms.JMSException;
import jakarta.jms.Message;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.jms.annotation.JmsListener;
import org.springframework.jms.connection.CachingConnectionFactory;
import org.springframework.jms.connection.JmsTransactionManager;
import org.springframework.jms.core.JmsTemplate;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.transaction.support.TransactionTemplate;

import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.spring.Deliveries;
import io.wirespeed.spring.Delivery;
import io.wirespeed.spring.FreshEmbeddedHosts;

/**
 * A {@link CachingConnectionFactory} around the provider's, used by everything in the application: Boot's
 * {@code @JmsListener} containers, its {@link JmsTemplate} and a {@link JmsTransactionManager}. One connection,
 * cached sessions, producers and consumers.
 */
@SpringBootTest(classes = CachingConnectionFactoryTest.Application.class)
@ExtendWith(FreshEmbeddedHosts.class)
@DirtiesContext
class CachingConnectionFactoryTest
{
    @Autowired
    private JmsTemplate jmsTemplate;

    @Autowired
    private TransactionTemplate transactionTemplate;

    @Autowired
    private CachingConnectionFactory connectionFactory;

    @Autowired
    private Listeners listeners;

    @Test
    void aListenerOnTheCachedConnectionReceivesEveryMessageInOrder()
    {
        convertAndSendEach(jmsTemplate, "caching.listener", numbered("l", 50));

        final List<Delivery> received = listeners.orders.awaitExactly(50);

        assertEquals(numbered("l", 50), bodies(received));
        assertTrue(received.stream().noneMatch(Delivery::redelivered), received::toString);
    }

    @Test
    void transactionsThroughCachedSessionsReceiveEachMessageOnceAndSendOnCommit()
    {
        convertAndSendEach(jmsTemplate, "caching.work", numbered("w", 5));

        for (int i = 0; i < 5; i++)
        {
            transactionTemplate.executeWithoutResult(status -> forward("caching.work", "caching.done"));
        }

        assertEquals(numbered("w", 5), bodies(listeners.done.awaitExactly(5)));
        assertNull(transactionTemplate.execute(status -> quietTemplate().receive("caching.work")));
    }

    @Test
    void aRolledBackTransactionThroughCachedSessionsDiscardsItsSendAndGetsItsMessageAgainMarkedRedelivered()
    {
        jmsTemplate.convertAndSend("caching.undo", "u0");

        transactionTemplate.executeWithoutResult(status ->
        {
            forward("caching.undo", "caching.undone");
            status.setRollbackOnly();
        });
        final Message again = transactionTemplate.execute(status -> forward("caching.undo", "caching.undone"));

        assertNotNull(again);
        assertTrue(Received.unchecked(again::getJMSRedelivered),
            "the message after the rollback is not marked redelivered");
        final List<Delivery> sent = listeners.undone.awaitExactly(1);
        assertEquals(List.of("u0"), bodies(sent));
        assertNull(transactionTemplate.execute(status -> quietTemplate().receive("caching.undo")));
    }

    @Test
    void aMessageForwardedAsReceivedInARolledBackTransactionComesBackAsItArrived() throws JMSException
    {
        jmsTemplate.convertAndSend("caching.relay", "v0");
        final String[] firstDelivery = new String[2];

        transactionTemplate.executeWithoutResult(status ->
        {
            final Message work = jmsTemplate.receive("caching.relay");
            assertNotNull(work, "nothing to receive on caching.relay");
            firstDelivery[0] = Received.unchecked(work::getJMSMessageID);
            firstDelivery[1] = Received.unchecked(() -> work.getJMSDestination().toString());
            jmsTemplate.send("caching.relayed", session -> work);
            status.setRollbackOnly();
        });
        final Message again = transactionTemplate.execute(status -> jmsTemplate.receive("caching.relay"));

        assertNotNull(again, "the rolled-back message did not come back");
        assertTrue(again.getJMSRedelivered());
        assertEquals(firstDelivery[0], again.getJMSMessageID(), "JMSMessageID of the redelivered message");
        assertEquals(firstDelivery[1], again.getJMSDestination().toString(),
            "JMSDestination of the redelivered message");
        assertEquals(List.of(), listeners.relayed.awaitExactly(0));
    }

    private Message forward(final String from, final String to)
    {
        final Message work = jmsTemplate.receive(from);
        assertNotNull(work, "nothing to receive on " + from);
        jmsTemplate.convertAndSend(to, Received.text(work));
        return work;
    }

    private JmsTemplate quietTemplate()
    {
        final JmsTemplate template = new JmsTemplate(connectionFactory);
        template.setReceiveTimeout(Deliveries.QUIET.toMillis());
        return template;
    }

    /** The listeners, on containers that Boot configures over the caching factory. */
    static class Listeners
    {
        final Deliveries orders = new Deliveries();
        final Deliveries done = new Deliveries();
        final Deliveries undone = new Deliveries();
        final Deliveries relayed = new Deliveries();

        @JmsListener(destination = "caching.listener")
        void onOrder(final Message message) throws JMSException
        {
            orders.add(Received.of(message));
        }

        @JmsListener(destination = "caching.done")
        void onDone(final Message message) throws JMSException
        {
            done.add(Received.of(message));
        }

        @JmsListener(destination = "caching.undone")
        void onUndone(final Message message) throws JMSException
        {
            undone.add(Received.of(message));
        }

        @JmsListener(destination = "caching.relayed")
        void onRelayed(final Message message) throws JMSException
        {
            relayed.add(Received.of(message));
        }
    }

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    @Import(Listeners.class)
    static class Application
    {
        @Bean
        CachingConnectionFactory connectionFactory()
        {
            return new CachingConnectionFactory(new JmsConnectionFactory());
        }

        @Bean
        JmsTransactionManager transactionManager(final CachingConnectionFactory connectionFactory)
        {
            return new JmsTransactionManager(connectionFactory);
        }
    }
}
