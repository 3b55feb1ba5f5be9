package io.wirespeed.transport.aeron;

import java.io.File;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.locks.LockSupport;

import io.aeron.Aeron;
import io.aeron.archive.client.AeronArchive;
import io.aeron.archive.client.ArchiveException;
import org.agrona.CloseHelper;
import org.agrona.concurrent.Agent;
import io.wirespeed.transport.ArchiveConfig;

/**
 * The archive's retention policy: segment files older than the retention time, and the oldest
 * segments while all recordings together exceed the retention size, are purged. Whole stopped
 * recordings go at once; of an active recording only whole segments before the one being written.
 * Every purge is logged (logger {@code io.wirespeed.transport.aeron.ArchiveRetention}) with the
 * recording, its stream and the range of positions that went, so that a durable subscriber's gap is
 * never silent. Runs every few seconds as an {@link Agent} on its own thread, until the owner of the
 * archive's replays (the queue host) takes it over with {@link #applyIfDue(ReplayGate)}: Aeron Archive
 * refuses to purge a recording being replayed, so the replays are stopped (through the {@link ReplayGate})
 * on the thread that owns them, right before the purge.
 */
final class ArchiveRetention implements Agent
{
    private static final long CHECK_INTERVAL_MS = 5_000;
    /** How often a purge refused for a replay that is still stopping is tried again. */
    private static final int PURGE_ATTEMPTS = 50;
    private static final long PURGE_RETRY_NS = 10_000_000L;
    private static final System.Logger LOGGER = System.getLogger(ArchiveRetention.class.getName());

    private final String aeronDirectory;
    private final ArchiveConfig config;
    private final ThreadFactory clientThreads;
    private AeronArchive archive;
    private volatile long lastCheckMs;
    private volatile boolean takenOver;

    ArchiveRetention(final String aeronDirectory, final ArchiveConfig config, final ThreadFactory clientThreads)
    {
        this.aeronDirectory = aeronDirectory;
        this.config = config;
        this.clientThreads = clientThreads;
        this.lastCheckMs = System.currentTimeMillis();
    }

    @Override
    public String roleName()
    {
        return "wirespeed-archive-retention";
    }

    @Override
    public int doWork()
    {
        if (takenOver)
        {
            return 0;
        }
        final long now = System.currentTimeMillis();
        if (now - lastCheckMs < CHECK_INTERVAL_MS)
        {
            return 0;
        }
        lastCheckMs = now;
        return applyNow();
    }

    @Override
    public synchronized void onClose()
    {
        CloseHelper.quietClose(archive);
        archive = null;
    }

    /**
     * Applies the policy when it is due, from the calling thread, which owns the replays that the gate
     * stops; from the first call on, the agent leaves retention to the caller.
     *
     * @param gate stops the caller's replays of a recording before it is purged.
     * @return the number of segment files purged.
     */
    int applyIfDue(final ReplayGate gate)
    {
        takenOver = true;
        final long now = System.currentTimeMillis();
        if (now - lastCheckMs < CHECK_INTERVAL_MS)
        {
            return 0;
        }
        lastCheckMs = now;
        return applyNow(gate);
    }

    /**
     * Applies the policy once, stopping no replays.
     *
     * @return the number of segment files purged.
     */
    int applyNow()
    {
        return applyNow(ReplayGate.NONE);
    }

    /**
     * Applies the policy once.
     *
     * @param gate stops the replays of a recording before it is purged.
     * @return the number of segment files purged.
     */
    synchronized int applyNow(final ReplayGate gate)
    {
        if (config.retention().isZero() && config.retentionSize() == 0)
        {
            return 0;
        }
        if (archive == null)
        {
            final AeronArchive.Context context = ArchiveHost.clientContext().aeronDirectoryName(aeronDirectory);
            if (clientThreads != null)
            {
                context.aeron(Aeron.connect(new Aeron.Context().aeronDirectoryName(aeronDirectory)
                    .threadFactory(clientThreads))).ownsAeronClient(true);
            }
            archive = AeronArchive.connect(context);
        }
        final List<Segment> segments = segments();
        final long nowMs = System.currentTimeMillis();
        final long retentionMs = config.retention().toMillis();
        long total = 0;
        for (final Segment segment : segments)
        {
            total += segment.bytes;
        }
        if (retentionMs > 0)
        {
            for (final Segment segment : segments)
            {
                if (!segment.current && segment.modifiedMs < nowMs - retentionMs)
                {
                    segment.purge = true;
                    total -= segment.bytes;
                }
            }
        }
        if (config.retentionSize() > 0 && total > config.retentionSize())
        {
            final List<Segment> oldestFirst = new ArrayList<>(segments);
            oldestFirst.sort(Comparator.comparingLong((Segment segment) -> segment.modifiedMs)
                .thenComparingLong(segment -> segment.recordingId).thenComparingLong(segment -> segment.base));
            for (final Segment segment : oldestFirst)
            {
                if (total <= config.retentionSize())
                {
                    break;
                }
                if (!segment.current && !segment.purge)
                {
                    segment.purge = true;
                    total -= segment.bytes;
                }
            }
        }
        return purge(segments, gate);
    }

