package io.wirespeed.transport;

import java.time.Duration;
import java.util.Locale;

/**
 * The one grammar of the values of Wirespeed's settings, for the driver's, the archive's and the queue host's
 * properties and the connection URI's options alike: sizes ({@code 16m}), durations ({@code 500ms}, {@code 5s},
 * {@code 2m}), booleans and whole numbers. A value that does not parse fails with a {@link TransportException} that
 * names the setting, the value and what is accepted.
 * <ul>
 * <li>A size is a whole number of bytes, or one with a unit {@code k}, {@code m} or {@code g} (KiB, MiB, GiB), in
 * either case: {@code 1408}, {@code 64k}, {@code 16m}, {@code 1g}.</li>
 * <li>A duration is a whole number of milliseconds, or one with a unit {@code ms}, {@code s}, {@code m}, {@code h}
 * or {@code d}: {@code 500}, {@code 500ms}, {@code 5s}, {@code 2m}, {@code 24h}, {@code 7d}.</li>
 * <li>A boolean is {@code true} or {@code false}, in either case.</li>
 * </ul>
 * Spaces around a value are ignored; signs, fractions and other units are not accepted.
 */
public final class SettingValues
{
    /** What a size may be, as messages say it. */
    public static final String SIZE_FORMS = "a whole number of bytes, or one with a unit k, m or g, e.g. 16m";
    /** What a duration may be, as messages say it. */
    public static final String DURATION_FORMS =
        "a whole number of milliseconds, or one with a unit ms, s, m, h or d, e.g. 500ms, 5s or 2m";

    private static final long KIB = 1024;
    private static final long MIB = KIB * 1024;
    private static final long GIB = MIB * 1024;

    private SettingValues()
    {
    }

    /**
     * Parses a size.
     *
     * @param key  the setting, for the message.
     * @param text the value, e.g. {@code 16m}.
     * @return the size in bytes.
     * @throws TransportException if the text is not a size.
     */
    public static long size(final String key, final String text)
    {
        final String value = null == text ? "" : text.trim().toLowerCase(Locale.ROOT);
        final int digits = leadingDigits(value);
        final long unit = switch (value.substring(digits))
        {
            case "" -> 1;
            case "k" -> KIB;
            case "m" -> MIB;
            case "g" -> GIB;
            default -> 0;
        };
        if (0 == digits || 0 == unit)
        {
            throw new TransportException(key + "='" + text + "' is not a size: use " + SIZE_FORMS);
        }
        try
        {
            return Math.multiplyExact(Long.parseLong(value.substring(0, digits)), unit);
        }
        catch (final NumberFormatException | ArithmeticException ex)
        {
            throw new TransportException(key + "='" + text + "' is too large a size: use " + SIZE_FORMS, ex);
        }
    }

    /**
     * Parses a size that must lie in a range.
     *
     * @param key  the setting, for the message.
     * @param text the value, e.g. {@code 16m}.
     * @param min  the smallest size allowed.
     * @param max  the largest size allowed.
     * @return the size in bytes.
     * @throws TransportException if the text is not a size, or one out of the range.
     */
    public static long size(final String key, final String text, final long min, final long max)
    {
        final long size = size(key, text);
        if (size < min || size > max)
        {
            throw new TransportException(key + "='" + text + "' is out of range: use a size from " + formatSize(min) +
                " to " + formatSize(max) + " (" + SIZE_FORMS + ")");
        }
        return size;
    }

    /**
     * Parses a duration.
     *
     * @param key  the setting, for the message.
     * @param text the value, e.g. {@code 5s}.
     * @return the duration.
     * @throws TransportException if the text is not a duration.
     */
    public static Duration duration(final String key, final String text)
    {
        final String value = null == text ? "" : text.trim().toLowerCase(Locale.ROOT);
        final int digits = leadingDigits(value);
        if (0 == digits)
        {
            throw badDuration(key, text, null);
        }
        try
        {
            final long amount = Long.parseLong(value.substring(0, digits));
            return switch (value.substring(digits))
            {
                case "", "ms" -> Duration.ofMillis(amount);
                case "s" -> Duration.ofSeconds(amount);
                case "m" -> Duration.ofMinutes(amount);
                case "h" -> Duration.ofHours(amount);
                case "d" -> Duration.ofDays(amount);
                default -> throw badDuration(key, text, null);
            };
        }
        catch (final NumberFormatException | ArithmeticException ex)
        {
            throw badDuration(key, text, ex);
        }
    }

