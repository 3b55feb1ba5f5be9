package io.wirespeed.transport.aeron;

import java.util.ArrayList;
import java.util.List;

import io.aeron.Subscription;

/**
 * One asynchronous request to the archive ({@link ArchiveRequests}) and, once a later {@link ArchiveRequests#poll}
 * took it, its answer. Pending until then; answered, failed (the archive refused, or the request could not be sent),
 * or timed out (no answer within the archive client's message timeout: the request is forgotten, a late answer is
 * dropped). Used by the thread that polls the requests only.
 */
public final class ArchiveRequest
{
    /** What was asked. */
    enum Kind
    {
        LIST_FOR_URI, LIST_ONE, STOP_POSITION, REPLAY
    }

    private static final int PENDING = 0;
    private static final int ANSWERED = 1;
    private static final int FAILED = 2;
    private static final int TIMED_OUT = 3;

    final Kind kind;
    final long correlationId;
    final long recordingId;
    final List<StreamArchive.Recording> recordings = new ArrayList<>();
    long deadlineNs;
    String channelFragment;
    int streamId;
    Subscription replaySubscription;
    private RecordedStream replay;
    private long value;
    private String error;
    private int state = PENDING;
    private boolean cancelled;

    ArchiveRequest(final Kind kind, final long correlationId, final long recordingId)
    {
        this.kind = kind;
        this.correlationId = correlationId;
        this.recordingId = recordingId;
    }

    boolean isListing()
    {
        return kind == Kind.LIST_FOR_URI || kind == Kind.LIST_ONE;
    }

    /** @return whether no answer has come yet. */
    public boolean isPending()
    {
        return state == PENDING;
    }

    /** @return whether the archive answered (a listing may be empty). */
    public boolean isAnswered()
    {
        return state == ANSWERED;
    }

    /** @return whether the archive refused it or it could not be sent ({@link #error()} says why). */
    public boolean isFailed()
    {
        return state == FAILED;
    }

    /** @return whether no answer came within the timeout; a late answer is dropped. */
    public boolean isTimedOut()
    {
        return state == TIMED_OUT;
    }

    /** @return why it failed or timed out, else null. */
    public String error()
    {
        return error;
    }

    /** @return the recording asked about; for a listing of a stream, the first id listed. */
    public long recordingId()
    {
        return recordingId;
    }

    /** @return the recordings listed, oldest first (a listing of one recording: none if the archive has no such). */
    public List<StreamArchive.Recording> recordings()
    {
        return recordings;
    }

    /** @return the one recording listed, or null if the archive no longer has it (deleted by retention). */
    public StreamArchive.Recording recording()
    {
        return recordings.isEmpty() ? null : recordings.get(0);
    }

    /** @return the stop position answered: where a stopped recording ends, or -1 while it is active. */
    public long stopPosition()
    {
        return value;
    }

    /**
     * Takes the replay the archive started; the caller owns it from now on and closes it.
     *
     * @return the replayed stream, to be polled; null if not answered or already taken.
     */
    public RecordedStream takeReplay()
    {
        final RecordedStream taken = replay;
        replay = null;
        return taken;
    }

    /**
     * Forgets the request: an answer that comes is dropped, a replay the archive starts for it is stopped, and its
     * subscription is closed now.
     */
    public void cancel()
    {
        cancelled = true;
        if (state == PENDING)
        {
            state = TIMED_OUT;
            error = "cancelled";
            if (null != replaySubscription)
            {
                replaySubscription.close();
            }
        }
        if (null != replay)
        {
            replay.close();
            replay = null;
        }
    }

    boolean isCancelled()
    {
        return cancelled;
    }

    void answered(final long value)
    {
        this.value = value;
        state = ANSWERED;
    }

    void replayed(final RecordedStream replay)
    {
        this.replay = replay;
        state = ANSWERED;
    }

    void failed(final String error)
    {
        this.error = error;
        state = FAILED;
    }

    void timedOut(final String error)
    {
        this.error = error;
        state = TIMED_OUT;
    }

    @Override
    public String toString()
    {
        return kind + (kind == Kind.LIST_FOR_URI ? " from recording " : " of recording ") + recordingId +
            " (correlation " + correlationId + ")";
    }
}
