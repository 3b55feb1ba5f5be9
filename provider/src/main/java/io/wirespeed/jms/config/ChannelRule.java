package io.wirespeed.jms.config;

/**
 * One routing rule: destinations whose names match {@link #pattern()} travel on {@link #channel()}.
 * Patterns are exact names, or end in {@code .*} (one more name segment) or {@code .>} (one or
 * more further segments), or are {@code >} alone (everything).
 *
 * @param pattern the destination name pattern.
 * @param channel the Aeron channel URI for matching destinations.
 */
public record ChannelRule(String pattern, String channel)
{
    /**
     * Whether a destination name matches this rule's pattern.
     *
     * @param name the destination name.
     * @return true if the rule applies.
     */
    public boolean matches(final String name)
    {
        return matches(pattern, name);
    }

    /**
     * Whether a destination name matches a pattern.
     *
     * @param pattern an exact name, {@code prefix.*}, {@code prefix.>} or {@code >}.
     * @param name    the destination name.
     * @return true if it matches.
     */
    public static boolean matches(final String pattern, final String name)
    {
        if (">".equals(pattern))
        {
            return true;
        }
        if (pattern.endsWith(".>"))
        {
            final int prefixLength = pattern.length() - 1;
            return name.length() > prefixLength && name.regionMatches(0, pattern, 0, prefixLength);
        }
        if (pattern.endsWith(".*"))
        {
            final int prefixLength = pattern.length() - 1;
            return name.length() > prefixLength &&
                name.regionMatches(0, pattern, 0, prefixLength) &&
                name.indexOf('.', prefixLength) < 0;
        }
        return pattern.equals(name);
    }
}
