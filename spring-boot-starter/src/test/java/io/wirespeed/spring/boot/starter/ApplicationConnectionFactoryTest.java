package io.wirespeed.spring.boot.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import jakarta.jms.ConnectionFactory;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.jms.core.JmsTemplate;
import org.springframework.test.annotation.DirtiesContext;

import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.spring.boot.autoconfigure.WirespeedJmsProperties;

/**
 * An application that declares its own {@code ConnectionFactory}: the starter steps aside (its properties are not
 * even read, so this one, which the parser would refuse, does no harm) and Boot's {@code JmsTemplate} uses the
 * application's factory.
 */
@SpringBootTest(classes = ApplicationConnectionFactoryTest.Application.class, properties = {
    "wirespeed.jms.idle=not-an-idle-strategy",
    "spring.jms.template.receive-timeout=10s" })
@DirtiesContext
class ApplicationConnectionFactoryTest
{
    @Autowired
    ApplicationContext context;

    @Autowired
    JmsTemplate jmsTemplate;

    @Test
    void theApplicationsOwnFactoryServesBootsJmsTemplate()
    {
        final ConnectionFactory own = context.getBean(ConnectionFactory.class);
        assertEquals("wirespeed:ipc?linger=0", ((JmsConnectionFactory)own).getUri());
        assertSame(own, jmsTemplate.getConnectionFactory());
        assertEquals(0, context.getBeanNamesForType(WirespeedJmsProperties.class).length);

        jmsTemplate.convertAndSend("starter.own.factory", "through the application's factory");
        assertEquals("through the application's factory", jmsTemplate.receiveAndConvert("starter.own.factory"));
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class Application
    {
        @Bean
        ConnectionFactory applicationConnectionFactory()
        {
            return new JmsConnectionFactory("wirespeed:ipc?linger=0");
        }
    }
}
