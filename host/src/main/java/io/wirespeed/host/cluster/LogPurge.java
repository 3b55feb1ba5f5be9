package io.wirespeed.host.cluster;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import io.aeron.archive.client.AeronArchive;
import io.aeron.cluster.ConsensusModule;
import io.aeron.cluster.RecordingLog;

/**
 * Bounds a member's disk behind its snapshots. A member restarts from its latest snapshot and the log after it; if
 * that snapshot is unusable (an operator invalidates it with {@code ClusterTool invalidate-latest-snapshot}) from the
 * one before and the log after that. So the log before the older of the two latest snapshots, and the snapshots
 * before it, are never read again, and go:
 * <ul>
 *     <li>the log recording's segments wholly before the older snapshot's log position are purged
 *     ({@link AeronArchive#purgeSegments}): the recording's start position moves to the segment holding that
 *     position, and the segment files before it are deleted;</li>
 *     <li>the recordings of snapshots taken before it are purged ({@link AeronArchive#purgeRecording}).</li>
 * </ul>
 * No member needs what goes: {@link SnapshotSchedule} asks for a snapshot only once every member's log has reached
 * the latest one, so the older of the two latest snapshots is at or behind every member's log (Aeron Cluster
 * catches a follower up by replaying the leader's log from the follower's position, and has no way to send it a
 * snapshot instead).
 * <p>
 * What to purge comes from the consensus module's recording log ({@code cluster/recording.log}), read and never
 * written: its entries stay as they are (Aeron reads only the latest snapshots and the log after them). The archive
 * purges whole segments only ({@code aeron.archive.segment.file.length}, 128 MiB by default, at least the log's term
 * length), so up to a segment more than the log after the older snapshot stays.
 */
final class LogPurge
{
    private LogPurge()
    {
    }

    /**
     * What the recording log says may go.
     *
     * @param logRecordingId           the recording of the log around the older snapshot.
     * @param olderSnapshotPosition    the log position of the older of the two latest snapshots.
     * @param latestSnapshotPosition   the log position of the latest snapshot.
     * @param oldSnapshotRecordingIds  recordings of snapshots taken before the older one.
     */
    record Plan(
        long logRecordingId,
        long olderSnapshotPosition,
        long latestSnapshotPosition,
        List<Long> oldSnapshotRecordingIds)
    {
    }

    /**
     * What a purge left.
     *
     * @param logRecordingId         the log's recording.
     * @param logStartPosition       its start position after the purge.
     * @param olderSnapshotPosition  the log position of the older of the two latest snapshots.
     * @param snapshotsPurged        how many old snapshot recordings were purged.
     */
    record Result(long logRecordingId, long logStartPosition, long olderSnapshotPosition, int snapshotsPurged)
    {
    }

    /**
     * Reads the member's recording log.
     *
     * @param clusterDir the consensus module's directory.
     * @return what may go, or null while the member has fewer than two snapshots (or no recording log yet).
     */
    static Plan plan(final File clusterDir)
    {
        final List<RecordingLog.Entry> entries = entries(clusterDir);
        final TreeSet<Long> snapshotPositions = snapshotPositions(entries);
        if (snapshotPositions.size() < 2)
        {
            return null;
        }
        final long latest = snapshotPositions.last();
        final long older = snapshotPositions.lower(latest);
        long logRecordingId = -1;
        long termBase = -1;
        final TreeSet<Long> kept = new TreeSet<>();
        final TreeSet<Long> old = new TreeSet<>();
        for (final RecordingLog.Entry entry : entries)
        {
            if (entry.isValid && RecordingLog.ENTRY_TYPE_TERM == entry.type && entry.termBaseLogPosition <= older &&
                entry.termBaseLogPosition >= termBase)
            {
                termBase = entry.termBaseLogPosition;
                logRecordingId = entry.recordingId;
            }
            else if (RecordingLog.ENTRY_TYPE_SNAPSHOT == entry.type)
            {
                (entry.logPosition < older ? old : kept).add(entry.recordingId);
            }
        }
        old.removeAll(kept);
        return new Plan(logRecordingId, older, latest, List.copyOf(old));
    }

