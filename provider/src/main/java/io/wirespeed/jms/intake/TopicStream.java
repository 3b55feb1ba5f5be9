package io.wirespeed.jms.intake;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.ObjLongConsumer;

import org.agrona.DirectBuffer;
import org.agrona.collections.ArrayUtil;
import org.agrona.collections.Int2ObjectHashMap;

import io.wirespeed.codec.EnvelopeReader;
import io.wirespeed.codec.MalformedEnvelopeException;
import io.wirespeed.codec.Utf8String;
import io.wirespeed.selector.EnvelopeSelectorSource;
import io.wirespeed.selector.Selector;
import io.wirespeed.transport.MessageHandler;
import io.wirespeed.transport.TransportSubscription;

/**
 * One transport subscription to a (channel, stream) that the topics mapped there share, read once for all of a
 * connection's consumers of those topics. Each envelope's topic hash, read from its header, picks the consumers in the
 * dispatch table; the name is compared only on a hash hit, and an envelope of a topic nobody here consumes is skipped
 * without being read further. Selection happens here too, before any copy: the sources of one topic are kept as a
 * {@link TopicSelection}, so that one selector text is evaluated once per envelope however many consumers share it and
 * equality or {@code IN} selectors on a property are found through an index of its values; the wildcard consumers
 * whose patterns match a topic join that topic's selection, selected as its own consumers are. What a consumer of one
 * topic wants is copied once into the stream's {@link EnvelopeLog}, however many consumers select it, and its position
 * goes into each one's {@link EnvelopeInbox}; what a wildcard consumer wants is copied into its inbox (its one inbox
 * is filled by each of its streams), as is everything under the {@code drop} policy. A consumer reads its inbox on its
 * own thread: any thread may poll (a blocking receive or the delivery thread), one at a time, under this stream's
 * lock, and no application code runs under it. A consumer that lags more than {@link #LAG_LIMIT} bytes (in its inbox,
 * or in the log behind its end) stops the polling of its stream, so its publishers feel back-pressure as they did
 * before topics shared streams; nothing is dropped — unless the stream was opened for the {@code drop} slow-consumer
 * policy: then what would go beyond the limit is dropped for that consumer alone, and that and what the transport says
 * the subscription missed ({@link TransportSubscription#lostBytes()}) go to the loss listener, at most once a second,
 * outside the lock. A wildcard consumer's source waits among the stream's patterns: while there are any,
 * {@link #onFragment} reads each envelope's name, and on the first envelope of a name it has not resolved since the
 * patterns last changed adds every matching pattern source to that name's {@link TopicSelection} (made for it if the
 * name has none yet) under the name's hash; a closing pattern source leaves every selection.
 */
public final class TopicStream implements MessageHandler
{
    /** Bytes a consumer may have waiting before the stream is read no further. */
    public static final int LAG_LIMIT = 8 * 1024 * 1024;

    /** The most fragments read at once when a drop-policy stream is read between two deliveries to a listener. */
    static final int CATCH_UP_FRAGMENTS = 4096;

    private static final TopicSource[] NONE = new TopicSource[0];
    private static final TopicSelection[] NO_TOPICS = new TopicSelection[0];
    private static final long LOSS_REPORT_INTERVAL_NS = TimeUnit.SECONDS.toNanos(1);
    private static final long NOT_LOGGED = -1;

    private final String key;
    private final TransportSubscription subscription;
    private final boolean dropWhenBehind;
    private final ObjLongConsumer<String> lossListener;
    private long transportLoss;
    private long unreportedLoss;
    private long lastLossReportNs;
    private final ReentrantLock lock = new ReentrantLock();
    private final Int2ObjectHashMap<Slot> table = new Int2ObjectHashMap<>();
    private final EnvelopeReader reader = new EnvelopeReader();
    private final EnvelopeSelectorSource selectorSource = new EnvelopeSelectorSource();
    private final ArrayList<TopicSource> ready = new ArrayList<>();
    private final Int2ObjectHashMap<String> resolved = new Int2ObjectHashMap<>();
    private TopicSource[] all = NONE;
    private TopicSource[] patterns = NONE;
    private long[] patternSequences = new long[0];
    private long patternsAdded;
    private long patternMatches;
    private volatile int listening;
    private EnvelopeLog log;
    private long logged = NOT_LOGGED;
    private boolean logBehind;
    private int lagging;
    private long skipped;
    private long evaluations;
    private long lookups;