    private List<Segment> segments()
    {
        final List<Segment> segments = new ArrayList<>();
        final List<long[]> recordings = new ArrayList<>();
        archive.listRecordings(0, Integer.MAX_VALUE,
            (controlSessionId, correlationId, recordingId, startTimestamp, stopTimestamp, startPosition, stopPosition,
            initialTermId, segmentFileLength, termBufferLength, mtuLength, sessionId, streamId, strippedChannel,
            originalChannel, sourceIdentity) -> recordings.add(new long[]{
                recordingId, startPosition, stopPosition, segmentFileLength, termBufferLength, streamId}));
        final File directory = config.directory().toFile();
        for (final long[] recording : recordings)
        {
            final long recordingId = recording[0];
            final long start = recording[1];
            final boolean active = recording[2] == AeronArchive.NULL_POSITION;
            final long end = active ? archive.getRecordingPosition(recordingId) : recording[2];
            if (end == AeronArchive.NULL_POSITION)
            {
                continue;
            }
            final int segmentLength = (int)recording[3];
            final int termLength = (int)recording[4];
            final long first = AeronArchive.segmentFileBasePosition(start, start, termLength, segmentLength);
            final long last = AeronArchive.segmentFileBasePosition(start, end, termLength, segmentLength);
            for (long base = first; base <= last; base += segmentLength)
            {
                final File file = new File(directory, recordingId + "-" + base + ".rec");
                if (file.exists())
                {
                    final long bytes = Math.max(0, Math.min(base + segmentLength, end) - Math.max(base, start));
                    segments.add(new Segment(recordingId, (int)recording[5], base, segmentLength, bytes,
                        file.lastModified(), active && base == last, !active && base == last));
                }
            }
        }
        return segments;
    }

    private int purge(final List<Segment> segments, final ReplayGate gate)
    {
        final Map<Long, List<Segment>> byRecording = new HashMap<>();
        for (final Segment segment : segments)
        {
            byRecording.computeIfAbsent(segment.recordingId, (id) -> new ArrayList<>()).add(segment);
        }
        int purged = 0;
        for (final Map.Entry<Long, List<Segment>> entry : byRecording.entrySet())
        {
            final List<Segment> recording = entry.getValue();
            recording.sort(Comparator.comparingLong(segment -> segment.base));
            int prefix = 0;
            while (prefix < recording.size() && recording.get(prefix).purge)
            {
                prefix++;
            }
            if (prefix == 0)
            {
                continue;
            }
            final long recordingId = entry.getKey();
            final Segment lastPurged = recording.get(prefix - 1);
            final long from = recording.get(0).base;
            gate.releaseReplays(recordingId);
            if (prefix == recording.size() && lastPurged.lastOfStopped)
            {
                purgeRecording(recordingId);
                LOGGER.log(System.Logger.Level.WARNING, "archive retention deleted recording " + recordingId +
                    " (stream " + lastPurged.streamId + ") from position " + from + ": its messages are gone for any " +
                    "durable subscriber that had not read them (" + ArchiveConfig.RETENTION_PROP + "=" +
                    config.retention().toSeconds() + "s, " + ArchiveConfig.RETENTION_SIZE_PROP + "=" +
                    config.retentionSize() + ")");
            }
            else
            {
                final long newStart = lastPurged.base + lastPurged.length;
                purgeSegments(recordingId, newStart);
                LOGGER.log(System.Logger.Level.WARNING, "archive retention purged recording " + recordingId +
                    " (stream " + lastPurged.streamId + ") positions " + from + " to " + newStart + ": durable " +
                    "subscribers that had not read them skip them, and log the gap");
            }
            purged += prefix;
        }
        return purged;
    }

    private void purgeRecording(final long recordingId)
    {
        for (int attempt = 1; ; attempt++)
        {
            try
            {
                archive.purgeRecording(recordingId);
                return;
            }
            catch (final ArchiveException ex)
            {
                waitForStoppingReplay(ex, attempt);
            }
        }
    }

    private void purgeSegments(final long recordingId, final long newStart)
    {
        for (int attempt = 1; ; attempt++)
        {
            try
            {
                archive.purgeSegments(recordingId, newStart);
                return;
            }
            catch (final ArchiveException ex)
            {
                waitForStoppingReplay(ex, attempt);
            }
        }
    }

    /**
     * A replay stopped through the gate may take the archive's next duty cycle to go: a purge refused
     * for it is tried again a few times; any other refusal, or one that lasts, is thrown (and logged).
     */
    private static void waitForStoppingReplay(final ArchiveException ex, final int attempt)
    {
        if (attempt >= PURGE_ATTEMPTS || !String.valueOf(ex.getMessage()).contains("replay in progress"))
        {
            throw ex;
        }
        LockSupport.parkNanos(PURGE_RETRY_NS);
    }

    /** One segment file of a recording. */
    private static final class Segment
    {
        final long recordingId;
        final int streamId;
        final long base;
        final int length;
        final long bytes;
        final long modifiedMs;
        final boolean current;
        final boolean lastOfStopped;
        boolean purge;

        Segment(
            final long recordingId, final int streamId, final long base, final int length, final long bytes,
            final long modifiedMs, final boolean current, final boolean lastOfStopped)
        {
            this.recordingId = recordingId;
            this.streamId = streamId;
            this.base = base;
            this.length = length;
            this.bytes = bytes;
            this.modifiedMs = modifiedMs;
            this.current = current;
            this.lastOfStopped = lastOfStopped;
        }
    }
}
