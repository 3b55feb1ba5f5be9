package io.wirespeed.codec;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The one pattern grammar of destination names, for wildcard topics, routes ({@code route.<pattern>}), slow-consumer
 * policies ({@code slowConsumers.<pattern>}) and the queue host's full policies
 * ({@code wirespeed.host.fullPolicy.<pattern>}): names are segments separated by {@code .}; in a pattern a segment
 * {@code *} stands for exactly one segment, a last segment {@code >} for one or more trailing segments, and any
 * other segment for itself. So {@code prices.*} matches {@code prices.eur} but not {@code prices.eur.bid} or
 * {@code prices}; {@code prices.>} matches both of the first two; {@code >} matches every name; a pattern without
 * wildcards matches only the name it is. Wildcards stand alone as whole segments, {@code >} only last, and no segment
 * is empty: {@link #parse(String)} refuses anything else.
 * <p>
 * Matches names as strings ({@link #matches(String, String)}, without parsing) or, parsed, in their UTF-8 form where
 * they lie ({@link #matches(BytesView)}), allocating nothing either way.
 */
public final class NamePattern
{
    private static final byte[] ONE = {};
    private static final byte[] REST = {};

    private final String text;
    private final byte[][] segments;

    private NamePattern(final String text, final byte[][] segments)
    {
        this.text = text;
        this.segments = segments;
    }

    /**
     * Whether a name holds wildcard characters, and so is a pattern rather than a name.
     *
     * @param name the name.
     * @return true if it holds {@code *} or {@code >}.
     */
    public static boolean isWildcard(final String name)
    {
        return name.indexOf('*') >= 0 || name.indexOf('>') >= 0;
    }

    /**
     * Parses and checks a pattern.
     *
     * @param pattern the pattern, with or without wildcards.
     * @return the pattern.
     * @throws IllegalArgumentException saying what is wrong: an empty segment, {@code >} before the last segment, or
     *                                  a wildcard inside a segment.
     */
    public static NamePattern parse(final String pattern)
    {
        final String problem = problemWith(pattern);
        if (null != problem)
        {
            throw new IllegalArgumentException("'" + pattern + "' is not a valid name pattern: " + problem);
        }
        final String[] parts = pattern.split("\\.", -1);
        final byte[][] segments = new byte[parts.length][];
        for (int i = 0; i < parts.length; i++)
        {
            segments[i] = "*".equals(parts[i]) ? ONE : ">".equals(parts[i]) ? REST :
                parts[i].getBytes(StandardCharsets.UTF_8);
        }
        return new NamePattern(pattern, segments);
    }

    /**
     * What is wrong with a pattern, if anything.
     *
     * @param pattern the pattern.
     * @return why it is not valid, or null if it is.
     */
    public static String problemWith(final String pattern)
    {
        if (null == pattern)
        {
            return "it is missing";
        }
        final String[] parts = pattern.split("\\.", -1);
        for (int i = 0; i < parts.length; i++)
        {
            final String part = parts[i];
            if (part.isEmpty())
            {
                return "segment " + (i + 1) + " is empty: segments are separated by single dots, with none at " +
                    "either end";
            }
            if (">".equals(part) && i != parts.length - 1)
            {
                return "'>' stands for all trailing segments and must be the last segment";
            }
            if (!"*".equals(part) && !">".equals(part) && isWildcard(part))
            {
                return "segment '" + part + "' holds a wildcard inside it: '*' (one segment) and '>' (the rest) " +
                    "must stand alone as a whole segment";
            }
        }
        return null;
    }

    /**
     * Whether a name matches a pattern, read from its text as it goes; allocates nothing. The pattern should be
     * valid ({@link #problemWith(String)}); an invalid one matches as its segments read.
     *
     * @param pattern the pattern.
     * @param name    the name.
     * @return true if it does.
     */
    public static boolean matches(final String pattern, final String name)
    {
        final int patternLength = pattern.length();
        final int nameLength = name.length();
        int position = 0;
        int start = 0;
        while (start <= patternLength)
        {
            int end = pattern.indexOf('.', start);
            end = end < 0 ? patternLength : end;
            if (start > 0)
            {
                if (position >= nameLength || name.charAt(position) != '.')
                {
                    return false;
                }
                position++;
            }
            final int segmentLength = end - start;
            if (segmentLength == 1 && pattern.charAt(start) == '>' && end == patternLength)
            {
                return position < nameLength;
            }
            if (segmentLength == 1 && pattern.charAt(start) == '*')
            {
                final int from = position;
                while (position < nameLength && name.charAt(position) != '.')
                {
                    position++;
                }
                if (position == from)
                {
                    return false;
                }
            }
            else
            {
                if (!name.regionMatches(position, pattern, start, segmentLength))
                {
                    return false;
                }
                position += segmentLength;
            }
            start = end + 1;
        }
        return position == nameLength;
    }

    /**
     * Whether some name could match both this pattern and another, as a consumer's pattern and a route's.
     *
     * @param other the other pattern.
     * @return true if they overlap.
     */
    public boolean overlaps(final NamePattern other)
    {
        final int length = Math.min(segments.length, other.segments.length);
        for (int i = 0; i < length; i++)
        {
            final byte[] mine = segments[i];
            final byte[] theirs = other.segments[i];
            if (mine == REST || theirs == REST)
            {
                return true;
            }
            if (mine != ONE && theirs != ONE && !Arrays.equals(mine, theirs))
            {
                return false;
            }
        }
        return segments.length == other.segments.length;
    }

    /**
     * Whether a name matches.
     *
     * @param name the name.
     * @return true if it does.
     */
    public boolean matches(final String name)
    {
        return matches(text, name);
    }

    /**
     * Whether a name, in UTF-8 where it lies, matches; allocates nothing.
     *
     * @param name the name's bytes.
     * @return true if it does.
     */
    public boolean matches(final BytesView name)
    {
        final int length = name.length();
        int position = 0;
        for (int i = 0; i < segments.length; i++)
        {
            if (i > 0)
            {
                if (position >= length || name.byteAt(position) != '.')
                {
                    return false;
                }
                position++;
            }
            final byte[] segment = segments[i];
            if (segment == REST)
            {
                return position < length;
            }
            if (segment == ONE)
            {
                final int start = position;
                while (position < length && name.byteAt(position) != '.')
                {
                    position++;
                }
                if (position == start)
                {
                    return false;
                }
            }
            else
            {
                if (length - position < segment.length)
                {
                    return false;
                }
                for (final byte b : segment)
                {
                    if (name.byteAt(position++) != b)
                    {
                        return false;
                    }
                }
            }
        }
        return position == length;
    }

    @Override
    public boolean equals(final Object other)
    {
        return other instanceof NamePattern pattern && text.equals(pattern.text);
    }

    @Override
    public int hashCode()
    {
        return text.hashCode();
    }

    @Override
    public String toString()
    {
        return text;
    }
}
