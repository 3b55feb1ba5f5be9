package io.wirespeed.host.durable;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.agrona.DirectBuffer;

import io.wirespeed.transport.aeron.ArchiveRequest;
import io.wirespeed.transport.aeron.ArchiveRequests;
import io.wirespeed.transport.aeron.RecordedStream;
import io.wirespeed.transport.aeron.StreamArchive;

/**
 * The source of a durable subscription's messages: every recording of its topic's stream (one per
 * publishing session), each replayed from the subscription's acknowledged position there and followed
 * while the publisher lives. Messages of one publisher come in the order it sent them; publishers
 * interleave. New publishers' recordings are found every {@value #DISCOVERY_INTERVAL_MS} ms, by asynchronous
 * requests to the archive ({@link StreamArchive#requests()}) whose answers later polls take: polling never waits for
 * the archive; a request unanswered within the archive client's message timeout is given up and asked again at the
 * next interval (WARNING once).
 * Acknowledgements move the per-recording positions ({@link RecordingCursor}), which are stored at
 * most every {@value #FLUSH_INTERVAL_MS} ms and when the feed closes. Where the archive's retention
 * removed data the subscription had not read, the gap is logged (logger
 * {@code io.wirespeed.host.durable.DurableFeed}, WARNING) with its extent, and reading goes on after it.
 * Used by the queue host's thread only.
 */
public final class DurableFeed implements AutoCloseable
{
    /** How often new recordings are looked for, in ms. */
    public static final long DISCOVERY_INTERVAL_MS = 100;
    /** The longest an acknowledgement stays unstored, in ms. */
    public static final long FLUSH_INTERVAL_MS = 20;
    private static final System.Logger LOGGER = System.getLogger(DurableFeed.class.getName());

    /** Takes each replayed message. */
    @FunctionalInterface
    public interface Sink
    {
        /**
         * @param buffer            holds the envelope, valid during the call only.
         * @param offset            where it starts.
         * @param length            its length.
         * @param recordingId       the recording it came from.
         * @param start             its start position there: its identity for {@link #acknowledge}.
         * @param possiblyDelivered whether a consumer may have had it before the host restarted.
         * @return true if kept (it will be acknowledged later); false if left out (it counts as acknowledged).
         */
        boolean onMessage(
            DirectBuffer buffer, int offset, int length, long recordingId, long start, boolean possiblyDelivered);
    }

    private final StreamArchive archive;
    private final ArchiveRequests requests;
    private final RecordingPositions positions;
    private final SubscriptionStore store;
    private final DurableState state;
    /** The replays under way by recording id, polled in that order (the order recordings' messages interleave). */
    private final Map<Long, RecordedStream> replays = new TreeMap<>();
    /** The publisher session of each recording looked up. */
    private final Map<Long, Integer> sessions = new HashMap<>();
    private final RecordedStream.Handler handler = this::onReplayed;
    private final ArrayDeque<Long> toExamine = new ArrayDeque<>();
    private ArchiveRequest listing;
    private ArchiveRequest describing;
    private ArchiveRequest starting;
    private boolean discovering;
    private boolean warnedNoAnswer;
    private Sink sink;
    private long currentRecording;
    private RecordingCursor currentCursor;
    private long lastDiscoveryMs;
    private long lastFlushMs;
    private boolean dirty;
    private boolean closed;

    private DurableFeed(
        final StreamArchive archive, final RecordingPositions positions, final SubscriptionStore store,
        final DurableState state)
    {
        this.archive = archive;
        this.requests = archive.requests();
        this.positions = positions;
        this.store = store;
        this.state = state;
    }

    /**
     * Creates a subscription: records its stream (if not yet recorded) and starts it at what is being
     * recorded now, then stores it.
     *
     * @param archive the archive client.
     * @param store   where subscriptions are stored.
     * @param state   the new subscription.
     * @return its feed.
     */
    public static DurableFeed create(
        final StreamArchive archive, final SubscriptionStore store, final DurableState state)
    {
        return create(archive, new RecordingPositions(archive, null), store, state);
    }

