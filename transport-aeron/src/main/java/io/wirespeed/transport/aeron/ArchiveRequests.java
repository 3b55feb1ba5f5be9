package io.wirespeed.transport.aeron;

import java.util.ArrayDeque;
import java.util.Iterator;

import io.aeron.Aeron;
import io.aeron.archive.client.AeronArchive;
import io.aeron.archive.client.ArchiveProxy;
import io.aeron.archive.client.ControlResponseAdapter;
import io.aeron.archive.client.ControlResponseListener;
import io.aeron.archive.codecs.ControlResponseCode;
import org.agrona.CloseHelper;
import org.agrona.collections.Long2ObjectHashMap;

/**
 * Asks the archive without waiting for its answer, for a duty cycle that must never block: each request is sent with
 * Aeron Archive's {@link ArchiveProxy} under a correlation id of its own and returns an {@link ArchiveRequest} at
 * once; {@link #poll} (called each duty cycle) reads the control responses that have come and completes the requests
 * they answer, and forgets those unanswered within the archive client's message timeout. It has an archive client
 * (a control session with its own response stream) of its own: the synchronous calls of {@link StreamArchive} poll
 * their client's response stream and drop the answers they do not wait for, so the two must not share one. Not
 * thread safe.
 */
public final class ArchiveRequests implements AutoCloseable
{
    private static final int FRAGMENT_LIMIT = 32;
    private static final System.Logger LOGGER = System.getLogger(ArchiveRequests.class.getName());

    private final StreamArchive streams;
    private final Aeron aeron;
    private final AeronArchive archive;
    private final ArchiveProxy proxy;
    private final long controlSessionId;
    private long timeoutNs;
    private final ControlResponseAdapter adapter;
    private final Long2ObjectHashMap<ArchiveRequest> pending = new Long2ObjectHashMap<>();
    private final ArrayDeque<ArchiveRequest> listings = new ArrayDeque<>();
    private ArchiveRequest activeListing;
    private boolean closed;

    ArchiveRequests(final StreamArchive streams, final Aeron aeron, final AeronArchive archive)
    {
        this.streams = streams;
        this.aeron = aeron;
        this.archive = archive;
        this.proxy = archive.archiveProxy();
        this.controlSessionId = archive.controlSessionId();
        this.timeoutNs = archive.context().messageTimeoutNs();
        this.adapter = new ControlResponseAdapter(new Listener(), archive.controlResponsePoller().subscription(),
            FRAGMENT_LIMIT);
    }

    /**
     * Lists the recordings of a stream with ids above a given one, oldest first.
     *
     * @param channel          the channel as publishers name it.
     * @param streamId         the stream.
     * @param afterRecordingId only recordings with a larger id; -1 for all.
     * @return the request; {@link ArchiveRequest#recordings()} once answered.
     */
    public ArchiveRequest listRecordingsForUri(final String channel, final int streamId, final long afterRecordingId)
    {
        final ArchiveRequest request = newRequest(ArchiveRequest.Kind.LIST_FOR_URI, afterRecordingId + 1);
        request.channelFragment = StreamArchive.channelFragment(channel);
        request.streamId = streamId;
        return queueListing(request);
    }

    /**
     * Describes one recording as the archive has it now.
     *
     * @param recordingId the recording.
     * @return the request; {@link ArchiveRequest#recording()} once answered (null if the archive no longer has it).
     */
    public ArchiveRequest listRecording(final long recordingId)
    {
        return queueListing(newRequest(ArchiveRequest.Kind.LIST_ONE, recordingId));
    }

    /**
     * Asks where a recording stopped.
     *
     * @param recordingId the recording.
     * @return the request; {@link ArchiveRequest#stopPosition()} once answered (-1 while the recording is active).
     */
    public ArchiveRequest stopPosition(final long recordingId)
    {
        final ArchiveRequest request = newRequest(ArchiveRequest.Kind.STOP_POSITION, recordingId);
        boolean sent;
        try
        {
            sent = proxy.getStopPosition(recordingId, request.correlationId, controlSessionId);
        }
        catch (final RuntimeException ex)
        {
            request.failed("not sent: " + ex.getMessage());
            sent = false;
        }
        return send(request, sent);
    }

