package io.wirespeed.host;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import io.wirespeed.codec.EnvelopeReader;

/**
 * Durable queues take messages from the live inbound stream, in the order they arrive, and from the archive's
 * recordings of that stream only to learn where each message lies there (so that its acknowledgement moves the
 * stored position) and to rebuild the queues after a restart. This matches the two copies of a message by its
 * identity (connection, session, producer, sequence): a live message waits here for its recorded copy; a recorded
 * copy that comes first (a message recorded before this host subscribed: a restart) is queued from the recording,
 * and a live copy that follows it is left out. Used on the host's thread only.
 */
final class RecordedArrivals
{
    /** How long a message queued from its recording waits for a live copy that may still come. */
    private static final long REPLAYED_FIRST_KEPT_NS = 10_000_000_000L;

    private final Map<Identity, StoredMessage> awaitingRecording = new HashMap<>();
    private final LinkedHashMap<Identity, Long> replayedFirst = new LinkedHashMap<>();
    private final Set<Identity> awaitingAtStop = new HashSet<>();

    /**
     * The identity of the envelope a reader holds.
     *
     * @param reader holding the envelope.
     * @return its identity.
     */
    static Identity identity(final EnvelopeReader reader)
    {
        return new Identity(reader.connectionIdHigh(), reader.connectionIdLow(), reader.sessionId(),
            reader.producerId(), reader.sequence());
    }

    /**
     * A message arrived live.
     *
     * @param identity its identity.
     * @return true to queue it; false if its recorded copy was queued already.
     */
    boolean onLive(final Identity identity)
    {
        return replayedFirst.remove(identity) == null;
    }

    /**
     * A live message was queued: it waits for its recorded copy.
     *
     * @param identity its identity.
     * @param message  the queued message.
     */
    void awaitRecording(final Identity identity, final StoredMessage message)
    {
        awaitingRecording.put(identity, message);
    }

    /**
     * A message came from the recording.
     *
     * @param identity its identity.
     * @return the live message it is a copy of, or null if none arrived live (then it is queued from the recording).
     */
    StoredMessage onRecorded(final Identity identity)
    {
        return awaitingRecording.remove(identity);
    }

    /**
     * A message was queued from its recording: a live copy that follows is left out.
     *
     * @param identity its identity.
     * @param nowNs    the time now.
     */
    void queuedFromRecording(final Identity identity, final long nowNs)
    {
        replayedFirst.put(identity, nowNs);
    }

    /**
     * Forgets the recorded messages whose live copy did not come in time: recorded before this host subscribed.
     *
     * @param nowNs the time now.
     */
    void forgetOld(final long nowNs)
    {
        final Iterator<Long> it = replayedFirst.values().iterator();
        while (it.hasNext() && nowNs - it.next() > REPLAYED_FIRST_KEPT_NS)
        {
            it.remove();
        }
    }

    /**
     * The archive stopped recording for want of disk space: the live messages that wait now may have arrived
     * after what it recorded last.
     */
    void recordingStopped()
    {
        awaitingAtStop.clear();
        awaitingAtStop.addAll(awaitingRecording.keySet());
    }

    /**
     * The archive records again: the live messages that waited when it stopped and wait still were not recorded
     * (their recorded copies would have come while recording was stopped) and stop waiting.
     */
    void recordingResumed()
    {
        for (final Identity identity : awaitingAtStop)
        {
            awaitingRecording.remove(identity);
        }
        awaitingAtStop.clear();
    }

    /** @return how many messages queued from their recording wait for a live copy that may still come. */
    int replayedFirst()
    {
        return replayedFirst.size();
    }

    /** @return how many live messages wait for their recorded copy. */
    int awaiting()
    {
        return awaitingRecording.size();
    }

    /**
     * A message's identity across its live and recorded copies.
     *
     * @param high     its connection id, high half.
     * @param low      its connection id, low half.
     * @param session  its session.
     * @param producer its producer.
     * @param sequence its sequence within the producer.
     */
    record Identity(long high, long low, int session, int producer, long sequence)
    {
    }
}
