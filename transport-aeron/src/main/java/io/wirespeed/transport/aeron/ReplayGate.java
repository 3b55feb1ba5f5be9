package io.wirespeed.transport.aeron;

/**
 * Lets the archive's retention purge recordings that this process is replaying: Aeron Archive refuses
 * to purge a recording while a replay of it is in progress, so retention asks the owner of the replays
 * to stop them first. Called on the thread that applies retention, which must be the one that owns the
 * replays (see {@link ArchiveHost#applyRetentionIfDue(ReplayGate)}); the owner may start them again
 * after the purge, from the recording's new start.
 */
@FunctionalInterface
public interface ReplayGate
{
    /** Stops nothing: for an archive whose replays nobody in this process holds. */
    ReplayGate NONE = (recordingId) ->
    {
    };

    /**
     * Stops, now, every replay of a recording about to be purged.
     *
     * @param recordingId the recording.
     */
    void releaseReplays(long recordingId);
}
