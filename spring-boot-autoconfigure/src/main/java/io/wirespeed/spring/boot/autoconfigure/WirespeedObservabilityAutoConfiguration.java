package io.wirespeed.spring.boot.autoconfigure;

import jakarta.jms.ConnectionFactory;

import io.micrometer.core.instrument.binder.MeterBinder;
import org.springframework.boot.actuate.autoconfigure.health.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.wirespeed.jms.JmsConnectionFactory;

/**
 * The {@code wirespeed} health indicator, when Spring Boot Actuator is on the class path
 * ({@code management.health.wirespeed.enabled=false} turns it off), and the {@code wirespeed.*} meters, when
 * Micrometer is; each backs off for a bean of the application's own of its type and name.
 */
@AutoConfiguration(after = WirespeedJmsAutoConfiguration.class, afterName = {
    "org.springframework.boot.autoconfigure.jms.JmsAutoConfiguration",
    "org.springframework.boot.autoconfigure.jms.JndiConnectionFactoryAutoConfiguration" })
@ConditionalOnClass(JmsConnectionFactory.class)
public class WirespeedObservabilityAutoConfiguration
{
    /** The health indicator, with Actuator. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(HealthIndicator.class)
    @ConditionalOnBean(ConnectionFactory.class)
    @ConditionalOnEnabledHealthIndicator("wirespeed")
    static class HealthConfiguration
    {
        @Bean
        @ConditionalOnMissingBean(name = "wirespeedHealthIndicator")
        WirespeedHealthIndicator wirespeedHealthIndicator(final ConnectionFactory connectionFactory)
        {
            return new WirespeedHealthIndicator(connectionFactory);
        }
    }

    /** The meters, with Micrometer. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(MeterBinder.class)
    static class MetricsConfiguration
    {
        @Bean
        @ConditionalOnMissingBean
        WirespeedMeterBinder wirespeedMeterBinder()
        {
            return new WirespeedMeterBinder();
        }
    }
}