    /**
     * Creates a subscription in the archive of a durable storage, as {@link #create(StreamArchive, SubscriptionStore,
     * DurableState)} does, reading active recordings' positions from the media driver's counters rather than asking
     * the archive.
     *
     * @param storage the archive and the subscriptions' store.
     * @param state   the new subscription.
     * @return its feed.
     */
    public static DurableFeed create(final DurableStorage storage, final DurableState state)
    {
        return create(storage.archive(), storage.positions(), storage.store(), state);
    }

    private static DurableFeed create(
        final StreamArchive archive, final RecordingPositions positions, final SubscriptionStore store,
        final DurableState state)
    {
        final boolean newlyRecorded = archive.record(state.channel, state.streamId);
        for (final StreamArchive.Recording recording : archive.recordings(state.channel, state.streamId, -1))
        {
            if (recording.isActive())
            {
                state.cursors.put(recording.recordingId(), new RecordingCursor(
                    newlyRecorded ? recording.startPosition() : positions.position(recording.recordingId())));
            }
            state.afterRecordingId = Math.max(state.afterRecordingId, recording.recordingId());
        }
        store.save(state);
        return new DurableFeed(archive, positions, store, state);
    }

    /**
     * Reopens a stored subscription when the host starts: records its stream again, and treats what
     * was recorded before as possibly delivered (it is redelivered marked so).
     *
     * @param archive the archive client.
     * @param store   where subscriptions are stored.
     * @param state   the stored subscription.
     * @return its feed.
     */
    public static DurableFeed restore(
        final StreamArchive archive, final SubscriptionStore store, final DurableState state)
    {
        return restore(archive, new RecordingPositions(archive, null), store, state);
    }

    /**
     * Reopens a stored subscription in the archive of a durable storage, as {@link #restore(StreamArchive,
     * SubscriptionStore, DurableState)} does, reading active recordings' positions from the media driver's counters
     * rather than asking the archive.
     *
     * @param storage the archive and the subscriptions' store.
     * @param state   the stored subscription.
     * @return its feed.
     */
    public static DurableFeed restore(final DurableStorage storage, final DurableState state)
    {
        return restore(storage.archive(), storage.positions(), storage.store(), state);
    }

    private static DurableFeed restore(
        final StreamArchive archive, final RecordingPositions positions, final SubscriptionStore store,
        final DurableState state)
    {
        archive.record(state.channel, state.streamId);
        final DurableFeed feed = new DurableFeed(archive, positions, store, state);
        for (final StreamArchive.Recording recording : archive.recordings(state.channel, state.streamId, -1))
        {
            RecordingCursor cursor = state.cursors.get(recording.recordingId());
            if (cursor == null && recording.recordingId() > state.afterRecordingId)
            {
                cursor = new RecordingCursor(recording.startPosition());
                state.cursors.put(recording.recordingId(), cursor);
            }
            if (cursor != null)
            {
                cursor.possiblyDeliveredBelow(recording.isActive() ? positions.position(recording.recordingId()) :
                    recording.stopPosition());
            }
        }
        return feed;
    }

    /** @return the subscription's state. */
    public DurableState state()
    {
        return state;
    }

    /**
     * Reads replayed messages into the sink; now and then looks for new recordings and stores positions. Never waits
     * for the archive: a look for recordings is a sequence of asynchronous requests ({@link StreamArchive#requests()}),
     * one at a time, each answer taken by a later call.
     *
     * @param sink          takes the messages.
     * @param fragmentLimit the most fragments per recording.
     * @param nowMs         the host's time now (epoch ms, its duty cycle's), for the intervals of the looks for
     *                      recordings and of storing positions.
     * @return the work done.
     */
    public int poll(final Sink sink, final int fragmentLimit, final long nowMs)
    {
        int work = 0;
        if (!discovering && nowMs - lastDiscoveryMs >= DISCOVERY_INTERVAL_MS)
        {
            lastDiscoveryMs = nowMs;
            work += startDiscovery();
        }
        if (discovering)
        {
            work += continueDiscovery();
        }
        this.sink = sink;
        try
        {
            final Iterator<Map.Entry<Long, RecordedStream>> it = replays.entrySet().iterator();
            while (it.hasNext())
            {
                final Map.Entry<Long, RecordedStream> entry = it.next();
                currentRecording = entry.getKey();
                currentCursor = state.cursors.get(currentRecording);
                final RecordedStream replay = entry.getValue();
                work += replay.poll(handler, fragmentLimit);
                if (replay.isEnded())
                {
                    replay.close();
                    it.remove();
                    // a recording that continues this one's session may wait for it: look again now
                    lastDiscoveryMs = 0;
                    work++;
                }
            }
        }
        finally
        {
            this.sink = null;
            currentCursor = null;
        }
        flushIfDue(nowMs);
        return work;
    }