    /**
     * Parses a duration that must be at least a minimum.
     *
     * @param key  the setting, for the message.
     * @param text the value, e.g. {@code 5s}.
     * @param min  the shortest duration allowed.
     * @return the duration.
     * @throws TransportException if the text is not a duration, or one shorter than the minimum.
     */
    public static Duration duration(final String key, final String text, final Duration min)
    {
        final Duration duration = duration(key, text);
        if (duration.compareTo(min) < 0)
        {
            throw new TransportException(key + "='" + text + "' is too short: use at least " + formatDuration(min) +
                " (" + DURATION_FORMS + ")");
        }
        return duration;
    }

    /**
     * Parses a boolean.
     *
     * @param key  the setting, for the message.
     * @param text {@code true} or {@code false}, in either case.
     * @return the value.
     * @throws TransportException for anything else.
     */
    public static boolean bool(final String key, final String text)
    {
        final String value = null == text ? "" : text.trim();
        if ("true".equalsIgnoreCase(value) || "false".equalsIgnoreCase(value))
        {
            return Boolean.parseBoolean(value);
        }
        throw new TransportException(key + "='" + text + "' is not valid: use true or false");
    }

    /**
     * Parses a whole number that must lie in a range, such as a count.
     *
     * @param key  the setting, for the message.
     * @param text the value, e.g. {@code 10000}.
     * @param min  the smallest number allowed.
     * @param max  the largest number allowed.
     * @return the number.
     * @throws TransportException if the text is not a whole number in the range.
     */
    public static long number(final String key, final String text, final long min, final long max)
    {
        final String value = null == text ? "" : text.trim();
        final long number;
        try
        {
            if (leadingDigits(value) != value.length())
            {
                throw new NumberFormatException(value);
            }
            number = Long.parseLong(value);
        }
        catch (final NumberFormatException ex)
        {
            throw new TransportException(key + "='" + text + "' is not valid: use a whole number from " + min +
                " to " + max, ex);
        }
        if (number < min || number > max)
        {
            throw new TransportException(key + "='" + text + "' is out of range: use a whole number from " + min +
                " to " + max);
        }
        return number;
    }

    /**
     * A size as this grammar writes it: with the largest unit that divides it, else in bytes.
     *
     * @param bytes the size.
     * @return e.g. {@code 16m}, {@code 1408}.
     */
    public static String formatSize(final long bytes)
    {
        if (bytes != 0 && bytes % GIB == 0)
        {
            return bytes / GIB + "g";
        }
        if (bytes != 0 && bytes % MIB == 0)
        {
            return bytes / MIB + "m";
        }
        if (bytes != 0 && bytes % KIB == 0)
        {
            return bytes / KIB + "k";
        }
        return Long.toString(bytes);
    }

    /**
     * A duration as this grammar writes it: with the largest unit that divides it, else in milliseconds (rounded
     * down) with {@code ms}.
     *
     * @param duration the duration.
     * @return e.g. {@code 5s}, {@code 2m}, {@code 500ms}.
     */
    public static String formatDuration(final Duration duration)
    {
        final long millis = duration.toMillis();
        if (millis == 0)
        {
            return "0ms";
        }
        final long[] units = { 86_400_000L, 3_600_000L, 60_000L, 1_000L };
        final String[] names = { "d", "h", "m", "s" };
        for (int i = 0; i < units.length; i++)
        {
            if (millis % units[i] == 0)
            {
                return millis / units[i] + names[i];
            }
        }
        return millis + "ms";
    }

    private static int leadingDigits(final String value)
    {
        int digits = 0;
        while (digits < value.length() && value.charAt(digits) >= '0' && value.charAt(digits) <= '9')
        {
            digits++;
        }
        return digits;
    }

    private static TransportException badDuration(final String key, final String text, final Throwable cause)
    {
        return new TransportException(key + "='" + text + "' is not a duration: use " + DURATION_FORMS, cause);
    }
}