    /**
     * The log position of the member's latest snapshot.
     *
     * @param clusterDir the consensus module's directory.
     * @return the position, or -1 if it has none.
     */
    static long latestSnapshotPosition(final File clusterDir)
    {
        final TreeSet<Long> positions = snapshotPositions(entries(clusterDir));
        return positions.isEmpty() ? -1 : positions.last();
    }

    private static List<RecordingLog.Entry> entries(final File clusterDir)
    {
        if (!new File(clusterDir, RecordingLog.RECORDING_LOG_FILE_NAME).isFile())
        {
            return List.of();
        }
        try (RecordingLog recordingLog = new RecordingLog(clusterDir, false))
        {
            return new ArrayList<>(recordingLog.entries());
        }
    }

    /** The log positions of the valid snapshots (the consensus module's entry of each). */
    private static TreeSet<Long> snapshotPositions(final List<RecordingLog.Entry> entries)
    {
        final TreeSet<Long> positions = new TreeSet<>();
        for (final RecordingLog.Entry entry : entries)
        {
            if (entry.isValid && RecordingLog.ENTRY_TYPE_SNAPSHOT == entry.type &&
                ConsensusModule.Configuration.SERVICE_ID == entry.serviceId)
            {
                positions.add(entry.logPosition);
            }
        }
        return positions;
    }

    /**
     * Purges what a plan names through the member's archive.
     *
     * @param archive the member's archive.
     * @param plan    what may go.
     * @return what the purge left.
     * @throws io.aeron.archive.client.ArchiveException if the archive refuses (e.g. a replay of that part is under
     *                                                  way): the caller tries again later.
     */
    static Result purge(final AeronArchive archive, final Plan plan)
    {
        long logStart = -1;
        if (plan.logRecordingId() >= 0)
        {
            final long[] descriptor = new long[3];
            final int found = archive.listRecording(plan.logRecordingId(),
                (controlSessionId, correlationId, recordingId, startTimestamp, stopTimestamp, startPosition,
                stopPosition, initialTermId, segmentFileLength, termBufferLength, mtuLength, sessionId, streamId,
                strippedChannel, originalChannel, sourceIdentity) ->
                {
                    descriptor[0] = startPosition;
                    descriptor[1] = termBufferLength;
                    descriptor[2] = segmentFileLength;
                });
            if (1 == found)
            {
                final long startPosition = descriptor[0];
                final int termLength = (int)descriptor[1];
                final int segmentLength = (int)descriptor[2];
                final long firstSegmentEnd =
                    AeronArchive.segmentFileBasePosition(startPosition, startPosition, termLength, segmentLength) +
                    segmentLength;
                final long newStart = AeronArchive.segmentFileBasePosition(
                    startPosition, plan.olderSnapshotPosition(), termLength, segmentLength);
                logStart = startPosition;
                if (newStart >= firstSegmentEnd)
                {
                    archive.purgeSegments(plan.logRecordingId(), newStart);
                    logStart = newStart;
                }
            }
        }
        int snapshotsPurged = 0;
        for (final long recordingId : plan.oldSnapshotRecordingIds())
        {
            if (1 == archive.listRecording(recordingId, (controlSessionId, correlationId, id, startTimestamp,
                stopTimestamp, startPosition, stopPosition, initialTermId, segmentFileLength, termBufferLength,
                mtuLength, sessionId, streamId, strippedChannel, originalChannel, sourceIdentity) -> { }))
            {
                archive.purgeRecording(recordingId);
                snapshotsPurged++;
            }
        }
        return new Result(plan.logRecordingId(), logStart, plan.olderSnapshotPosition(), snapshotsPurged);
    }
}