    /** Asks for the stream's recordings past those known: the first step of a look for recordings. */
    private int startDiscovery()
    {
        long known = state.afterRecordingId;
        for (final long id : state.cursors.keySet())
        {
            known = Math.max(known, id);
        }
        discovering = true;
        listing = requests.listRecordingsForUri(state.channel, state.streamId, known);
        return 1;
    }

    /**
     * Takes what the archive answered and asks the next thing: new recordings get cursors, then each recording not
     * read to its end and not being replayed is described and, where there is something to read, replayed.
     */
    private int continueDiscovery()
    {
        int work = requests.poll();
        while (discovering)
        {
            if (null != listing)
            {
                if (listing.isPending())
                {
                    return work;
                }
                final ArchiveRequest answered = listing;
                listing = null;
                if (!answered.isAnswered())
                {
                    return work + endDiscovery(answered);
                }
                onListed(answered.recordings());
                work++;
            }
            else if (null != describing)
            {
                if (describing.isPending())
                {
                    return work;
                }
                final ArchiveRequest answered = describing;
                describing = null;
                if (!answered.isAnswered())
                {
                    return work + endDiscovery(answered);
                }
                work += examine(answered.recordingId(), answered.recording());
            }
            else if (null != starting)
            {
                if (starting.isPending())
                {
                    return work;
                }
                final ArchiveRequest answered = starting;
                starting = null;
                if (answered.isTimedOut())
                {
                    return work + endDiscovery(answered);
                }
                work += onReplayStarted(answered);
            }
            else
            {
                final Long next = toExamine.pollFirst();
                if (null == next)
                {
                    discovering = false;
                    warnedNoAnswer = false;
                    return work;
                }
                final RecordingCursor cursor = state.cursors.get(next);
                if (null != cursor && !cursor.isDone() && !replays.containsKey(next))
                {
                    describing = requests.listRecording(next);
                }
            }
        }
        return work;
    }

    private void onListed(final List<StreamArchive.Recording> recordings)
    {
        for (final StreamArchive.Recording recording : recordings)
        {
            if (!state.cursors.containsKey(recording.recordingId()))
            {
                state.cursors.put(recording.recordingId(), new RecordingCursor(recording.startPosition()));
                dirty = true;
            }
        }
        final long[] ids = new long[state.cursors.size()];
        int count = 0;
        for (final Map.Entry<Long, RecordingCursor> entry : state.cursors.entrySet())
        {
            if (!entry.getValue().isDone() && !replays.containsKey(entry.getKey()))
            {
                ids[count++] = entry.getKey();
            }
        }
        // oldest first: a recording continuing a session's earlier one is looked at after it
        Arrays.sort(ids, 0, count);
        for (int i = 0; i < count; i++)
        {
            toExamine.addLast(ids[i]);
        }
    }

    /** A request of the look for recordings failed or went unanswered: the next look, at the interval, asks again. */
    private int endDiscovery(final ArchiveRequest failed)
    {
        discovering = false;
        toExamine.clear();
        if (!warnedNoAnswer)
        {
            warnedNoAnswer = true;
            LOGGER.log(System.Logger.Level.WARNING, "durable subscription '" + state.key + "': the archive did not " +
                "answer " + failed + " (" + failed.error() + "); looking for its recordings again every " +
                DISCOVERY_INTERVAL_MS + " ms (logged once until an answer comes)");
        }
        else
        {
            LOGGER.log(System.Logger.Level.DEBUG, "durable subscription '" + state.key + "': " + failed + ": " +
                failed.error());
        }
        return 1;
    }

