package io.wirespeed.jms.destination;

import javax.jms.InvalidDestinationException;

import io.wirespeed.codec.BytesView;
import io.wirespeed.codec.NamePattern;

/**
 * A wildcard topic name, in the one pattern grammar of names ({@link NamePattern}, shared with routes, slow-consumer
 * policies and the queue host's full policies): segments separated by {@code .}, where a segment {@code *} stands for
 * exactly one segment and a last segment {@code >} for one or more trailing segments. Matches names byte by byte in
 * their UTF-8 form, so an envelope's name is matched where it lies, without a string.
 */
public final class TopicPattern
{
    private final NamePattern pattern;

    private TopicPattern(final NamePattern pattern)
    {
        this.pattern = pattern;
    }

    /**
     * Whether a topic name holds wildcard characters, and so is a pattern rather than a topic.
     *
     * @param name the topic name.
     * @return true if it holds {@code *} or {@code >}.
     */
    public static boolean isWildcard(final String name)
    {
        return NamePattern.isWildcard(name);
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
        final String problem = NamePattern.problemWith(name);
        if (null != problem)
        {
            throw new InvalidDestinationException("wildcard topic '" + name + "' is not a valid pattern: " + problem);
        }
        return new TopicPattern(NamePattern.parse(name));
    }

    /**
     * A route rule's pattern, for telling whether it may overlap a consumer's pattern.
     *
     * @param pattern the rule's pattern, valid since the rule is.
     * @return the pattern.
     */
    public static TopicPattern ofRule(final String pattern)
    {
        return new TopicPattern(NamePattern.parse(pattern));
    }

    /**
     * Whether some topic name could match both this pattern and another, as a consumer's pattern and a route's.
     *
     * @param other the other pattern.
     * @return true if they overlap.
     */
    public boolean overlaps(final TopicPattern other)
    {
        return pattern.overlaps(other.pattern);
    }

    /**
     * Whether a topic name matches.
     *
     * @param name the name.
     * @return true if it does.
     */
    public boolean matches(final String name)
    {
        return pattern.matches(name);
    }

    /**
     * Whether a topic name, in UTF-8 where it lies, matches; allocates nothing.
     *
     * @param name the name's bytes.
     * @return true if it does.
     */
    public boolean matches(final BytesView name)
    {
        return pattern.matches(name);
    }

    @Override
    public String toString()
    {
        return pattern.toString();
    }
}
