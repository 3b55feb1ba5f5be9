package io.wirespeed.jms.intake;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.agrona.DirectBuffer;
import org.agrona.collections.ArrayUtil;
import org.agrona.collections.Int2ObjectHashMap;
import org.agrona.collections.Long2ObjectHashMap;
import org.agrona.concurrent.UnsafeBuffer;

import io.wirespeed.codec.BytesView;
import io.wirespeed.codec.DestinationKind;
import io.wirespeed.codec.EntriesReader;
import io.wirespeed.codec.EnvelopeReader;
import io.wirespeed.codec.Utf8String;
import io.wirespeed.selector.EqualityTerm;
import io.wirespeed.selector.Selector;

/**
 * The sources of one topic (kind and name) on a {@link TopicStream}, the consumers of that topic and the wildcard
 * consumers whose patterns the stream resolved to it, arranged so that selecting for them costs
 * per distinct selector, not per consumer: the sources without a selector take every envelope; sources whose
 * selectors have the same text share one evaluation per envelope; selectors that are only an equality or
 * {@code IN} on a property ({@link EqualityTerm}) are found through an index of that property's values, so an
 * envelope reads the property once and looks its value up (a string by a hash of its UTF-8 bytes, compared on a
 * hit; an integer by its value; a float or double, which compares after numeric promotion, evaluates the number
 * terms); every other selector is evaluated in place. Rebuilt when a source comes or goes, under the stream's
 * lock; dispatch allocates nothing.
 */
final class TopicSelection
{
    private static final TopicSource[] NO_SOURCES = new TopicSource[0];
    private static final Shared[] NO_SHARED = new Shared[0];
    private static final PropertyIndex[] NO_INDEXES = new PropertyIndex[0];

    private final DestinationKind kind;
    private final Utf8String name;
    private TopicSource[] sources = NO_SOURCES;
    private TopicSource[] unselected = NO_SOURCES;
    private Shared[] evaluated = NO_SHARED;
    private PropertyIndex[] indexes = NO_INDEXES;
    private long patternsResolved;

    /**
     * @param kind the topic's destination kind.
     * @param name the topic's name.
     */
    TopicSelection(final DestinationKind kind, final Utf8String name)
    {
        this.kind = kind;
        this.name = name;
    }

    /** @return whether the wrapped envelope is of this topic. */
    boolean isFor(final EnvelopeReader reader)
    {
        return kind == reader.destinationKind() && reader.destinationName().contentEquals(name);
    }

    /** @return whether a source of one topic consumes this topic: the same kind and the same UTF-8 bytes. */
    boolean isFor(final TopicSource source)
    {
        return kind == source.destinationKind() && source.destinationName().matches(name.bytes(), 0, name.length());
    }

    /** @return whether a source is among this topic's. */
    boolean contains(final TopicSource source)
    {
        for (final TopicSource each : sources)
        {
            if (each == source)
            {
                return true;
            }
        }
        return false;
    }

    TopicSource[] sources()
    {
        return sources;
    }

    void add(final TopicSource source)
    {
        sources = ArrayUtil.add(sources, source);
        rebuild();
    }

    /** @return the stream's count of wildcard sources added when it last resolved its patterns for this topic. */
    long patternsResolved()
    {
        return patternsResolved;
    }

    /**
     * Notes that the stream resolved every pattern up to a count of those added for this topic.
     *
     * @param count the stream's count of wildcard sources added so far.
     */
    void patternsResolved(final long count)
    {
        patternsResolved = count;
    }

    /**
     * Adds several sources at once, rebuilding once: the wildcard consumers whose patterns match this topic.
     *
     * @param added sources not yet among this topic's.
     */
    void addAll(final TopicSource[] added)
    {
        final TopicSource[] all = Arrays.copyOf(sources, sources.length + added.length);
        System.arraycopy(added, 0, all, sources.length, added.length);
        sources = all;
        rebuild();
    }

    /** @return the sources left. */
    int remove(final TopicSource source)
    {
        if (contains(source))
        {
            sources = ArrayUtil.remove(sources, source);
            rebuild();
        }
        return sources.length;
    }

    /** @return how many distinct selectors are evaluated per envelope, not found through an index; for tests. */
    int evaluatedSelectors()
    {
        return evaluated.length;
    }

    /** @return how many properties are indexed; for tests. */
    int indexedProperties()
    {
        return indexes.length;
    }

    /**
     * Hands the wrapped envelope to the sources that select it; the stream's selector source is wrapped on it.
     */
    void dispatch(final TopicStream stream, final DirectBuffer buffer, final int offset, final int length)
    {
        for (final TopicSource source : unselected)
        {
            stream.append(source, buffer, offset, length);
        }
        for (final Shared shared : evaluated)
        {
            if (stream.selects(shared.selector))
            {
                shared.appendTo(stream, buffer, offset, length);
            }
        }
        for (final PropertyIndex index : indexes)
        {
            index.dispatch(stream, buffer, offset, length);
        }
    }

