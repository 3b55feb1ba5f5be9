package io.wirespeed.spring.boot.autoconfigure;

import java.nio.file.Paths;
import java.util.Map;

import org.springframework.validation.Errors;

import io.wirespeed.jms.config.ConnectionConfig;
import io.wirespeed.jms.config.ConnectionOption;

/**
 * Turns the {@code wirespeed.jms.*} properties into the provider's typed {@link ConnectionConfig}, through its
 * {@link ConnectionConfig.Builder}: the URL's transport and options, then each property as the option of its name
 * ({@link ConnectionOption}), read as the URI would read it. Validates them the same way: a property the builder
 * refuses is rejected under its own name with the builder's message (the URI parser's), so a bad value fails the
 * application's start and says which property to change.
 */
final class PropertiesConfig
{
    private static final String ERROR_CODE = "wirespeed.jms.invalid";

    private PropertiesConfig()
    {
    }

    /**
     * The configuration the properties describe: the URL, then each option set as a property (a property wins over
     * the same option in the URL: the last value wins), then the routes and slow-consumer patterns in their order.
     *
     * @param properties        the bound properties.
     * @param defaultArchiveDir an archive directory set before the URL's options (so that the URL and the
     *                          {@code archive-dir} property still win), or null for the provider's default.
     * @return the configuration.
     * @throws IllegalArgumentException naming what to change, if the properties were not validated.
     */
    static ConnectionConfig config(final WirespeedJmsProperties properties, final String defaultArchiveDir)
    {
        final ConnectionConfig.Builder builder = ConnectionConfig.builder();
        if (null != defaultArchiveDir)
        {
            builder.archiveDir(Paths.get(defaultArchiveDir));
        }
        builder.uri(properties.getUrl());
        properties.options().forEach(builder::option);
        properties.patternOptions().forEach(builder::option);
        return builder.build();
    }

    /**
     * Rejects every property the builder refuses on its own, with its message; when each is fine alone but the
     * configuration they make together is not, rejects the URL (or, if the URL is fine alone, the combination).
     *
     * @param properties the bound properties.
     * @param errors     where the rejections go.
     */
    static void validate(final WirespeedJmsProperties properties, final Errors errors)
    {
        boolean refused = false;
        for (final Map.Entry<String, String> option : properties.options().entrySet())
        {
            final String refusal = refusal(() -> ConnectionConfig.builder()
                .option(option.getKey(), option.getValue()).build());
            if (refusal != null)
            {
                errors.rejectValue(option.getKey(), ERROR_CODE, refusal);
                refused = true;
            }
        }
        for (final Map.Entry<String, String> option : properties.patternOptions().entrySet())
        {
            final String refusal = refusal(() -> ConnectionConfig.builder()
                .option(option.getKey(), option.getValue()).build());
            if (refusal != null)
            {
                errors.rejectValue(WirespeedJmsProperties.patternProperty(option.getKey()), ERROR_CODE, refusal);
                refused = true;
            }
        }
        if (!refused)
        {
            final String refusal = refusal(() -> config(properties, null));
            if (refusal != null && refusal(() -> ConnectionConfig.builder().uri(properties.getUrl()).build()) != null)
            {
                errors.rejectValue("url", ERROR_CODE, refusal);
            }
            else if (refusal != null)
            {
                errors.reject(ERROR_CODE, refusal);
            }
        }
    }

    private static String refusal(final Runnable build)
    {
        try
        {
            build.run();
            return null;
        }
        catch (final IllegalArgumentException ex)
        {
            return ex.getMessage();
        }
    }
}
