package io.wirespeed.spring.boot.autoconfigure;

import java.util.Map;
import java.util.StringJoiner;

import org.springframework.validation.Errors;

import io.wirespeed.jms.config.ConnectionUri;

/**
 * Turns the {@code wirespeed.jms.*} properties into one connection URI for the provider's one parser
 * ({@link ConnectionUri}), and validates them with it: a property the parser refuses is rejected under its own
 * name with the parser's message, so a bad value fails the application's start and says which property to change.
 */
final class PropertiesUri
{
    private static final String ERROR_CODE = "wirespeed.jms.invalid";

    private PropertiesUri()
    {
    }

    /**
     * The URI the properties describe: the URL, then each option set as a property (a property wins over the same
     * option in the URL: the parser takes the last), then the routes in their order.
     *
     * @param properties         the bound properties.
     * @param defaultArchiveDir  an archive directory put before the URL's options (so that the URL and the
     *                           {@code archive-dir} property still win), or null for the provider's default.
     * @return the URI.
     */
    static String of(final WirespeedJmsProperties properties, final String defaultArchiveDir)
    {
        return compose(properties.getUrl(), defaultArchiveDir, properties.options(), properties.patternOptions());
    }

    /**
     * Rejects every property the parser refuses on its own, with the parser's message; when each is fine alone
     * but the URI they make together is not, rejects the URL (or, if the URL is fine alone, the combination).
     *
     * @param properties the bound properties.
     * @param errors     where the rejections go.
     */
    static void validate(final WirespeedJmsProperties properties, final Errors errors)
    {
        boolean refused = false;
        for (final Map.Entry<String, String> option : properties.options().entrySet())
        {
            final String refusal = refusal(
                compose(ConnectionUri.DEFAULT_URI, null, Map.of(option.getKey(), option.getValue()), Map.of()));
            if (refusal != null)
            {
                errors.rejectValue(option.getKey(), ERROR_CODE, refusal);
                refused = true;
            }
        }
        for (final Map.Entry<String, String> option : properties.patternOptions().entrySet())
        {
            final String refusal = refusal(
                compose(ConnectionUri.DEFAULT_URI, null, Map.of(), Map.of(option.getKey(), option.getValue())));
            if (refusal != null)
            {
                errors.rejectValue(WirespeedJmsProperties.patternProperty(option.getKey()), ERROR_CODE, refusal);
                refused = true;
            }
        }
        if (!refused)
        {
            final String refusal = refusal(of(properties, null));
            if (refusal != null && refusal(compose(properties.getUrl(), null, Map.of(), Map.of())) != null)
            {
                errors.rejectValue("url", ERROR_CODE, refusal);
            }
            else if (refusal != null)
            {
                errors.reject(ERROR_CODE, refusal);
            }
        }
    }

    private static String refusal(final String uri)
    {
        try
        {
            ConnectionUri.parse(uri);
            return null;
        }
        catch (final IllegalArgumentException ex)
        {
            return ex.getMessage();
        }
    }

    private static String compose(
        final String url,
        final String defaultArchiveDir,
        final Map<String, String> options,
        final Map<String, String> patternOptions)
    {
        final String base = url == null || url.isBlank() ? ConnectionUri.DEFAULT_URI : url.trim();
        final int query = base.indexOf('?');
        final StringJoiner joined = new StringJoiner("&");
        if (defaultArchiveDir != null)
        {
            joined.add("archiveDir=" + encode(defaultArchiveDir));
        }
        if (query >= 0 && query < base.length() - 1)
        {
            joined.add(base.substring(query + 1));
        }
        for (final Map.Entry<String, String> option : options.entrySet())
        {
            joined.add(option.getKey() + "=" + encode(option.getValue()));
        }
        for (final Map.Entry<String, String> option : patternOptions.entrySet())
        {
            joined.add(encode(option.getKey()).replace("=", "%3D") + "=" + encode(option.getValue()));
        }
        final String head = query < 0 ? base : base.substring(0, query);
        return joined.length() == 0 ? head : head + "?" + joined;
    }

    /** Percent-encodes what would end a value early, and nothing else, so that the URI stays readable. */
    private static String encode(final String value)
    {
        return value.replace("%", "%25").replace("&", "%26");
    }
}