    /** The archive described a recording (null: it no longer has it): replay it if there is something to read. */
    private int examine(final long recordingId, final StreamArchive.Recording recording)
    {
        final RecordingCursor cursor = state.cursors.get(recordingId);
        if (null == cursor || cursor.isDone() || replays.containsKey(recordingId))
        {
            return 0;
        }
        if (null == recording)
        {
            LOGGER.log(System.Logger.Level.WARNING, "durable subscription '" + state.key + "' on '" + state.topic +
                "' lost messages: the archive's retention deleted recording " + recordingId + " before it was " +
                "read past position " + cursor.read() + "; the subscription goes on with the other recordings");
            state.cursors.remove(recordingId);
            sessions.remove(recordingId);
            positions.forget(recordingId);
            dirty = true;
            return 1;
        }
        sessions.put(recordingId, recording.sessionId());
        if (!recording.isActive())
        {
            positions.stopped(recordingId, recording.stopPosition());
        }
        if (cursor.read() < recording.startPosition())
        {
            LOGGER.log(System.Logger.Level.WARNING, "durable subscription '" + state.key + "' on '" + state.topic +
                "' lost messages: the archive's retention purged recording " + recordingId + " positions " +
                cursor.read() + " to " + recording.startPosition() + " (" +
                (recording.startPosition() - cursor.read()) + " bytes) before they were read; it goes on from " +
                recording.startPosition());
            cursor.skipTo(recording.startPosition());
            dirty = true;
        }
        if (continuesAnUnreadRecording(recordingId, recording.sessionId()))
        {
            // its publisher's earlier messages come first: look again once that recording is read
            return 1;
        }
        final long readBefore = readInEarlierRecordings(recordingId, recording.sessionId());
        if (cursor.read() < readBefore)
        {
            // recording started again joins the stream at its slowest subscriber: what the earlier recording of
            // the same session held, and this one holds again, was read there
            cursor.skipTo(readBefore);
            dirty = true;
        }
        if (!recording.isActive() && cursor.read() >= recording.stopPosition())
        {
            cursor.done();
            dirty = true;
            return 1;
        }
        if (recording.isActive())
        {
            final long live = positions.livePosition(recordingId);
            if (RecordingPositions.NONE == live || live <= cursor.read())
            {
                // nothing recorded past the position yet (a publisher that has only just connected): the
                // archive refuses to replay an empty range, so look again at the next discovery
                return 1;
            }
        }
        starting = requests.replay(recordingId, cursor.read());
        return 1;
    }

    private int onReplayStarted(final ArchiveRequest answered)
    {
        final long recordingId = answered.recordingId();
        final RecordingCursor cursor = state.cursors.get(recordingId);
        if (!answered.isAnswered())
        {
            LOGGER.log(System.Logger.Level.WARNING, "durable subscription '" + state.key + "': cannot replay " +
                "recording " + recordingId + " from " + (null != cursor ? cursor.read() : "its position") +
                " (retrying): " + answered.error());
            return 1;
        }
        final RecordedStream replay = answered.takeReplay();
        if (null == cursor || cursor.isDone() || replays.containsKey(recordingId))
        {
            replay.close();
        }
        else
        {
            replays.put(recordingId, replay);
        }
        return 1;
    }

    /**
     * Whether an earlier recording of the same publisher session is not yet read to its end: recording stopped
     * for want of disk space and started again (a new recording of the same session), and the publisher's
     * messages must come in the order it sent them. (Another publisher's session with the same random id on the
     * same stream would only wait here until the earlier one ends.)
     */
    private boolean continuesAnUnreadRecording(final long recordingId, final int sessionId)
    {
        for (final Map.Entry<Long, RecordingCursor> entry : state.cursors.entrySet())
        {
            if (entry.getKey() >= recordingId)
            {
                continue;
            }
            final Integer session = sessions.get(entry.getKey());
            if (!entry.getValue().isDone() && session != null && session == sessionId)
            {
                return true;
            }
        }
        return false;
    }

    /**
     * How far the earlier recordings of the same publisher session were read: positions of one session are
     * positions in one stream, so a later recording of it holds again what an earlier one held below this.
     */
    private long readInEarlierRecordings(final long recordingId, final int sessionId)
    {
        long read = 0;
        for (final Map.Entry<Long, RecordingCursor> entry : state.cursors.entrySet())
        {
            final Integer session = sessions.get(entry.getKey());
            if (entry.getKey() < recordingId && session != null && session == sessionId)
            {
                read = Math.max(read, entry.getValue().read());
            }
        }
        return read;
    }