    /**
     * Replays a recording from a position, following it while it is active, as {@link StreamArchive#replay} does.
     *
     * @param recordingId the recording.
     * @param position    where to start: a message boundary at or after the recording's start.
     * @return the request; {@link ArchiveRequest#takeReplay()} once answered.
     */
    public ArchiveRequest replay(final long recordingId, final long position)
    {
        final ArchiveRequest request = newRequest(ArchiveRequest.Kind.REPLAY, recordingId);
        final int streamId = streams.nextReplayStreamId();
        boolean sent;
        try
        {
            // the media driver's round trip, as any subscription's; not the archive's
            request.replaySubscription = aeron.addSubscription(StreamArchive.REPLAY_CHANNEL, streamId);
            sent = proxy.replay(recordingId, position, AeronArchive.NULL_LENGTH, StreamArchive.REPLAY_CHANNEL,
                streamId, request.correlationId, controlSessionId);
        }
        catch (final RuntimeException ex)
        {
            request.failed("not sent: " + ex.getMessage());
            sent = false;
        }
        if (!sent && null != request.replaySubscription)
        {
            request.replaySubscription.close();
        }
        return send(request, sent);
    }

    /**
     * Completes the requests whose answers have come and forgets those unanswered for longer than the timeout.
     * Never blocks.
     *
     * @return the work done: the control response fragments read and the requests forgotten.
     */
    public int poll()
    {
        if (closed)
        {
            return 0;
        }
        int work = adapter.poll();
        work += sendNextListing();
        if (!pending.isEmpty())
        {
            final long nowNs = System.nanoTime();
            final Iterator<ArchiveRequest> it = pending.values().iterator();
            while (it.hasNext())
            {
                final ArchiveRequest request = it.next();
                if (nowNs - request.deadlineNs < 0)
                {
                    continue;
                }
                if (request.isPending())
                {
                    request.timedOut("no answer from the archive within " + timeoutNs / 1_000_000 + " ms");
                    if (null != request.replaySubscription)
                    {
                        request.replaySubscription.close();
                    }
                    work++;
                    if (request.kind == ArchiveRequest.Kind.REPLAY)
                    {
                        // kept a while longer: a replay the archive starts late is stopped
                        continue;
                    }
                }
                else if (nowNs - request.deadlineNs - timeoutNs < 0)
                {
                    continue;
                }
                it.remove();
            }
        }
        return work;
    }

    /**
     * @return how many requests wait for an answer (or, a replay that timed out, for a late one to stop), or to be
     * sent (listings, one at a time).
     */
    public int outstanding()
    {
        return pending.size() + listings.size();
    }

    /** @return the control session of this client: not that of {@link StreamArchive}'s synchronous calls. */
    public long controlSessionId()
    {
        return controlSessionId;
    }

    /** For tests: a shorter timeout than the archive client's. */
    void timeoutNs(final long timeoutNs)
    {
        this.timeoutNs = timeoutNs;
    }

    /** For tests: the archive client these requests use. */
    AeronArchive client()
    {
        return archive;
    }