    /**
     * @param key            the (channel, stream) as the registry names it.
     * @param subscription   the transport subscription.
     * @param dropWhenBehind whether a consumer beyond {@link #LAG_LIMIT} loses envelopes rather than stopping the
     *                       stream (the {@code drop} slow-consumer policy).
     * @param lossListener   told of bytes lost (this stream's key, bytes).
     */
    TopicStream(
        final String key, final TransportSubscription subscription, final boolean dropWhenBehind,
        final ObjLongConsumer<String> lossListener)
    {
        this.key = key;
        this.subscription = subscription;
        // a subscription kept by the runtime's pool may have lost bytes for an earlier reader: not this stream's loss
        this.transportLoss = subscription.lostBytes();
        this.dropWhenBehind = dropWhenBehind;
        this.lossListener = lossListener;
    }

    /** @return whether consumers that fall behind lose envelopes rather than stop the stream (policy drop). */
    boolean dropsWhenBehind()
    {
        return dropWhenBehind;
    }

    /** @return the (channel, stream) this stream reads, as the registry names it. */
    String key()
    {
        return key;
    }

    /** @return the log the consumers of one topic read, or null while none has joined (or under {@code drop}). */
    EnvelopeLog log()
    {
        return log;
    }

    /** @return the transport subscription read for every consumer on this stream. */
    TransportSubscription subscription()
    {
        return subscription;
    }

    /**
     * Adds a consumer's source to the dispatch table.
     *
     * @param source the source.
     */
    void add(final TopicSource source)
    {
        lock.lock();
        try
        {
            if (null != source.pattern())
            {
                patterns = ArrayUtil.add(patterns, source);
                patternSequences = Arrays.copyOf(patternSequences, patterns.length);
                patternSequences[patterns.length - 1] = ++patternsAdded;
                resolved.clear();
            }
            else
            {
                if (!dropWhenBehind)
                {
                    if (null == log)
                    {
                        log = new EnvelopeLog();
                    }
                    source.inbox().readFrom(log);
                }
                Slot slot = table.get(source.topicHash());
                if (null == slot)
                {
                    slot = new Slot();
                    table.put(source.topicHash(), slot);
                }
                TopicSelection topic = slot.topicOf(source);
                if (null == topic)
                {
                    topic = new TopicSelection(source.destinationKind(), source.destinationName());
                    slot.topics = ArrayUtil.add(slot.topics, topic);
                }
                topic.add(source);
            }
            all = ArrayUtil.add(all, source);
        }
        finally
        {
            lock.unlock();
        }
    }

    /**
     * Removes a consumer's source and forgets what waited for it.
     *
     * @param source the source.
     * @return the sources left on this stream.
     */
    int remove(final TopicSource source)
    {
        lock.lock();
        try
        {
            if (null != source.pattern())
            {
                final int index = indexOf(patterns, source);
                if (ArrayUtil.UNKNOWN_INDEX != index)
                {
                    final long[] sequences = new long[patterns.length - 1];
                    System.arraycopy(patternSequences, 0, sequences, 0, index);
                    System.arraycopy(patternSequences, index + 1, sequences, index, sequences.length - index);
                    patternSequences = sequences;
                    patterns = ArrayUtil.remove(patterns, index);
                }
                final int[] hashes = table.keySet().stream().mapToInt(Integer::intValue).toArray();
                for (final int hash : hashes)
                {
                    removeFromSlot(hash, source);
                }
                if (0 == patterns.length)
                {
                    resolved.clear();
                }
            }
            else
            {
                removeTopicSource(source);
            }
            all = ArrayUtil.remove(all, source);
            if (source.isListening())
            {
                listening--;
            }
            if (source.isLagging())
            {
                source.lagging(false);
                lagging--;
            }
            ready.remove(source);
            source.queued(false);
            source.inbox().clear();
            if (null != source.inbox().log())
            {
                log.remove(source.inbox());
            }
            return all.length;
        }
        finally
        {
            lock.unlock();
        }
    }

