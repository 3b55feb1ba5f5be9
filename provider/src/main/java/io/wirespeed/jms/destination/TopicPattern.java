package io.wirespeed.jms.destination;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import javax.jms.InvalidDestinationException;

import org.agrona.concurrent.UnsafeBuffer;

import io.wirespeed.codec.BytesView;

/**
 * A wildcard topic name in the syntax of the routes: segments separated by {@code .}, where a segment {@code *}
 * stands for exactly one segment and a last segment {@code >} for one or more trailing segments. Matches names
 * byte by byte in their UTF-8 form, so an envelope's name is matched where it lies, without a string.
 */
public final class TopicPattern
{
    private static final byte[] ONE = {};
    private static final byte[] REST = {};

    private final String text;
    private final byte[][] segments;

    private TopicPattern(final String text, final byte[][] segments)
    {
        this.text = text;
        this.segments = segments;
    }

    /**
     * Whether a topic name holds wildcard characters, and so is a pattern rather than a topic.
     *
     * @param name the topic name.
     * @return true if it holds {@code *} or {@code >}.
     */
    public static boolean isWildcard(final String name)
    {
        return name.indexOf('*') >= 0 || name.indexOf('>') >= 0;
    }

    /**
     * Parses and checks a wildcard topic name.
     *
     * @param name the topic name, holding {@code *} or {@code >}.
     * @return the pattern.
     * @throws InvalidDestinationException naming what is wrong: an empty segment, {@code >} before the last
     *                                     segment, or a wildcard inside a segment.
     */
    public static TopicPattern parse(final String name) throws InvalidDestinationException
    {
        final String[] parts = name.split("\\.", -1);
        final byte[][] segments = new byte[parts.length][];
        for (int i = 0; i < parts.length; i++)
        {
            final String part = parts[i];
            if (part.isEmpty())
            {
                throw invalid(name, "segment " + (i + 1) + " is empty: segments are separated by single dots, " +
                    "with none at either end");
            }
            if (">".equals(part))
            {
                if (i != parts.length - 1)
                {
                    throw invalid(name, "'>' stands for all trailing segments and must be the last segment");
                }
                segments[i] = REST;
            }
            else if ("*".equals(part))
            {
                segments[i] = ONE;
            }
            else if (isWildcard(part))
            {
                throw invalid(name, "segment '" + part + "' holds a wildcard inside it: '*' and '>' must " +
                    "stand alone as a whole segment");
            }
            else
            {
                segments[i] = part.getBytes(StandardCharsets.UTF_8);
            }
        }
        return new TopicPattern(name, segments);
    }

    /**
     * A route rule's pattern read leniently, for telling whether it may overlap a consumer's pattern: a segment
     * that is exactly {@code *} or {@code >} is a wildcard, anything else literal.
     *
     * @param pattern the rule's pattern.
     * @return the pattern.
     */
    public static TopicPattern ofRule(final String pattern)
    {
        final String[] parts = pattern.split("\\.", -1);
        final byte[][] segments = new byte[parts.length][];
        for (int i = 0; i < parts.length; i++)
        {
            segments[i] = "*".equals(parts[i]) ? ONE :
                ">".equals(parts[i]) && i == parts.length - 1 ? REST : parts[i].getBytes(StandardCharsets.UTF_8);
        }
        return new TopicPattern(pattern, segments);
    }

    /**
     * Whether some topic name could match both this pattern and another, as a consumer's pattern and a route's.
     *
     * @param other the other pattern.
     * @return true if they overlap.
     */
    public boolean overlaps(final TopicPattern other)
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
     * Whether a topic name matches.
     *
     * @param name the name.
     * @return true if it does.
     */
    public boolean matches(final String name)
    {
        final byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
        return matches(new BytesView().wrap(new UnsafeBuffer(bytes), 0, bytes.length));
    }

    /**
     * Whether a topic name, in UTF-8 where it lies, matches; allocates nothing.
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
    public String toString()
    {
        return text;
    }

    private static InvalidDestinationException invalid(final String name, final String why)
    {
        return new InvalidDestinationException("wildcard topic '" + name + "' is not a valid pattern: " + why);
    }
}
