package io.wirespeed.spring.boot3;

import static io.wirespeed.spring.TemplateCalls.receiveAndConvertEach;
import static io.wirespeed.spring.TemplateCalls.convertAndSendEach;
import static io.wirespeed.spring.Deliveries.numbered;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import jakarta.jms.BytesMessage;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jms.connection.CachingConnectionFactory;
import org.springframework.jms.core.JmsTemplate;
import org.springframework.test.annotation.DirtiesContext;

import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.spring.FreshEmbeddedHosts;

/**
 * Spring Boot's auto-configured {@link JmsTemplate} over the user's connection factory, declared the way Boot
 * itself declares a broker's: a {@link CachingConnectionFactory} around the provider's.
 */
@SpringBootTest(classes = JmsTemplateTest.Application.class)
@ExtendWith(FreshEmbeddedHosts.class)
@DirtiesContext
class JmsTemplateTest
{
    @Autowired
    private JmsTemplate jmsTemplate;

    @Autowired
    private ConnectionFactory connectionFactory;

    @Test
    void receivesTheMessageItSentToAQueueWithItsHeadersAndProperties() throws JMSException
    {
        jmsTemplate.send("template.text", session ->
        {
            final TextMessage message = session.createTextMessage("hello");
            message.setStringProperty("origin", "spring");
            message.setIntProperty("attempt", 3);
            message.setJMSCorrelationID("c-1");
            return message;
        });

        final Message received = jmsTemplate.receive("template.text");

        assertNotNull(received, "nothing received within the template's receive timeout");
        assertEquals("hello", assertInstanceOf(TextMessage.class, received).getText());
        assertEquals("spring", received.getStringProperty("origin"));
        assertEquals(3, received.getIntProperty("attempt"));
        assertEquals("c-1", received.getJMSCorrelationID());
        assertEquals(DeliveryMode.PERSISTENT, received.getJMSDeliveryMode());
        assertFalse(received.getJMSRedelivered());
        assertEquals(List.of(), Received.drain(connectionFactory, "template.text"));
    }

    @Test
    void convertsWhatItSendsAndWhatItReceives() throws JMSException
    {
        jmsTemplate.convertAndSend("template.converted", "a string");
        jmsTemplate.convertAndSend("template.converted", Map.of("id", 42L, "name", "widget"));
        jmsTemplate.convertAndSend("template.converted", new byte[] {1, 2, 3});

        assertEquals("a string", jmsTemplate.receiveAndConvert("template.converted"));
        assertEquals(Map.of("id", 42L, "name", "widget"), jmsTemplate.receiveAndConvert("template.converted"));
        assertArrayEquals(new byte[] {1, 2, 3}, (byte[])jmsTemplate.receiveAndConvert("template.converted"));
        assertEquals(List.of(), Received.drain(connectionFactory, "template.converted"));
    }

    @Test
    void sendsMapAndBytesMessagesThatReceiversReadAsThoseTypes() throws JMSException
    {
        jmsTemplate.convertAndSend("template.types", Map.of("price", 1.0842d));
        jmsTemplate.convertAndSend("template.types", new byte[] {9, 8});

        final MapMessage map = assertInstanceOf(MapMessage.class, jmsTemplate.receive("template.types"));
        assertEquals(1.0842d, map.getDouble("price"));
        final BytesMessage bytes = assertInstanceOf(BytesMessage.class, jmsTemplate.receive("template.types"));
        assertEquals(2, bytes.getBodyLength());
    }

    @Test
    void receivesTenMessagesOnePerCallInTheOrderTheyWereSent()
    {
        convertAndSendEach(jmsTemplate, "template.ten", numbered("t", 10));

        assertEquals(numbered("t", 10), receiveAndConvertEach(jmsTemplate, "template.ten", 10));
    }

    @Test
    void keepsQueuedMessagesInOrderWhenTheCachedConnectionIsReset()
    {
        convertAndSendEach(jmsTemplate, "template.reset", numbered("k", 10));
        final List<Object> received = new ArrayList<>(receiveAndConvertEach(jmsTemplate, "template.reset", 3));

        ((CachingConnectionFactory)connectionFactory).resetConnection();
        received.addAll(receiveAndConvertEach(jmsTemplate, "template.reset", 7));

        assertEquals(numbered("k", 10), received);
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
