package io.wirespeed.spring.boot3;

import static io.wirespeed.spring.TemplateCalls.receiveAndConvertEach;
import static io.wirespeed.spring.TemplateCalls.convertAndSendEach;
import static io.wirespeed.spring.Deliveries.numbered;
import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.jms.ConnectionFactory;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jms.core.JmsTemplate;
import org.springframework.test.annotation.DirtiesContext;

import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.spring.FreshEmbeddedHosts;

/**
 * Spring Boot's {@link JmsTemplate} straight over the provider's connection factory, with nothing else connected
 * in the JVM: every {@code send} and {@code receive} opens a connection and closes it again.
 */
@SpringBootTest(classes = ConnectionPerCallTest.Application.class)
@ExtendWith(FreshEmbeddedHosts.class)
@DirtiesContext
class ConnectionPerCallTest
{
    @Autowired
    private JmsTemplate jmsTemplate;

    @Test
    void receivesWhatAnEarlierCallSent()
    {
        jmsTemplate.convertAndSend("per-call.one", "kept");

        assertEquals("kept", jmsTemplate.receiveAndConvert("per-call.one"));
    }

    @Test
    void receivesTenMessagesOnePerCallInTheOrderTheyWereSent()
    {
        convertAndSendEach(jmsTemplate, "per-call.ten", numbered("o", 10));

        assertEquals(numbered("o", 10), receiveAndConvertEach(jmsTemplate, "per-call.ten", 10));
    }

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class Application
    {
        @Bean
        ConnectionFactory connectionFactory()
        {
            return new JmsConnectionFactory();
        }
    }
}