    private static int indexOf(final TopicSource[] sources, final TopicSource source)
    {
        for (int i = 0; i < sources.length; i++)
        {
            if (sources[i] == source)
            {
                return i;
            }
        }
        return ArrayUtil.UNKNOWN_INDEX;
    }

    /** Removes a wildcard consumer's source from every topic of a slot it was resolved to. */
    private void removeFromSlot(final int hash, final TopicSource source)
    {
        final Slot slot = table.get(hash);
        if (null != slot)
        {
            for (final TopicSelection topic : slot.topics)
            {
                if (topic.contains(source) && 0 == topic.remove(source))
                {
                    slot.topics = ArrayUtil.remove(slot.topics, topic);
                }
            }
            if (slot.isEmpty())
            {
                table.remove(hash);
            }
        }
    }

    private void removeTopicSource(final TopicSource source)
    {
        final Slot slot = table.get(source.topicHash());
        if (null != slot)
        {
            final TopicSelection topic = slot.topicOf(source);
            if (null != topic && 0 == topic.remove(source))
            {
                slot.topics = ArrayUtil.remove(slot.topics, topic);
            }
            if (slot.isEmpty())
            {
                table.remove(source.topicHash());
            }
        }
    }

    /**
     * Notes that a source's consumer now has a listener (the delivery thread reads the stream) or no longer has.
     *
     * @param source    the source.
     * @param listening whether it has a listener.
     */
    void listening(final TopicSource source, final boolean listening)
    {
        lock.lock();
        try
        {
            if (source.isListening() != listening)
            {
                source.listening(listening);
                this.listening += listening ? 1 : -1;
                if (listening && source.inbox().hasEnvelopes())
                {
                    queueIfListening(source);
                }
            }
        }
        finally
        {
            lock.unlock();
        }
    }

    /** @return whether a consumer with a listener reads this stream, so the delivery thread polls it. */
    boolean hasListeners()
    {
        return listening > 0;
    }

    /**
     * Reads the stream for every consumer on it, then hands a source what was read for it.
     *
     * @param source        the source whose consumer polls, or null for the delivery thread.
     * @param fragmentLimit the most fragments to read.
     * @param readyOut      where the sources of listening consumers that have envelopes now go; null to leave
     *                      them for the delivery thread.
     * @return the fragments read.
     */
    int poll(final TopicSource source, final int fragmentLimit, final List<TopicSource> readyOut)
    {
        final int read;
        final long lost;
        lock.lock();
        try
        {
            if (logBehind)
            {
                logBehind = log.isBehind(LAG_LIMIT);
            }
            read = 0 == lagging && !logBehind ? subscription.poll(this, fragmentLimit) : 0;
            if (0 != read && null != log)
            {
                logBehind = log.isBehind(LAG_LIMIT);
            }
            lost = lossToReport();
            if (null != source)
            {
                release(source, source.inbox().take());
            }
            if (null != readyOut && !ready.isEmpty())
            {
                for (int i = 0, size = ready.size(); i < size; i++)
                {
                    readyOut.add(ready.get(i));
                }
                ready.clear();
            }
        }
        finally
        {
            lock.unlock();
        }
        if (0 != lost)
        {
            lossListener.accept(key, lost);
        }
        return read;
    }

    /** Under the lock: the loss to report now, if any is new and the last report is a second old. */
    private long lossToReport()
    {
        final long transportLost = subscription.lostBytes();
        if (transportLost != transportLoss)
        {
            unreportedLoss += transportLost - transportLoss;
            transportLoss = transportLost;
        }
        if (0 == unreportedLoss)
        {
            return 0;
        }
        final long now = System.nanoTime();
        if (0 != lastLossReportNs && now - lastLossReportNs < LOSS_REPORT_INTERVAL_NS)
        {
            return 0;
        }
        lastLossReportNs = now;
        final long lost = unreportedLoss;
        unreportedLoss = 0;
        return lost;
    }

