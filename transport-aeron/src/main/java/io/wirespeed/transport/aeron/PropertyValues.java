package io.wirespeed.transport.aeron;

import io.aeron.driver.ThreadingMode;
import io.wirespeed.transport.SettingValues;
import io.wirespeed.transport.TransportException;

import java.time.Duration;

/**
 * Reads the text values of {@code wirespeed.driver.*} settings: threading modes here, booleans, sizes and durations
 * in the grammar of {@link SettingValues}, each failure naming the setting and an example of a good value.
 */
final class PropertyValues
{
    private PropertyValues()
    {
    }

    static boolean parseBoolean(final String key, final String text)
    {
        return SettingValues.bool(key, text);
    }

    static ThreadingMode parseThreading(final String text)
    {
        for (final ThreadingMode mode : new ThreadingMode[]{ ThreadingMode.SHARED, ThreadingMode.SHARED_NETWORK,
            ThreadingMode.DEDICATED })
        {
            if (AeronTransportConfiguration.threadingName(mode).equalsIgnoreCase(text))
            {
                return mode;
            }
        }
        throw new TransportException(
            AeronTransportConfiguration.THREADING_PROP + "='" + text +
            "' is not valid: use shared (default), shared-network or dedicated");
    }

    static int parseSize(final String key, final String text)
    {
        return (int)SettingValues.size(key, text, 0, Integer.MAX_VALUE);
    }

    static Duration parseDuration(final String key, final String text)
    {
        return SettingValues.duration(key, text);
    }
}
