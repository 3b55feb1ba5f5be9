package io.wirespeed.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.binder.MeterBinder;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.jms.JmsAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The health indicator and the meters come with Actuator and Micrometer, and not without them, as Boot's own do.
 */
class WirespeedObservabilityAutoConfigurationTest
{
    private final ApplicationContextRunner runner = new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(WirespeedJmsAutoConfiguration.class, JmsAutoConfiguration.class,
            WirespeedObservabilityAutoConfiguration.class));

    @Test
    void healthIndicatorAndMetersComeWithActuatorAndMicrometer()
    {
        runner.run((context) ->
        {
            assertThat(context).hasSingleBean(WirespeedHealthIndicator.class);
            assertThat(context).hasBean("wirespeedHealthIndicator");
            assertThat(context).hasSingleBean(WirespeedMeterBinder.class);
        });
    }

    @Test
    void neitherComesWithoutItsLibrary()
    {
        runner.withClassLoader(new FilteredClassLoader(HealthIndicator.class, MeterBinder.class)).run((context) ->
        {
            assertThat(context).hasNotFailed();
            assertThat(context).doesNotHaveBean(WirespeedHealthIndicator.class);
            assertThat(context).doesNotHaveBean(WirespeedMeterBinder.class);
        });
    }

    @Test
    void theHealthIndicatorCanBeTurnedOff()
    {
        runner.withPropertyValues("management.health.wirespeed.enabled=false")
            .run((context) -> assertThat(context).doesNotHaveBean(WirespeedHealthIndicator.class));
    }
}