    /**
     * Lets a listening source take what it was sent; the delivery thread, after {@link #poll} handed it over.
     *
     * @param source the source.
     */
    void take(final TopicSource source)
    {
        lock.lock();
        try
        {
            release(source, source.inbox().take());
        }
        finally
        {
            lock.unlock();
        }
    }

    /**
     * The delivery thread is done with a listening source for this cycle: it stays with the delivery thread while
     * envelopes wait for it, else it goes back to waiting for the next envelope to be queued.
     *
     * @param source the source.
     * @return whether envelopes still wait, so the delivery thread keeps it.
     */
    public boolean keep(final TopicSource source)
    {
        lock.lock();
        try
        {
            final boolean keep = source.isListening() && source.inbox().hasEnvelopes();
            source.queued(keep);
            return keep;
        }
        finally
        {
            lock.unlock();
        }
    }

    /**
     * Envelopes read and skipped because no consumer here wants their topic.
     *
     * @return the count since the stream was opened.
     */
    long skipped()
    {
        return skipped;
    }

    /**
     * Selector evaluations made while dispatching, one per distinct selector text per envelope it had to be
     * evaluated for (not those found through an index).
     *
     * @return the count since the stream was opened.
     */
    long selectorEvaluations()
    {
        return evaluations;
    }

    /**
     * Property look-ups made in the selector indexes, one per indexed property per envelope of its topic.
     *
     * @return the count since the stream was opened.
     */
    long indexLookups()
    {
        return lookups;
    }

    /**
     * Names matched against wildcard patterns while resolving them; for tests.
     *
     * @return the count since the stream was opened.
     */
    long patternMatches()
    {
        return patternMatches;
    }

    /** @return the reader wrapped on the envelope being dispatched. */
    EnvelopeReader reader()
    {
        return reader;
    }

    /** Counts one look-up in a selector index. */
    void countLookup()
    {
        lookups++;
    }

    /**
     * Evaluates a selector on the envelope being dispatched.
     *
     * @param selector the selector.
     * @return whether it selects the envelope.
     */
    boolean selects(final Selector selector)
    {
        evaluations++;
        return selector.matches(selectorSource);
    }

    @Override
    public void onMessage(final DirectBuffer buffer, final int offset, final int length)
    {
        onFragment(buffer, offset, length);
    }

    /** Dispatches one envelope: by its header's hash, then by name. */
    void onFragment(final DirectBuffer buffer, final int offset, final int length)
    {
        logged = NOT_LOGGED;
        long hash = EnvelopeReader.peekTopicHash(buffer, offset, length);
        boolean wrapped = false;
        if (EnvelopeReader.NO_TOPIC_HASH == hash)
        {
            if (!wrap(buffer, offset, length))
            {
                deliverMalformed(buffer, offset, length);
                return;
            }
            wrapped = true;
            hash = reader.topicHash();
        }
        if (0 != patterns.length)
        {
            if (!wrapped && !wrap(buffer, offset, length))
            {
                deliverMalformed(buffer, offset, length);
                return;
            }
            wrapped = true;
            resolve((int)hash);
        }
        final Slot slot = table.get((int)hash);
        if (null == slot)
        {
            skipped++;
            return;
        }
        if (!wrapped && !wrap(buffer, offset, length))
        {
            for (final TopicSelection topic : slot.topics)
            {
                deliver(topic.sources(), buffer, offset, length);
            }
            return;
        }
        selectorSource.wrap(reader);
        final TopicSelection topic = slot.topicOf(reader);
        if (null == topic)
        {
            skipped++;
            return;
        }
        topic.dispatch(this, buffer, offset, length);
    }

