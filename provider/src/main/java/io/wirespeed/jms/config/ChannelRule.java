package io.wirespeed.jms.config;

import io.wirespeed.codec.NamePattern;

/**
 * One routing rule: destinations whose names match {@link #pattern()} travel on {@link #channel()}.
 * Patterns are in the one grammar of names ({@link NamePattern}): segments separated by {@code .}, a segment
 * {@code *} for exactly one segment, a last segment {@code >} for one or more; e.g. an exact name,
 * {@code prefix.*}, {@code prefix.>}, {@code prices.*.bid} or {@code >} alone (everything).
 *
 * @param pattern the destination name pattern.
 * @param channel the Aeron channel URI for matching destinations.
 */
public record ChannelRule(String pattern, String channel)
{
    /**
     * Checks the pattern.
     *
     * @throws IllegalArgumentException if the pattern is not valid, saying why.
     */
    public ChannelRule
    {
        checkPattern("route", pattern);
    }

    /**
     * Whether a destination name matches this rule's pattern.
     *
     * @param name the destination name.
     * @return true if the rule applies.
     */
    public boolean matches(final String name)
    {
        return NamePattern.matches(pattern, name);
    }

    /**
     * Whether a destination name matches a pattern.
     *
     * @param pattern a pattern in the grammar of {@link NamePattern}.
     * @param name    the destination name.
     * @return true if it matches.
     */
    public static boolean matches(final String pattern, final String name)
    {
        return NamePattern.matches(pattern, name);
    }

    static void checkPattern(final String what, final String pattern)
    {
        final String problem = NamePattern.problemWith(pattern);
        if (null != problem)
        {
            throw new IllegalArgumentException(what + " pattern '" + pattern + "' is not valid: " + problem);
        }
    }
}
