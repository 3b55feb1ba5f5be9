package io.wirespeed.spring.boot.starter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import io.wirespeed.jms.config.ConnectionUri;

/**
 * What a user sees when a {@code wirespeed.jms.*} property is wrong: the application does not start, and Boot's
 * failure report names the property, its value and where it was set, with the URI parser's own message.
 */
@ExtendWith(OutputCaptureExtension.class)
class BadPropertyTest
{
    @Test
    void aBadPropertyStopsTheStartWithAReportNamingItAndTheParsersMessage(final CapturedOutput output)
    {
        final String parserMessage = assertThrows(IllegalArgumentException.class,
            () -> ConnectionUri.parse("wirespeed:ipc?idle=fast")).getMessage();

        assertThrows(RuntimeException.class, () -> new SpringApplicationBuilder(Application.class)
            .web(WebApplicationType.NONE)
            .properties("wirespeed.jms.idle=fast")
            .run());

        assertThat(output.getOut() + output.getErr())
            .contains("APPLICATION FAILED TO START")
            .contains("Property: wirespeed.jms.idle")
            .contains("Value: \"fast\"")
            .contains("Reason: " + parserMessage);
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class Application
    {
    }
}