    /**
     * Adds the pattern sources that match the wrapped envelope's name to its topic's selection under its hash, once
     * per name: those added since the selection was last resolved, so that a new wildcard consumer costs each name
     * one match, not a pass over every source already there.
     */
    private void resolve(final int hash)
    {
        final String known = resolved.get(hash);
        if (null != known && reader.destinationName().contentEquals(known))
        {
            return;
        }
        final Slot slot = table.get(hash);
        TopicSelection topic = null == slot ? null : slot.topicOf(reader);
        final long resolvedThrough = null == topic ? 0 : topic.patternsResolved();
        final ArrayList<TopicSource> matched = new ArrayList<>();
        for (int i = 0; i < patterns.length; i++)
        {
            final TopicSource pattern = patterns[i];
            if (patternSequences[i] > resolvedThrough && pattern.destinationKind() == reader.destinationKind())
            {
                patternMatches++;
                if (pattern.pattern().matches(reader.destinationName()))
                {
                    matched.add(pattern);
                }
            }
        }
        if (!matched.isEmpty())
        {
            if (null == topic)
            {
                topic = new TopicSelection(reader.destinationKind(), Utf8String.copyOf(reader.destinationName()));
                final Slot target = null == slot ? new Slot() : slot;
                target.topics = ArrayUtil.add(target.topics, topic);
                table.put(hash, target);
            }
            topic.addAll(matched.toArray(NONE));
        }
        if (null != topic)
        {
            topic.patternsResolved(patternsAdded);
        }
        resolved.put(hash, reader.destinationName().asString());
    }

    private boolean wrap(final DirectBuffer buffer, final int offset, final int length)
    {
        try
        {
            reader.wrap(buffer, offset, length);
            return true;
        }
        catch (final MalformedEnvelopeException ex)
        {
            return false;
        }
    }

    /** A malformed envelope goes to every consumer it may be for, and each says so to its connection. */
    private void deliverMalformed(final DirectBuffer buffer, final int offset, final int length)
    {
        deliver(all, buffer, offset, length);
    }

    /** Appends an envelope that failed validation to sources, for each consumer to validate and report it. */
    private void deliver(final TopicSource[] sources, final DirectBuffer buffer, final int offset, final int length)
    {
        for (final TopicSource source : sources)
        {
            append(source, buffer, offset, length, false);
        }
    }

    /**
     * Appends an envelope that {@link #reader()} validated to a source's inbox, marked so that its consumer reads
     * it without validating it again.
     *
     * @param source the source.
     * @param buffer holding the envelope.
     * @param offset where it starts.
     * @param length its length.
     */
    void append(final TopicSource source, final DirectBuffer buffer, final int offset, final int length)
    {
        append(source, buffer, offset, length, true);
    }

    private void append(
        final TopicSource source, final DirectBuffer buffer, final int offset, final int length,
        final boolean validated)
    {
        final EnvelopeInbox inbox = source.inbox();
        if (validated && null != inbox.log())
        {
            if (NOT_LOGGED == logged)
            {
                logged = log.append(buffer, offset, length);
            }
            inbox.appendPosition(logged, length);
            queueIfListening(source);
            return;
        }
        if (dropWhenBehind && source.inbox().pendingBytes() + length > LAG_LIMIT)
        {
            unreportedLoss += length;
            return;
        }
        final int pending = source.inbox().append(buffer, offset, length, validated);
        if (pending > LAG_LIMIT && !source.isLagging())
        {
            source.lagging(true);
            lagging++;
        }
        queueIfListening(source);
    }

    private void queueIfListening(final TopicSource source)
    {
        if (source.isListening() && !source.isQueued())
        {
            source.queued(true);
            ready.add(source);
        }
    }

    /**
     * After a take for a source: it no longer lags once what waits in its inbox is within the limit again (another
     * stream's take may have emptied an inbox several streams fill).
     */
    private void release(final TopicSource source, final int taken)
    {
        if (source.isLagging() && (0 != taken || source.inbox().pendingBytes() <= LAG_LIMIT))
        {
            source.lagging(false);
            lagging--;
        }
    }

    /**
     * What the table holds under one topic hash: the topics of that hash, each with its consumers and the wildcard
     * consumers resolved to it.
     */
    private static final class Slot
    {
        private TopicSelection[] topics = NO_TOPICS;

        TopicSelection topicOf(final TopicSource source)
        {
            for (final TopicSelection topic : topics)
            {
                if (topic.isFor(source))
                {
                    return topic;
                }
            }
            return null;
        }

        TopicSelection topicOf(final EnvelopeReader reader)
        {
            for (final TopicSelection topic : topics)
            {
                if (topic.isFor(reader))
                {
                    return topic;
                }
            }
            return null;
        }

        boolean isEmpty()
        {
            return 0 == topics.length;
        }
    }
}