    private void rebuild()
    {
        final Map<String, Shared> byText = new LinkedHashMap<>();
        final List<TopicSource> plain = new ArrayList<>();
        for (final TopicSource source : sources)
        {
            final Selector selector = source.selector();
            if (null == selector)
            {
                plain.add(source);
            }
            else
            {
                byText.computeIfAbsent(selector.text(), (text) -> new Shared(selector)).add(source);
            }
        }
        final List<Shared> general = new ArrayList<>();
        final Map<String, PropertyIndex> byProperty = new LinkedHashMap<>();
        for (final Shared shared : byText.values())
        {
            final EqualityTerm term = shared.selector.equalityTerm();
            if (null == term)
            {
                general.add(shared);
            }
            else
            {
                byProperty.computeIfAbsent(term.property(), (property) -> new PropertyIndex(term))
                    .add(term, shared);
            }
        }
        unselected = plain.toArray(NO_SOURCES);
        evaluated = general.toArray(NO_SHARED);
        indexes = byProperty.values().toArray(NO_INDEXES);
    }

    /**
     * A hash of a string's UTF-8 bytes, the same over an envelope's bytes and a literal's.
     *
     * @param buffer holding the bytes.
     * @param offset of the first.
     * @param length how many.
     * @return the hash.
     */
    static int hash(final DirectBuffer buffer, final int offset, final int length)
    {
        int hash = length;
        for (int i = 0; i < length; i++)
        {
            hash = 31 * hash + buffer.getByte(offset + i);
        }
        return hash ^ (hash >>> 16);
    }

    /** The sources of one selector text, evaluated once for all of them. */
    private static final class Shared
    {
        private final Selector selector;
        private TopicSource[] sources = NO_SOURCES;

        Shared(final Selector selector)
        {
            this.selector = selector;
        }

        void add(final TopicSource source)
        {
            sources = ArrayUtil.add(sources, source);
        }

        void appendTo(final TopicStream stream, final DirectBuffer buffer, final int offset, final int length)
        {
            for (final TopicSource source : sources)
            {
                stream.append(source, buffer, offset, length);
            }
        }
    }

    /** A string value a term names and the selectors it picks. */
    private static final class StringKey
    {
        private final UnsafeBuffer utf8;
        private Shared[] picked = NO_SHARED;

        StringKey(final String value)
        {
            this.utf8 = new UnsafeBuffer(value.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** The equality and IN selectors on one property, by the values that select them. */
    private static final class PropertyIndex
    {
        private final DirectBuffer utf8Name;
        private final Int2ObjectHashMap<StringKey[]> strings = new Int2ObjectHashMap<>();
        private final Long2ObjectHashMap<Shared[]> numbers = new Long2ObjectHashMap<>();
        private Shared[] numberTerms = NO_SHARED;

        PropertyIndex(final EqualityTerm term)
        {
            this.utf8Name = term.utf8Property();
        }

        void add(final EqualityTerm term, final Shared shared)
        {
            final String[] values = term.strings();
            if (null != values)
            {
                for (final String value : values)
                {
                    final StringKey key = keyFor(value);
                    key.picked = ArrayUtil.add(key.picked, shared);
                }
            }
            else
            {
                for (final long value : term.numbers())
                {
                    final Shared[] current = numbers.get(value);
                    if (null == current)
                    {
                        numbers.put(value, new Shared[]{ shared });
                    }
                    else if (!contains(current, shared))
                    {
                        numbers.put(value, ArrayUtil.add(current, shared));
                    }
                }
                numberTerms = ArrayUtil.add(numberTerms, shared);
            }
        }

        private StringKey keyFor(final String value)
        {
            final StringKey probe = new StringKey(value);
            final int hash = hash(probe.utf8, 0, probe.utf8.capacity());
            final StringKey[] current = strings.get(hash);
            if (null != current)
            {
                for (final StringKey key : current)
                {
                    if (key.utf8.equals(probe.utf8))
                    {
                        return key;
                    }
                }
            }
            strings.put(hash, null == current ? new StringKey[]{ probe } : ArrayUtil.add(current, probe));
            return probe;
        }

        private static boolean contains(final Shared[] all, final Shared shared)
        {
            for (final Shared each : all)
            {
                if (each == shared)
                {
                    return true;
                }
            }
            return false;
        }

        void dispatch(final TopicStream stream, final DirectBuffer buffer, final int offset, final int length)
        {
            final EntriesReader properties = stream.reader().properties();
            final int index = properties.indexOf(utf8Name, 0, utf8Name.capacity());
            stream.countLookup();
            if (index < 0)
            {
                return;
            }
            switch (properties.type(index))
            {
                case STRING:
                    if (!strings.isEmpty())
                    {
                        final BytesView value = properties.data(index);
                        final StringKey[] keys =
                            strings.get(hash(value.buffer(), value.offset(), value.length()));
                        if (null != keys)
                        {
                            for (final StringKey key : keys)
                            {
                                if (value.contentEquals(key.utf8, 0, key.utf8.capacity()))
                                {
                                    appendAll(stream, key.picked, buffer, offset, length);
                                    break;
                                }
                            }
                        }
                    }
                    break;
                case BYTE:
                case SHORT:
                case INT:
                case LONG:
                    if (!numbers.isEmpty())
                    {
                        final Shared[] picked = numbers.get(properties.longValue(index));
                        if (null != picked)
                        {
                            appendAll(stream, picked, buffer, offset, length);
                        }
                    }
                    break;
                case FLOAT:
                case DOUBLE:
                    for (final Shared shared : numberTerms)
                    {
                        if (stream.selects(shared.selector))
                        {
                            shared.appendTo(stream, buffer, offset, length);
                        }
                    }
                    break;
                default:
                    break;
            }
        }

        private static void appendAll(
            final TopicStream stream, final Shared[] picked, final DirectBuffer buffer, final int offset,
            final int length)
        {
            for (final Shared shared : picked)
            {
                shared.appendTo(stream, buffer, offset, length);
            }
        }
    }
}
