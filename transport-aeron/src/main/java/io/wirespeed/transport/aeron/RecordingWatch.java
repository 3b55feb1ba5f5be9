package io.wirespeed.transport.aeron;

import static org.agrona.concurrent.status.CountersReader.KEY_OFFSET;
import static org.agrona.concurrent.status.CountersReader.NULL_COUNTER_ID;
import static org.agrona.concurrent.status.CountersReader.RECORD_ALLOCATED;
import static org.agrona.concurrent.status.CountersReader.RECORD_UNUSED;

import java.nio.charset.StandardCharsets;

import io.aeron.archive.status.RecordingPos;
import io.wirespeed.transport.PersistenceWatch;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.status.CountersReader;

/**
 * What a publisher can see of the archive through the media driver's counters, without talking to
 * it: whether a (channel, stream) is recorded (the queue host marks each stream it records with a
 * counter of type {@link #RECORDED_STREAM_TYPE_ID} before it starts the recording), and how far the
 * archive has written a publication's session ({@link RecordingPos}). Reads only; allocates nothing;
 * a scan reads the allocated counters up to the first unused one.
 */
public final class RecordingWatch implements PersistenceWatch
{
    /**
     * Counter type of a "this stream is recorded" mark: key = stream id (int), channel length (int), channel (ASCII).
     */
    public static final int RECORDED_STREAM_TYPE_ID = 0x5753_0001;
    /** A mark's value while the archive records its stream. */
    public static final long RECORDING = 0;
    /**
     * A mark's value while its stream's recording is stopped for want of disk space ({@link StreamArchive#checkSpace}):
     * PERSISTENT messages sent there now would not be kept.
     */
    public static final long RECORDING_STOPPED = 1;
    /** Offset of the stream id in a mark's key. */
    static final int STREAM_ID_OFFSET = 0;
    /** Offset of the channel's length in a mark's key. */
    static final int CHANNEL_LENGTH_OFFSET = 4;
    /** Offset of the channel in a mark's key. */
    static final int CHANNEL_OFFSET = 8;
    /** The longest channel a mark's key holds. */
    static final int MAX_CHANNEL_LENGTH = CountersReader.MAX_KEY_LENGTH - CHANNEL_OFFSET;

    /** What the find methods return when there is no such counter ({@link PersistenceWatch#NOT_FOUND}). */
    public static final int NOT_FOUND = NULL_COUNTER_ID;

    private final CountersReader counters;

    RecordingWatch(final CountersReader counters)
    {
        this.counters = counters;
    }

    /**
     * Finds the mark saying that a stream is recorded.
     *
     * @param channel  the channel as publishers name it.
     * @param streamId the stream.
     * @return the mark's counter id, or {@link CountersReader#NULL_COUNTER_ID} when the stream is not recorded.
     */
    @Override
    public int findRecordedStream(final String channel, final int streamId)
    {
        final DirectBuffer metadata = counters.metaDataBuffer();
        for (int id = 0, max = counters.maxCounterId(); id <= max; id++)
        {
            final int state = counters.getCounterState(id);
            if (state == RECORD_UNUSED)
            {
                break;
            }
            if (state == RECORD_ALLOCATED && isRecordedStream(metadata, id, channel, streamId))
            {
                return id;
            }
        }
        return NULL_COUNTER_ID;
    }

    /**
     * Whether a counter found by {@link #findRecordedStream} still marks that stream.
     *
     * @param counterId the mark.
     * @param channel   the channel.
     * @param streamId  the stream.
     * @return true while the stream is recorded under that mark.
     */
    @Override
    public boolean isRecordedStream(final int counterId, final String channel, final int streamId)
    {
        return counterId != NULL_COUNTER_ID && counters.getCounterState(counterId) == RECORD_ALLOCATED &&
            isRecordedStream(counters.metaDataBuffer(), counterId, channel, streamId);
    }

    /**
     * Whether the recording of a stream marked as recorded is stopped for now, for want of disk space.
     *
     * @param counterId a mark found by {@link #findRecordedStream}.
     * @return true while PERSISTENT messages sent to that stream would not be kept.
     */
    @Override
    public boolean isRecordingStopped(final int counterId)
    {
        return counterId != NULL_COUNTER_ID && counters.getCounterValue(counterId) == RECORDING_STOPPED;
    }

    private boolean isRecordedStream(
        final DirectBuffer metadata, final int counterId, final String channel, final int streamId)
    {
        if (counters.getCounterTypeId(counterId) != RECORDED_STREAM_TYPE_ID)
        {
            return false;
        }
        final int key = CountersReader.metaDataOffset(counterId) + KEY_OFFSET;
        if (metadata.getInt(key + STREAM_ID_OFFSET) != streamId)
        {
            return false;
        }
        final int length = metadata.getInt(key + CHANNEL_LENGTH_OFFSET);
        if (length != channel.length())
        {
            return false;
        }
        for (int i = 0; i < length; i++)
        {
            if (metadata.getByte(key + CHANNEL_OFFSET + i) != (byte)channel.charAt(i))
            {
                return false;
            }
        }
        return true;
    }

    /**
     * Writes a mark's key.
     *
     * @param channel  the recorded channel.
     * @param streamId the recorded stream.
     * @return the key bytes.
     */
    static byte[] recordedStreamKey(final String channel, final int streamId)
    {
        final byte[] ascii = channel.getBytes(StandardCharsets.US_ASCII);
        if (ascii.length > MAX_CHANNEL_LENGTH)
        {
            throw new IllegalArgumentException("channel too long to mark as recorded: " + channel);
        }
        final byte[] key = new byte[CHANNEL_OFFSET + ascii.length];
        final org.agrona.concurrent.UnsafeBuffer buffer = new org.agrona.concurrent.UnsafeBuffer(key);
        buffer.putInt(STREAM_ID_OFFSET, streamId);
        buffer.putInt(CHANNEL_LENGTH_OFFSET, ascii.length);
        buffer.putBytes(CHANNEL_OFFSET, ascii);
        return key;
    }

    /**
     * Finds the archive's position counter for a publication's session.
     *
     * @param sessionId the publication's session id.
     * @return the counter id, or {@link CountersReader#NULL_COUNTER_ID} while the archive records no such session.
     */
    @Override
    public int findRecordingCounter(final int sessionId)
    {
        return RecordingPos.findCounterIdBySession(counters, sessionId);
    }

    /**
     * How far the archive has written a recording, by its position counter.
     *
     * @param counterId a counter found by {@link #findRecordingCounter}.
     * @param sessionId the session it was found for.
     * @return the recorded position, or -1 if the counter no longer records that session.
     */
    @Override
    public long recordedPosition(final int counterId, final int sessionId)
    {
        if (counterId == NULL_COUNTER_ID || counters.getCounterState(counterId) != RECORD_ALLOCATED ||
            counters.getCounterTypeId(counterId) != RecordingPos.RECORDING_POSITION_TYPE_ID)
        {
            return -1;
        }
        final long position = counters.getCounterValue(counterId);
        final int key = CountersReader.metaDataOffset(counterId) + KEY_OFFSET;
        if (counters.metaDataBuffer().getInt(key + 8) != sessionId)
        {
            return -1;
        }
        return position;
    }
}
