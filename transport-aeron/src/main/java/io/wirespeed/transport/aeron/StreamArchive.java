package io.wirespeed.transport.aeron;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.aeron.Aeron;
import io.aeron.ChannelUri;
import io.aeron.CommonContext;
import io.aeron.Counter;
import io.aeron.Subscription;
import io.aeron.archive.client.AeronArchive;
import io.aeron.archive.client.ArchiveException;
import io.aeron.archive.codecs.SourceLocation;
import io.wirespeed.transport.ArchiveConfig;
import io.wirespeed.transport.TransportException;
import org.agrona.CloseHelper;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A client of the archive beside the media driver, for the one thread that records and replays
 * streams (the queue host): starts and stops recordings of a (channel, stream) — each publisher's
 * session becomes a recording of its own, whenever it comes, until the stream's recording is
 * stopped — marks recorded streams for publishers
 * ({@link RecordingWatch}), lists a stream's recordings, and replays one from a position, following
 * it while it is active. Watches the free space of the archive's disk ({@link #checkSpace}): below
 * {@link ArchiveConfig#minFree()} it stops every recording and marks the streams so that publishers
 * refuse PERSISTENT messages ({@link RecordingWatch#isRecordingStopped}), and starts them again when space
 * returns. Its {@link #requests()} ask the same archive without waiting for the answer. Not thread safe.
 */
public final class StreamArchive implements AutoCloseable
{
    /** The channel replays arrive on. */
    static final String REPLAY_CHANNEL = AeronChannels.IPC;
    /** The first stream id of replays; each replay of this client has its own. */
    static final int REPLAY_STREAM_BASE = 0x0F40_0000;
    private static final int REPLAY_STREAM_RANGE = 1 << 16;
    private static final System.Logger LOGGER = System.getLogger(StreamArchive.class.getName());

    private final Aeron aeron;
    private final AeronArchive archive;
    private final ArchiveSpace space;
    private final Map<String, Recorded> recorded = new HashMap<>();
    private ArchiveRequests requests;
    private int replayStreams;
    private boolean stopped;
    private boolean resumeFailed;

    private StreamArchive(final Aeron aeron, final AeronArchive archive, final ArchiveSpace space)
    {
        this.aeron = aeron;
        this.archive = archive;
        this.space = space;
    }

    /**
     * Connects to the archive running beside the transport's media driver.
     *
     * @param transport the transport whose Aeron client this uses.
     * @param config    the archive's settings: its directory, whose disk's free space this watches, and the least
     *                  free space it records with.
     * @return the connected client.
     * @throws TransportException if no archive answers.
     */
    public static StreamArchive connect(final AeronTransport transport, final ArchiveConfig config)
    {
        final Aeron aeron = transport.aeron();
        final ArchiveSpace space = new ArchiveSpace(config);
        AeronArchive synchronous = null;
        try
        {
            synchronous = AeronArchive.connect(ArchiveHost.clientContext().aeron(aeron).ownsAeronClient(false));
            // a second client, on a response stream of its own, for the requests answered asynchronously
            final AeronArchive asynchronous = AeronArchive.connect(ArchiveHost.clientContext().aeron(aeron)
                .ownsAeronClient(false));
            final StreamArchive streams = new StreamArchive(aeron, synchronous, space);
            streams.requests = new ArchiveRequests(streams, aeron, asynchronous);
            return streams;
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietClose(synchronous);
            throw new TransportException("no archive answered beside the media driver at " +
                transport.context().directory() + ": " + ex.getMessage(), ex);
        }
    }

    /**
     * The asynchronous requests to the same archive, for a duty cycle that must not wait for the archive's answers.
     *
     * @return them, on an archive client of their own.
     */
    public ArchiveRequests requests()
    {
        return requests;
    }

    /**
     * Records a stream (once, however often asked): marks it for publishers, then asks the archive
     * to record every publisher's session on it.
     *
     * @param channel  the channel as publishers name it.
     * @param streamId the stream.
     * @return true if this call started the recording, false if the stream was recorded already.
     * @throws TransportException if the archive refuses to record it (e.g. its disk is too full), naming what to do.
     */
    public boolean record(final String channel, final int streamId)
    {
        final String key = streamId + " " + channel;
        Recorded entry = recorded.get(key);
        if (entry == null)
        {
            if (stopped || space.measureLow())
            {
                throw tooLittleSpace(key, space.describe(), null);
            }
            final byte[] keyBytes = RecordingWatch.recordedStreamKey(channel, streamId);
            final byte[] label = ("wirespeed recorded stream " + streamId + " " + channel).getBytes(
                StandardCharsets.US_ASCII);
            final Counter mark = aeron.addCounter(RecordingWatch.RECORDED_STREAM_TYPE_ID, new UnsafeBuffer(keyBytes), 0,
                keyBytes.length, new UnsafeBuffer(label), 0, Math.min(label.length, 300));
            try
            {
                // not autoStop: that ends the recording subscription with the first publisher that leaves, and
                // later publishers of the stream would go unrecorded
                archive.startRecording(channel, streamId, sourceLocation(channel), false);
            }
            catch (final ArchiveException ex)
            {
                if (ex.errorCode() != ArchiveException.ACTIVE_SUBSCRIPTION)
                {
                    mark.close();
                    throw refused(key, ex);
                }
            }
            entry = new Recorded(channel, streamId, mark);
            recorded.put(key, entry);
            entry.references++;
            return true;
        }
        entry.references++;
        return false;
    }

    /** What the archive's refusal to record a stream means for the user, as a {@link TransportException}. */
    private TransportException refused(final String key, final ArchiveException ex)
    {
        if (ex.errorCode() == ArchiveException.STORAGE_SPACE)
        {
            return tooLittleSpace(key, space.describe() + "; the archive said: " + ex.getMessage(), ex);
        }
        return new TransportException("the archive cannot record stream " + key + ": " + ex.getMessage(), ex);
    }

    private static TransportException tooLittleSpace(final String key, final String why, final Exception cause)
    {
        return new TransportException("the archive cannot record stream " + key + ": its disk has too little free " +
            "space (" + why + "): free space on that disk, give the archive a directory on a larger one (" +
            ArchiveConfig.DIR_PROP + ", or archiveDir for the embedded archive), or lower " +
            ArchiveConfig.MIN_FREE_PROP + " (archiveMinFree)", cause);
    }

    /**
     * Measures the free space of the archive's disk when a check is due (every 100 ms) and, when it falls below
     * {@link ArchiveConfig#minFree()}, stops every recording this client runs, marking the streams so that
     * publishers refuse PERSISTENT messages at once (what was recorded stays); when it is back above that by a
     * quarter, records them again. For the thread that records.
     *
     * @param nowNs {@link System#nanoTime()}.
     * @return 1 if recording stopped or resumed, else 0.
     */
    public int checkSpace(final long nowNs)
    {
        final int change = space.poll(nowNs);
        if (change == ArchiveSpace.BECAME_LOW)
        {
            stopForWantOfSpace();
            return 1;
        }
        if (change == ArchiveSpace.BECAME_ENOUGH)
        {
            resume();
            return 1;
        }
        return 0;
    }

    /** @return whether recording is stopped for want of disk space ({@link #checkSpace}). */
    public boolean isRecordingStopped()
    {
        return stopped;
    }

    private void stopForWantOfSpace()
    {
        stopped = true;
        resumeFailed = false;
        for (final Recorded entry : recorded.values())
        {
            entry.mark.setRelease(RecordingWatch.RECORDING_STOPPED);
            try
            {
                archive.stopRecording(entry.channel, entry.streamId);
            }
            catch (final ArchiveException ex)
            {
                LOGGER.log(System.Logger.Level.DEBUG, "stop recording " + entry + ": " + ex.getMessage());
            }
        }
        LOGGER.log(System.Logger.Level.WARNING, "stopped recording " + recorded.size() + " stream(s): " +
            space.describe() + ". PERSISTENT sends to recorded destinations (durable subscriptions' topics, durable " +
            "queues) fail until " + space.resumeLevel() + " are free again; what was recorded is kept. Free space " +
            "on that disk, or move the archive (" + ArchiveConfig.DIR_PROP + " / archiveDir)");
    }

    private void resume()
    {
        for (final Recorded entry : recorded.values())
        {
            if (entry.mark.get() == RecordingWatch.RECORDING_STOPPED)
            {
                try
                {
                    archive.startRecording(entry.channel, entry.streamId, sourceLocation(entry.channel), false);
                }
                catch (final ArchiveException ex)
                {
                    if (ex.errorCode() != ArchiveException.ACTIVE_SUBSCRIPTION)
                    {
                        space.stayLow();
                        if (!resumeFailed)
                        {
                            resumeFailed = true;
                            LOGGER.log(System.Logger.Level.WARNING, "cannot record " + entry + " again yet, " +
                                "retrying: " + ex.getMessage());
                        }
                        return;
                    }
                }
                entry.mark.setRelease(RecordingWatch.RECORDING);
            }
        }
        stopped = false;
        LOGGER.log(System.Logger.Level.INFO, "recording " + recorded.size() + " stream(s) again: the archive's " +
            "disk has room; PERSISTENT sends to recorded destinations are kept again");
    }

    /**
     * Gives back one {@link #record} of a stream; the last stops its recording and removes its mark.
     *
     * @param channel  the channel.
     * @param streamId the stream.
     */
    public void stopRecording(final String channel, final int streamId)
    {
        final String key = streamId + " " + channel;
        final Recorded entry = recorded.get(key);
        if (entry != null && --entry.references == 0)
        {
            recorded.remove(key);
            entry.mark.close();
            try
            {
                archive.stopRecording(channel, streamId);
            }
            catch (final ArchiveException ex)
            {
                LOGGER.log(System.Logger.Level.DEBUG, "stop recording " + key + ": " + ex.getMessage());
            }
        }
    }

    /**
     * The recordings of a stream with ids above a given one, oldest first.
     *
     * @param channel         the channel as publishers name it.
     * @param streamId        the stream.
     * @param afterRecordingId only recordings with a larger id; -1 for all.
     * @return the recordings.
     */
    public List<Recording> recordings(final String channel, final int streamId, final long afterRecordingId)
    {
        final List<Recording> found = new ArrayList<>();
        final String fragment = channelFragment(channel);
        archive.listRecordingsForUri(afterRecordingId + 1, Integer.MAX_VALUE, fragment, streamId,
            (controlSessionId, correlationId, recordingId, startTimestamp, stopTimestamp, startPosition, stopPosition,
            initialTermId, segmentFileLength, termBufferLength, mtuLength, sessionId, stream, strippedChannel,
            originalChannel, sourceIdentity) -> found.add(new Recording(recordingId, startPosition, stopPosition,
            sessionId)));
        return found;
    }

    /**
     * One recording as the archive describes it now.
     *
     * @param recordingId the recording.
     * @return it, or null if the archive no longer has it (deleted by retention).
     */
    public Recording recording(final long recordingId)
    {
        final Recording[] found = new Recording[1];
        archive.listRecording(recordingId,
            (controlSessionId, correlationId, id, startTimestamp, stopTimestamp, startPosition, stopPosition,
            initialTermId, segmentFileLength, termBufferLength, mtuLength, sessionId, stream, strippedChannel,
            originalChannel, sourceIdentity) -> found[0] = new Recording(id, startPosition, stopPosition, sessionId));
        return found[0];
    }

    /**
     * How far a recording has been written.
     *
     * @param recordingId the recording.
     * @return its position now: the live one while active, else where it stopped.
     */
    public long position(final long recordingId)
    {
        final long live = archive.getRecordingPosition(recordingId);
        return live != AeronArchive.NULL_POSITION ? live : archive.getStopPosition(recordingId);
    }

    /**
     * Replays a recording from a position and follows it while it is active.
     *
     * @param recordingId the recording.
     * @param position    where to start: a message boundary at or after the recording's start.
     * @return the replayed stream, to be polled.
     */
    public RecordedStream replay(final long recordingId, final long position)
    {
        final int streamId = nextReplayStreamId();
        final Subscription subscription = aeron.addSubscription(REPLAY_CHANNEL, streamId);
        try
        {
            final long replaySessionId = archive.startReplay(recordingId, position, AeronArchive.NULL_LENGTH,
                REPLAY_CHANNEL, streamId);
            return new RecordedStream(this, recordingId, subscription, replaySessionId);
        }
        catch (final RuntimeException ex)
        {
            subscription.close();
            throw ex;
        }
    }

    int nextReplayStreamId()
    {
        return REPLAY_STREAM_BASE + (replayStreams++ & (REPLAY_STREAM_RANGE - 1));
    }

    void stopReplayQuietly(final long replaySessionId)
    {
        try
        {
            archive.stopReplay(replaySessionId);
        }
        catch (final RuntimeException ex)
        {
            LOGGER.log(System.Logger.Level.DEBUG, "stop replay " + replaySessionId + ": " + ex.getMessage());
        }
    }

    /** Removes the marks of the streams this client records and closes it; recordings go on until the archive stops. */
    @Override
    public void close()
    {
        for (final Recorded entry : recorded.values())
        {
            CloseHelper.quietClose(entry.mark);
        }
        recorded.clear();
        CloseHelper.quietClose(requests);
        CloseHelper.quietClose(archive);
    }

    private static SourceLocation sourceLocation(final String channel)
    {
        return channel.startsWith(CommonContext.IPC_CHANNEL) ? SourceLocation.LOCAL : SourceLocation.REMOTE;
    }

    static String channelFragment(final String channel)
    {
        if (channel.startsWith(CommonContext.IPC_CHANNEL))
        {
            return CommonContext.IPC_CHANNEL;
        }
        final String endpoint = ChannelUri.parse(channel).get(CommonContext.ENDPOINT_PARAM_NAME);
        return endpoint != null ? endpoint : channel;
    }

    /**
     * A recording: one publisher session of a recorded stream, or a part of one: a session whose recording was
     * stopped for want of disk space ({@link #checkSpace}) goes on in a new recording when recording resumes.
     *
     * @param recordingId   its id.
     * @param startPosition where it starts.
     * @param stopPosition  where it stopped, or {@link AeronArchive#NULL_POSITION} while active.
     * @param sessionId     the publisher's session.
     */
    public record Recording(long recordingId, long startPosition, long stopPosition, int sessionId)
    {
        /** @return whether the archive is still writing it. */
        public boolean isActive()
        {
            return stopPosition == AeronArchive.NULL_POSITION;
        }
    }

    private static final class Recorded
    {
        final String channel;
        final int streamId;
        final Counter mark;
        int references;

        Recorded(final String channel, final int streamId, final Counter mark)
        {
            this.channel = channel;
            this.streamId = streamId;
            this.mark = mark;
        }

        @Override
        public String toString()
        {
            return "stream " + streamId + " " + channel;
        }
    }
}
