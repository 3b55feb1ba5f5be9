package io.wirespeed.host.durable;

import org.agrona.collections.Long2LongHashMap;
import org.agrona.collections.Long2ObjectHashMap;
import org.agrona.concurrent.status.CountersReader;

import io.aeron.archive.client.AeronArchive;
import io.aeron.archive.status.RecordingPos;
import io.wirespeed.transport.aeron.ArchiveRequest;
import io.wirespeed.transport.aeron.StreamArchive;

/**
 * How far the archive has written a recording, read without a round trip to the archive where possible: an active
 * recording's position is its {@link RecordingPos} counter in the media driver's counters, which the archive moves
 * as it writes (the value {@link StreamArchive#position} would ask the archive for). A recording with no such counter
 * (stopped, or whose counter is not there yet) is asked of the archive, a round trip. The counter found for a
 * recording is remembered and checked on each read (a freed counter may serve another recording). Where the caller must
 * not wait ({@link #positionWithoutWaiting}), a stopped recording's position is its stop position, known from a
 * listing or asked of the archive asynchronously ({@link StreamArchive#requests()}) and remembered (it does not
 * change). Used by the queue host's thread only.
 */
final class RecordingPositions
{
    /** No position known (yet). */
    static final long NONE = -1;

    private final StreamArchive archive;
    private final CountersReader counters;
    private final Long2LongHashMap counterIds = new Long2LongHashMap(NONE);
    private final Long2LongHashMap stopPositions = new Long2LongHashMap(NONE);
    private final Long2ObjectHashMap<ArchiveRequest> stopAsked = new Long2ObjectHashMap<>();

    /**
     * @param archive  the archive client, for recordings without a counter.
     * @param counters the media driver's counters, or null to ask the archive always.
     */
    RecordingPositions(final StreamArchive archive, final CountersReader counters)
    {
        this.archive = archive;
        this.counters = counters;
    }

    /**
     * How far a recording has been written.
     *
     * @param recordingId the recording.
     * @return its position now: the live one while active, else where it stopped.
     */
    long position(final long recordingId)
    {
        final long live = null != counters ? livePosition(recordingId) : NONE;
        return NONE != live ? live : archive.position(recordingId);
    }

    /**
     * How far a recording has been written, without waiting for the archive: its counter while active, else its
     * stop position if known; else the stop position is asked of the archive, and a later call may know it.
     *
     * @param recordingId the recording.
     * @return its position, or {@link #NONE} if not known now.
     */
    long positionWithoutWaiting(final long recordingId)
    {
        if (null == counters)
        {
            return position(recordingId);
        }
        final long live = livePosition(recordingId);
        if (NONE != live)
        {
            return live;
        }
        final long stopped = stopPositions.get(recordingId);
        if (NONE != stopped)
        {
            return stopped;
        }
        final ArchiveRequest asked = stopAsked.get(recordingId);
        if (null == asked)
        {
            stopAsked.put(recordingId, archive.requests().stopPosition(recordingId));
        }
        else if (!asked.isPending())
        {
            stopAsked.remove(recordingId);
            if (asked.isAnswered() && AeronArchive.NULL_POSITION != asked.stopPosition())
            {
                stopPositions.put(recordingId, asked.stopPosition());
                return asked.stopPosition();
            }
        }
        return NONE;
    }

    /**
     * A listing said where a recording stopped.
     *
     * @param recordingId the recording.
     * @param position    its stop position.
     */
    void stopped(final long recordingId, final long position)
    {
        if (AeronArchive.NULL_POSITION != position)
        {
            stopPositions.put(recordingId, position);
        }
    }

    /**
     * An active recording's position from its counter, no round trip.
     *
     * @param recordingId the recording.
     * @return its position, or {@link #NONE} if it has no counter (stopped, or not there yet; or no counters are
     * read, then the archive is asked, a round trip).
     */
    long livePosition(final long recordingId)
    {
        if (null == counters)
        {
            return archive.position(recordingId);
        }
        long counterId = counterIds.get(recordingId);
        if (NONE == counterId || !isCounterOf((int)counterId, recordingId))
        {
            counterIds.remove(recordingId);
            counterId = RecordingPos.findCounterIdByRecording(counters, recordingId);
            if (CountersReader.NULL_COUNTER_ID != counterId && isCounterOf((int)counterId, recordingId))
            {
                counterIds.put(recordingId, counterId);
            }
            else
            {
                counterId = NONE;
            }
        }
        if (NONE != counterId)
        {
            final long position = counters.getCounterValue((int)counterId);
            if (isCounterOf((int)counterId, recordingId))
            {
                return position;
            }
            counterIds.remove(recordingId);
        }
        return NONE;
    }

    /**
     * Forgets the counter of a recording no longer read.
     *
     * @param recordingId the recording.
     */
    void forget(final long recordingId)
    {
        counterIds.remove(recordingId);
        stopPositions.remove(recordingId);
        stopAsked.remove(recordingId);
    }

    private boolean isCounterOf(final int counterId, final long recordingId)
    {
        return counters.getCounterState(counterId) == CountersReader.RECORD_ALLOCATED &&
            counters.getCounterTypeId(counterId) == RecordingPos.RECORDING_POSITION_TYPE_ID &&
            RecordingPos.getRecordingId(counters, counterId) == recordingId;
    }
}
