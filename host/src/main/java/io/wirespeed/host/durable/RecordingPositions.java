package io.wirespeed.host.durable;

import org.agrona.collections.Long2LongHashMap;
import org.agrona.concurrent.status.CountersReader;

import io.aeron.archive.status.RecordingPos;
import io.wirespeed.transport.aeron.StreamArchive;

/**
 * How far the archive has written a recording, read without a round trip to the archive where possible: an active
 * recording's position is its {@link RecordingPos} counter in the media driver's counters, which the archive moves
 * as it writes (the value {@link StreamArchive#position} would ask the archive for). A recording with no such counter
 * (stopped, or whose counter is not there yet) is asked of the archive, a round trip. The counter found for a
 * recording is remembered and checked on each read (a freed counter may serve another recording). Used by the queue
 * host's thread only.
 */
final class RecordingPositions
{
    private static final long NONE = -1;

    private final StreamArchive archive;
    private final CountersReader counters;
    private final Long2LongHashMap counterIds = new Long2LongHashMap(NONE);

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
        if (null != counters)
        {
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
        }
        return archive.position(recordingId);
    }

    /**
     * Forgets the counter of a recording no longer read.
     *
     * @param recordingId the recording.
     */
    void forget(final long recordingId)
    {
        counterIds.remove(recordingId);
    }

    private boolean isCounterOf(final int counterId, final long recordingId)
    {
        return counters.getCounterState(counterId) == CountersReader.RECORD_ALLOCATED &&
            counters.getCounterTypeId(counterId) == RecordingPos.RECORDING_POSITION_TYPE_ID &&
            RecordingPos.getRecordingId(counters, counterId) == recordingId;
    }
}
