package io.wirespeed.transport.aeron;

import io.aeron.driver.ThreadingMode;
import io.wirespeed.transport.TransportException;
import org.agrona.SystemUtil;

import java.time.Duration;

/**
 * Reads the text values of {@code wirespeed.driver.*} settings: booleans, threading modes, sizes
 * with k/m/g suffixes and durations, each failure naming the setting and an example of a good value.
 */
final class PropertyValues
{
    private PropertyValues()
    {
    }

    static boolean parseBoolean(final String key, final String text)
    {
        if ("true".equalsIgnoreCase(text) || "false".equalsIgnoreCase(text))
        {
            return Boolean.parseBoolean(text);
        }
        throw new TransportException(key + "='" + text + "' is not valid: use true or false");
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
        try
        {
            final long size = SystemUtil.parseSize(key, text);
            if (size > Integer.MAX_VALUE)
            {
                throw new TransportException(key + "='" + text + "' is too large");
            }
            return (int)size;
        }
        catch (final NumberFormatException ex)
        {
            throw new TransportException(
                key + "='" + text + "' is not a size: use bytes or a k/m/g suffix, e.g. 16m", ex);
        }
    }

    static Duration parseDuration(final String key, final String text)
    {
        try
        {
            if (text.chars().allMatch(Character::isDigit) && !text.isEmpty())
            {
                return Duration.ofMillis(Long.parseLong(text));
            }
            return Duration.ofNanos(SystemUtil.parseDuration(key, text));
        }
        catch (final NumberFormatException ex)
        {
            throw new TransportException(
                key + "='" + text + "' is not a duration: use milliseconds or a ns/us/ms/s suffix, e.g. 5s", ex);
        }
    }
}
