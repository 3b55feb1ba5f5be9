package io.wirespeed.spring.boot.autoconfigure;

import jakarta.jms.ConnectionFactory;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.jms.JmsAutoConfiguration;
import org.springframework.boot.autoconfigure.jms.JmsProperties;
import org.springframework.boot.autoconfigure.jms.JndiConnectionFactoryAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Import;

import io.wirespeed.jms.JmsConnectionFactory;

/**
 * Auto-configures a Wirespeed {@link ConnectionFactory} from the {@code wirespeed.jms.*} properties, unless the
 * application declares a {@code ConnectionFactory} of its own. It runs before Boot's JMS auto-configuration, so that
 * {@code spring.jms.*} (template, listener containers) applies to it, and before the Artemis and ActiveMQ ones, so
 * that an application with the Wirespeed starter gets Wirespeed even when a broker client is on the class path.
 */
@AutoConfiguration(
    before = JmsAutoConfiguration.class,
    beforeName = {
        "org.springframework.boot.autoconfigure.jms.artemis.ArtemisAutoConfiguration",
        "org.springframework.boot.autoconfigure.jms.activemq.ActiveMQAutoConfiguration" },
    after = JndiConnectionFactoryAutoConfiguration.class)
@ConditionalOnClass({ ConnectionFactory.class, JmsConnectionFactory.class })
@ConditionalOnMissingBean(ConnectionFactory.class)
@EnableConfigurationProperties({ WirespeedJmsProperties.class, JmsProperties.class })
@Import(WirespeedConnectionFactoryConfiguration.class)
public class WirespeedJmsAutoConfiguration
{
}
