package io.wirespeed.spring.boot.autoconfigure;

import jakarta.jms.ConnectionFactory;

import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.jms.JmsProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.jms.connection.CachingConnectionFactory;

import io.wirespeed.jms.JmsConnectionFactory;

/**
 * The {@code jmsConnectionFactory} bean, as Boot makes it for the brokers it knows: a
 * {@link CachingConnectionFactory} around the Wirespeed factory ({@code spring.jms.cache.*}: one shared connection,
 * cached sessions, producers and consumers), or the Wirespeed factory itself with
 * {@code spring.jms.cache.enabled=false}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnMissingBean(ConnectionFactory.class)
class WirespeedConnectionFactoryConfiguration
{
    private static final String CACHE_ENABLED = "spring.jms.cache.enabled";

    static JmsConnectionFactory createConnectionFactory(
        final WirespeedJmsProperties properties, final Environment environment)
    {
        final String defaultArchiveDir = properties.getArchiveDir() == null ?
            ApplicationArchiveDirectory.of(environment) : null;
        return new JmsConnectionFactory(PropertiesConfig.config(properties, defaultArchiveDir));
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(name = CACHE_ENABLED, havingValue = "false")
    static class SimpleConnectionFactoryConfiguration
    {
        @Bean(name = "jmsConnectionFactory")
        JmsConnectionFactory jmsConnectionFactory(
            final WirespeedJmsProperties properties, final Environment environment)
        {
            return createConnectionFactory(properties, environment);
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(name = CACHE_ENABLED, havingValue = "true", matchIfMissing = true)
    static class CachingConnectionFactoryConfiguration
    {
        @Bean(name = "jmsConnectionFactory")
        CachingConnectionFactory cachingJmsConnectionFactory(
            final JmsProperties jmsProperties, final WirespeedJmsProperties properties, final Environment environment)
        {
            final JmsProperties.Cache cache = jmsProperties.getCache();
            final CachingConnectionFactory connectionFactory =
                new CachingConnectionFactory(createConnectionFactory(properties, environment));
            connectionFactory.setCacheConsumers(cache.isConsumers());
            connectionFactory.setCacheProducers(cache.isProducers());
            connectionFactory.setSessionCacheSize(cache.getSessionCacheSize());
            return connectionFactory;
        }
    }
}
