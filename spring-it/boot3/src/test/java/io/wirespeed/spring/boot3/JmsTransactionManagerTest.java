package io.wirespeed.spring.boot3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import jakarta.jms.ConnectionFactory;
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
import org.springframework.jms.connection.JmsTransactionManager;
import org.springframework.jms.core.JmsTemplate;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.transaction.support.TransactionTemplate;

import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.spring.Deliveries;
import io.wirespeed.spring.Delivery;
import io.wirespeed.spring.FreshEmbeddedHosts;

/**
 * A {@link JmsTransactionManager} on the provider's connection factory around {@code JmsTemplate.receive} and
 * {@code send}, as a service method would use it: receive a request, send the result, commit or roll back. A
 * {@code @JmsListener} consumes the results.
 */
@SpringBootTest(classes = JmsTransactionManagerTest.Application.class)
@ExtendWith(FreshEmbeddedHosts.class)
@DirtiesContext
class JmsTransactionManagerTest
{
    @Autowired
    private JmsTemplate jmsTemplate;

    @Autowired
    private TransactionTemplate transactionTemplate;

    @Autowired
    private ConnectionFactory connectionFactory;

    @Autowired
    private Results results;

    @Test
    void aCommittedReceiveRemovesTheMessageExactlyOnceAndTheSendIsDelivered() throws JMSException
    {
        jmsTemplate.convertAndSend("tx.commit.in", "order-1");

        transactionTemplate.executeWithoutResult(status -> forward("tx.commit.in", "tx.commit.out"));

        assertEquals(List.of("processed order-1"), Deliveries.bodies(results.committed.awaitExactly(1)));
        assertEquals(List.of(), Received.drain(connectionFactory, "tx.commit.in"));
    }

    @Test
    void aRolledBackReceiveComesBackMarkedRedeliveredAndTheSendIsDiscarded() throws JMSException
    {
        jmsTemplate.convertAndSend("tx.rollback.in", "order-2");

        transactionTemplate.executeWithoutResult(status ->
        {
            forward("tx.rollback.in", "tx.rollback.out");
            status.setRollbackOnly();
        });

        final List<Delivery> left = Received.drain(connectionFactory, "tx.rollback.in");
        assertEquals(List.of("order-2"), Deliveries.bodies(left));
        assertTrue(left.get(0).redelivered(), left::toString);
        assertEquals(2, left.get(0).deliveryCount(), left::toString);
        assertEquals(List.of(), results.rolledBack.awaitExactly(0));
    }

    private void forward(final String from, final String to)
    {
        final Message request = jmsTemplate.receive(from);
        assertNotNull(request, "nothing to receive on " + from);
        jmsTemplate.convertAndSend(to, "processed " + Received.text(request));
    }

    /** The listeners on the queues the transactions send to. */
    static class Results
    {
        final Deliveries committed = new Deliveries();
        final Deliveries rolledBack = new Deliveries();

        @JmsListener(destination = "tx.commit.out")
        void onCommitted(final Message message) throws JMSException
        {
            committed.add(Received.of(message));
        }

        @JmsListener(destination = "tx.rollback.out")
        void onRolledBack(final Message message) throws JMSException
        {
            rolledBack.add(Received.of(message));
        }
    }

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    @Import(Results.class)
    static class Application
    {
        @Bean
        ConnectionFactory connectionFactory()
        {
            return new JmsConnectionFactory();
        }

        @Bean
        JmsTransactionManager transactionManager(final ConnectionFactory connectionFactory)
        {
            return new JmsTransactionManager(connectionFactory);
        }
    }
}
