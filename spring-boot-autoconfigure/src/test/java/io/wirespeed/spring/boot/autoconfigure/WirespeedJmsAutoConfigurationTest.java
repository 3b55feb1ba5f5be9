package io.wirespeed.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;

import jakarta.jms.ConnectionFactory;

import org.junit.jupiter.api.Test;
import org.springframework.beans.BeanWrapperImpl;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.jms.JmsAutoConfiguration;
import org.springframework.boot.context.properties.bind.validation.BindValidationException;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jms.connection.CachingConnectionFactory;
import org.springframework.jms.core.JmsTemplate;
import org.springframework.validation.FieldError;
import org.springframework.validation.ObjectError;

import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.jms.config.ConnectionUri;

class WirespeedJmsAutoConfigurationTest
{
    private final ApplicationContextRunner runner = new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(WirespeedJmsAutoConfiguration.class, JmsAutoConfiguration.class));

    @Test
    void cachesTheWirespeedFactoryTheWayBootCachesTheFactoriesItCreates()
    {
        runner.withPropertyValues("wirespeed.jms.idle=sleeping", "spring.jms.cache.session-cache-size=7",
            "spring.jms.cache.producers=false", "spring.jms.cache.consumers=true").run(context ->
            {
                final CachingConnectionFactory caching = context.getBean("jmsConnectionFactory",
                    CachingConnectionFactory.class);
                assertThat(context).hasSingleBean(ConnectionFactory.class);
                assertEquals(7, caching.getSessionCacheSize());
                assertEquals(false, caching.isCacheProducers());
                assertEquals(true, caching.isCacheConsumers());
                final JmsConnectionFactory wirespeed = (JmsConnectionFactory)caching.getTargetConnectionFactory();
                assertEquals("wirespeed:ipc?idle=sleeping", wirespeed.getUri());
                assertThat(context.getBean(JmsTemplate.class).getConnectionFactory()).isSameAs(caching);
            });
    }

    @Test
    void withCachingDisabledTheBeanIsTheWirespeedFactoryItself()
    {
        runner.withPropertyValues("spring.jms.cache.enabled=false", "wirespeed.jms.url=wirespeed:ipc?linger=0")
            .run(context ->
            {
                assertThat(context).hasSingleBean(ConnectionFactory.class);
                assertEquals("wirespeed:ipc?linger=0",
                    context.getBean("jmsConnectionFactory", JmsConnectionFactory.class).getUri());
            });
    }

    @Test
    void backsOffWhenTheApplicationDeclaresAConnectionFactoryAndLeavesItsPropertiesUnread()
    {
        runner.withUserConfiguration(OwnConnectionFactory.class).withPropertyValues("wirespeed.jms.idle=nonsense")
            .run(context ->
            {
                assertThat(context).hasNotFailed().hasSingleBean(ConnectionFactory.class)
                    .doesNotHaveBean(WirespeedJmsProperties.class);
                assertThat(context.getBean(JmsTemplate.class).getConnectionFactory())
                    .isSameAs(context.getBean("ownFactory"));
            });
    }

    @Test
    void routePatternsKeepTheirDotsAndWildcardsWhenWrittenInBrackets()
    {
        runner.withPropertyValues("spring.jms.cache.enabled=false",
            "wirespeed.jms.route[prices.>]=aeron:udp?endpoint=239.1.2.4:40457|interface=127.0.0.1",
            "wirespeed.jms.route[orders.*]=aeron:ipc").run(context ->
                assertEquals("wirespeed:ipc?route.prices.>=aeron:udp?endpoint=239.1.2.4:40457|interface=127.0.0.1" +
                    "&route.orders.*=aeron:ipc", context.getBean(JmsConnectionFactory.class).getUri()));
    }

    @Test
    void theArchiveDirectoryIsTheApplicationsOwnUnlessTheUrlOrThePropertyNamesOne()
    {
        final String own = ApplicationArchiveDirectory.of("billing", System.getProperty("user.home"),
            System.getProperty("user.dir"));
        runner.withPropertyValues("spring.jms.cache.enabled=false", "spring.application.name=billing").run(context ->
            assertEquals("wirespeed:ipc?archiveDir=" + own, context.getBean(JmsConnectionFactory.class).getUri()));
        runner.withPropertyValues("spring.jms.cache.enabled=false", "spring.application.name=billing",
            "wirespeed.jms.archive-dir=/var/lib/billing/archive").run(context ->
                assertEquals("wirespeed:ipc?archiveDir=/var/lib/billing/archive",
                    context.getBean(JmsConnectionFactory.class).getUri()));
        runner.withPropertyValues("spring.jms.cache.enabled=false").run(context ->
            assertEquals("wirespeed:ipc", context.getBean(JmsConnectionFactory.class).getUri()));
    }

    @Test
    void aBadPropertyFailsTheStartWithTheParsersMessageUnderThePropertysName()
    {
        runner.withPropertyValues("wirespeed.jms.idle=fast", "wirespeed.jms.archive-retention=soon",
            "wirespeed.jms.route[orders]=tcp://broker:61616").run(context ->
            {
                final List<ObjectError> errors = validationErrors(context.getStartupFailure());
                assertEquals(3, errors.size(), errors::toString);
                assertEquals("idle", ((FieldError)errors.get(0)).getField());
                assertEquals(parserMessage("wirespeed:ipc?idle=fast"), errors.get(0).getDefaultMessage());
                assertEquals("archiveRetention", ((FieldError)errors.get(1)).getField());
                assertEquals(parserMessage("wirespeed:ipc?archiveRetention=soon"), errors.get(1).getDefaultMessage());
                assertEquals("route", ((FieldError)errors.get(2)).getField());
                assertEquals(parserMessage("wirespeed:ipc?route.orders=tcp://broker:61616"),
                    errors.get(2).getDefaultMessage());
            });
    }

    @Test
    void whatIsWrongOnlyInCombinationIsRejectedOnTheUrlWithTheParsersMessage()
    {
        runner.withPropertyValues("wirespeed.jms.url=wirespeed:udp", "wirespeed.jms.idle=sleeping").run(context ->
        {
            final List<ObjectError> errors = validationErrors(context.getStartupFailure());
            assertEquals(1, errors.size(), errors::toString);
            assertEquals("url", ((FieldError)errors.get(0)).getField());
            assertEquals(parserMessage("wirespeed:udp?idle=sleeping"), errors.get(0).getDefaultMessage());
        });
        runner.withPropertyValues("wirespeed.jms.stream-id-base=1073741824", "wirespeed.jms.stream-id-range=1879048192")
            .run(context ->
            {
                final List<ObjectError> errors = validationErrors(context.getStartupFailure());
                assertEquals(1, errors.size(), errors::toString);
                assertEquals(parserMessage("wirespeed:ipc?streamIdBase=1073741824&streamIdRange=1879048192"),
                    errors.get(0).getDefaultMessage());
            });
    }

    @Test
    void everyOptionTheParserKnowsIsAPropertyOfTheSameName()
    {
        final String message = parserMessage("wirespeed:ipc?noSuchOption=1");
        final String known = message.substring(message.indexOf("known options: [") + "known options: [".length(),
            message.lastIndexOf(']'));
        for (final String option : known.split(", "))
        {
            final WirespeedJmsProperties properties = new WirespeedJmsProperties();
            if (option.equals("route.<pattern>"))
            {
                properties.getRoute().put("a", "aeron:ipc");
                assertEquals("wirespeed:ipc?route.a=aeron:ipc", PropertiesConfig.config(properties, null).uri());
            }
            else if (option.equals("slowConsumers.<pattern>"))
            {
                properties.getSlowConsumersFor().put("prices.>", "drop");
                assertEquals("wirespeed:ipc?slowConsumers.prices.>=drop",
                    PropertiesConfig.config(properties, null).uri());
            }
            else
            {
                new BeanWrapperImpl(properties).setPropertyValue(option, "x");
                assertEquals(Map.of(option, "x"), properties.options(), option);
            }
        }
    }

    private static List<ObjectError> validationErrors(final Throwable startupFailure)
    {
        assertNotNull(startupFailure, "the context started");
        Throwable cause = startupFailure;
        while (cause != null && !(cause instanceof BindValidationException))
        {
            cause = cause.getCause();
        }
        assertNotNull(cause, () -> "not a validation failure: " + startupFailure);
        return ((BindValidationException)cause).getValidationErrors().getAllErrors();
    }

    private static String parserMessage(final String uri)
    {
        return assertThrows(IllegalArgumentException.class, () -> ConnectionUri.parse(uri)).getMessage();
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnConnectionFactory
    {
        @Bean
        ConnectionFactory ownFactory()
        {
            return new JmsConnectionFactory("wirespeed:ipc?idle=yielding");
        }
    }
}
