package io.wirespeed.spring.boot3;

import static io.wirespeed.spring.TemplateCalls.receiveAndConvertEach;
import static io.wirespeed.spring.TemplateCalls.convertAndSendEach;
import static io.wirespeed.spring.Deliveries.numbered;
import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.jms.ConnectionFactory;

import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jms.core.JmsTemplate;
import org.springframework.test.annotation.DirtiesContext;

import io.wirespeed.jms.JmsConnectionFactory;

/**
 * Spring Boot's {@link JmsTemplate} straight over the provider's connection factory, with nothing else connected
 * in the JVM: every {@code send} and {@code receive} opens a connection and closes it again.
 */
@SpringBootTest(classes = ConnectionPerCallTest.Application.class)
@DirtiesContext
class ConnectionPerCallTest
{
    @Autowired
    private JmsTemplate jmsTemplate;

    @Test
    @Disabled("issue 11 item 1: the embedded queue host closes with the JVM's last connection, so the message one " +
        "call sent is gone at the next call: expected: <kept> but was: <null>")
    void receivesWhatAnEarlierCallSent()
    {
        jmsTemplate.convertAndSend("per-call.one", "kept");

        assertEquals("kept", jmsTemplate.receiveAndConvert("per-call.one"));
    }

    @Test
    @Disabled("issue 11 items 1 and 2: the queue host closes with the JVM's last connection (expected: <[o0, o1, " +
        "..., o9]> but was: <[]>); once it stays, each closing consumer returns its prefetched messages reversed")
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