    /** Cancels what is pending and closes this archive client. Idempotent. */
    @Override
    public void close()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        for (final ArchiveRequest request : pending.values())
        {
            if (request.isPending() && null != request.replaySubscription)
            {
                request.replaySubscription.close();
            }
        }
        pending.clear();
        listings.clear();
        activeListing = null;
        CloseHelper.quietClose(archive);
    }

    private ArchiveRequest newRequest(final ArchiveRequest.Kind kind, final long recordingId)
    {
        final ArchiveRequest request = new ArchiveRequest(kind, aeron.nextCorrelationId(), recordingId);
        request.deadlineNs = System.nanoTime() + timeoutNs;
        return request;
    }

    /** The archive runs one listing per control session at a time (it refuses another): listings wait their turn. */
    private ArchiveRequest queueListing(final ArchiveRequest request)
    {
        listings.addLast(request);
        sendNextListing();
        return request;
    }

    private int sendNextListing()
    {
        if (null != activeListing && pending.containsKey(activeListing.correlationId) &&
            System.nanoTime() - activeListing.deadlineNs < 0)
        {
            // the archive still lists for it (a cancelled one too, until it ends)
            return 0;
        }
        activeListing = null;
        ArchiveRequest request;
        while (null != (request = listings.pollFirst()))
        {
            if (request.isCancelled())
            {
                continue;
            }
            request.deadlineNs = System.nanoTime() + timeoutNs;
            boolean sent;
            try
            {
                sent = request.kind == ArchiveRequest.Kind.LIST_ONE ?
                    proxy.listRecording(request.recordingId, request.correlationId, controlSessionId) :
                    proxy.listRecordingsForUri(request.recordingId, Integer.MAX_VALUE, request.channelFragment,
                    request.streamId, request.correlationId, controlSessionId);
            }
            catch (final RuntimeException ex)
            {
                request.failed("not sent: " + ex.getMessage());
                sent = false;
            }
            send(request, sent);
            if (request.isPending())
            {
                activeListing = request;
                return 1;
            }
        }
        return 0;
    }

    private ArchiveRequest send(final ArchiveRequest request, final boolean sent)
    {
        if (request.isFailed())
        {
            return request;
        }
        if (!sent)
        {
            request.failed("not sent: the archive's control stream is back-pressured or not connected");
            return request;
        }
        pending.put(request.correlationId, request);
        return request;
    }

    private void onResponse(final long correlationId, final long relevantId, final ControlResponseCode code,
        final String errorMessage)
    {
        final ArchiveRequest request = pending.get(correlationId);
        if (null == request)
        {
            return;
        }
        if (!request.isPending() || request.isCancelled())
        {
            pending.remove(correlationId);
            if (request.kind == ArchiveRequest.Kind.REPLAY && code == ControlResponseCode.OK)
            {
                try
                {
                    // its answer is dropped as any other unknown correlation's
                    proxy.stopReplay(relevantId, aeron.nextCorrelationId(), controlSessionId);
                }
                catch (final RuntimeException ex)
                {
                    LOGGER.log(System.Logger.Level.DEBUG, "stop replay " + relevantId + ": " + ex.getMessage());
                }
            }
            return;
        }
        pending.remove(correlationId);
        if (code == ControlResponseCode.OK)
        {
            if (request.kind == ArchiveRequest.Kind.REPLAY)
            {
                request.replayed(new RecordedStream(streams, request.recordingId, request.replaySubscription,
                    relevantId));
            }
            else
            {
                request.answered(relevantId);
            }
        }
        else if (code == ControlResponseCode.RECORDING_UNKNOWN &&
            (request.kind == ArchiveRequest.Kind.LIST_FOR_URI || request.kind == ArchiveRequest.Kind.LIST_ONE))
        {
            // the end of a listing, or no such recording
            request.answered(0);
        }
        else
        {
            if (null != request.replaySubscription)
            {
                request.replaySubscription.close();
            }
            request.failed(code + ": " + errorMessage);
        }
    }

    private void onDescriptor(
        final long correlationId, final long recordingId, final long startPosition, final long stopPosition,
        final int sessionId)
    {
        final ArchiveRequest request = pending.get(correlationId);
        if (null == request)
        {
            return;
        }
        if (!request.isPending() || request.isCancelled())
        {
            return;
        }
        request.recordings.add(new StreamArchive.Recording(recordingId, startPosition, stopPosition, sessionId));
        if (request.kind == ArchiveRequest.Kind.LIST_ONE)
        {
            // a listing of one recording that exists ends with its descriptor
            pending.remove(correlationId);
            request.answered(0);
        }
    }

    private final class Listener implements ControlResponseListener
    {
        @Override
        public void onResponse(
            final long controlSessionId, final long correlationId, final long relevantId,
            final ControlResponseCode code, final String errorMessage)
        {
            if (controlSessionId == ArchiveRequests.this.controlSessionId)
            {
                ArchiveRequests.this.onResponse(correlationId, relevantId, code, errorMessage);
            }
        }

        @Override
        public void onRecordingDescriptor(
            final long controlSessionId, final long correlationId, final long recordingId, final long startTimestamp,
            final long stopTimestamp, final long startPosition, final long stopPosition, final int initialTermId,
            final int segmentFileLength, final int termBufferLength, final int mtuLength, final int sessionId,
            final int streamId, final String strippedChannel, final String originalChannel,
            final String sourceIdentity)
        {
            if (controlSessionId == ArchiveRequests.this.controlSessionId)
            {
                onDescriptor(correlationId, recordingId, startPosition, stopPosition, sessionId);
            }
        }
    }
}