    private void onReplayed(final DirectBuffer buffer, final int offset, final int length, final long end)
    {
        final RecordingCursor cursor = currentCursor;
        if (cursor == null)
        {
            return;
        }
        final long start = cursor.read();
        if (end <= start)
        {
            return;
        }
        if (cursor.onRead(start, end) &&
            sink.onMessage(buffer, offset, length, currentRecording, start, cursor.possiblyDelivered(start)))
        {
            cursor.kept(start);
        }
        else
        {
            dirty = true;
        }
    }

    /**
     * A kept message was acknowledged (or dropped as expired): the subscription's position may move.
     *
     * @param recordingId the recording it came from.
     * @param start       its start position.
     */
    public void acknowledge(final long recordingId, final long start)
    {
        final RecordingCursor cursor = state.cursors.get(recordingId);
        if (cursor != null && cursor.acknowledge(start))
        {
            dirty = true;
        }
    }

    private void flushIfDue(final long nowMs)
    {
        if (dirty && nowMs - lastFlushMs >= FLUSH_INTERVAL_MS)
        {
            flush();
            lastFlushMs = nowMs;
        }
    }

    /**
     * How far the subscription is behind what its recordings hold: the bytes recorded past its acknowledged
     * positions. Reads an active recording's position from the media driver's counters where the feed was made from
     * a {@link DurableStorage}; a stopped one's is its stop position, known from the look for recordings or asked of
     * the archive without waiting (the answer serves a later call): call now and then, not per message. A feed not
     * made from a {@link DurableStorage} asks the archive, a round trip per recording.
     *
     * @return the bytes, or -1 if the archive cannot say now (a stop position asked and not answered yet).
     */
    public long lagBytes()
    {
        long lag = 0;
        boolean known = true;
        for (final Map.Entry<Long, RecordingCursor> entry : state.cursors.entrySet())
        {
            if (!entry.getValue().isDone())
            {
                final long position = positions.positionWithoutWaiting(entry.getKey());
                if (RecordingPositions.NONE == position)
                {
                    known = false;
                }
                else
                {
                    lag += Math.max(0, position - entry.getValue().watermark());
                }
            }
        }
        return known ? lag : -1;
    }

    /** Stores the subscription's positions now. */
    public void flush()
    {
        dirty = false;
        store.save(state);
    }

    /**
     * Stops the replay of a recording that the archive's retention is about to purge (Aeron Archive
     * refuses to purge a recording being replayed). The next look for recordings starts it again from
     * this subscription's position, and logs the gap if the purge went past it.
     *
     * @param recordingId the recording.
     */
    public void releaseReplay(final long recordingId)
    {
        final RecordedStream replay = replays.remove(recordingId);
        if (replay != null)
        {
            replay.close();
            lastDiscoveryMs = 0;
        }
        if (null != starting && starting.recordingId() == recordingId)
        {
            // a replay being started would hold the purge off too
            starting.cancel();
            starting = null;
            lastDiscoveryMs = 0;
        }
    }

    /** @return the ids of the recordings this subscription reads or has read. */
    public List<Long> recordingIds()
    {
        return List.copyOf(state.cursors.keySet());
    }

    /** Stops the replays and stores the positions; the subscription stays. Idempotent. */
    @Override
    public void close()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        cancelDiscovery();
        for (final RecordedStream replay : replays.values())
        {
            replay.close();
        }
        replays.clear();
        flush();
    }

    private void cancelDiscovery()
    {
        for (final ArchiveRequest request : new ArchiveRequest[]{ listing, describing, starting })
        {
            if (null != request)
            {
                request.cancel();
            }
        }
        listing = null;
        describing = null;
        starting = null;
        toExamine.clear();
        discovering = false;
    }

    /** Deletes the subscription: replays stop, its stream's recording is given back, its file goes. */
    public void delete()
    {
        closed = true;
        cancelDiscovery();
        for (final RecordedStream replay : replays.values())
        {
            replay.close();
        }
        replays.clear();
        archive.stopRecording(state.channel, state.streamId);
        store.delete(state.key);
    }
}
