package io.wirespeed.transport.aeron;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.status.CountersReader;

import io.aeron.AeronCounters;
import io.aeron.driver.status.StreamCounter;

/**
 * One look at a media driver's position counters: for every stream image where its publication has written
 * ({@code pub-pos}, or the sender's position), how far the driver has received it over the network
 * ({@code rcv-hwm}), where each subscriber has read to ({@code sub-pos}, with the Aeron client that owns it),
 * where each of the archive's recordings has recorded to ({@code rec-pos}), and which streams the queue host
 * records and whether it has stopped recording them for want of disk space ({@link RecordingWatch}). Lag is how
 * far a reader is behind the head of its stream (the larger of the written and received positions). Allocates:
 * for readers (health, meters, {@code wirespeed-stat}), never the hot path.
 */
public final class StreamPositionSample
{
    /** Where a {@code rec-pos} key holds the recorded session's id (after the 8-byte recording id). */
    private static final int RECORDING_SESSION_ID_OFFSET = 8;

    private final Map<String, Stream> streams = new TreeMap<>();
    private final List<Recording> recordings = new ArrayList<>();
    private final List<RecordedStream> recordedStreams = new ArrayList<>();

    /** One subscriber's position in a stream image, and the Aeron client that subscribed. */
    public record Subscriber(long clientId, long position)
    {
    }

    /** One recording's position, the session it records and how far it is behind that session's head. */
    public record Recording(int counterId, int sessionId, long position, long lag)
    {
    }

    /**
     * A stream the queue host records (for durable subscriptions or durable queues).
     *
     * @param channel  its channel.
     * @param streamId its stream.
     * @param stopped  whether recording it is stopped for want of disk space: PERSISTENT sends there fail.
     */
    public record RecordedStream(String channel, int streamId, boolean stopped)
    {
    }

    /**
     * One stream image (stream id and session id: a publication's and its subscribers' counters name the channel
     * each with its own parameters, so the channel shown is the shortest form seen) and its positions; -1 where a
     * position is not there.
     */
    public static final class Stream
    {
        private String channel;
        private final int streamId;
        private final int sessionId;
        private long publisherPosition = -1;
        private long receiverPosition = -1;
        private final List<Subscriber> subscribers = new ArrayList<>();

        private Stream(final String channel, final int streamId, final int sessionId)
        {
            this.channel = channel;
            this.streamId = streamId;
            this.sessionId = sessionId;
        }

        /** @return the channel. */
        public String channel()
        {
            return channel;
        }

        /** @return the stream id. */
        public int streamId()
        {
            return streamId;
        }

        /** @return the publication's session id. */
        public int sessionId()
        {
            return sessionId;
        }

        /** @return where the publication (or its sender) has written to, or -1 where it is not in this driver. */
        public long publisherPosition()
        {
            return publisherPosition;
        }

        /** @return how far this driver has received the stream over the network, or -1 where it did not. */
        public long receiverPosition()
        {
            return receiverPosition;
        }

        /** @return the head: the larger of the written and received positions. */
        public long head()
        {
            return Math.max(publisherPosition, receiverPosition);
        }

        /** @return the subscribers' positions, in counter order. */
        public List<Subscriber> subscribers()
        {
            return Collections.unmodifiableList(subscribers);
        }

        /** @return the subscribers' positions alone. */
        public List<Long> subscriberPositions()
        {
            final List<Long> positions = new ArrayList<>(subscribers.size());
            subscribers.forEach((subscriber) -> positions.add(subscriber.position()));
            return positions;
        }

        /** @return how far the slowest subscriber is behind the head; 0 without subscribers. */
        public long lag()
        {
            long lag = 0;
            for (final Subscriber subscriber : subscribers)
            {
                lag = Math.max(lag, head() - subscriber.position());
            }
            return lag;
        }
    }

    private StreamPositionSample()
    {
    }

    /**
     * Reads every position counter once.
     *
     * @param counters the driver's counters.
     * @return what they showed.
     */
    public static StreamPositionSample read(final CountersReader counters)
    {
        final StreamPositionSample sample = new StreamPositionSample();
        final List<int[]> recordingCounters = new ArrayList<>();
        counters.forEach((counterId, typeId, key, label) ->
        {
            final long value = counters.getCounterValue(counterId);
            if (typeId == AeronCounters.DRIVER_PUBLISHER_POS_TYPE_ID ||
                typeId == AeronCounters.DRIVER_SENDER_POSITION_TYPE_ID)
            {
                final Stream stream = sample.stream(key);
                stream.publisherPosition = Math.max(stream.publisherPosition, value);
            }
            else if (typeId == AeronCounters.DRIVER_RECEIVER_HWM_TYPE_ID)
            {
                sample.stream(key).receiverPosition = value;
            }
            else if (typeId == AeronCounters.DRIVER_SUBSCRIBER_POSITION_TYPE_ID)
            {
                sample.stream(key).subscribers.add(new Subscriber(counters.getCounterOwnerId(counterId), value));
            }
            else if (typeId == AeronCounters.ARCHIVE_RECORDING_POSITION_TYPE_ID)
            {
                recordingCounters.add(new int[] {counterId, key.getInt(RECORDING_SESSION_ID_OFFSET)});
            }
            else if (typeId == RecordingWatch.RECORDED_STREAM_TYPE_ID)
            {
                final int length = Math.min(RecordingWatch.MAX_CHANNEL_LENGTH,
                    Math.max(0, key.getInt(RecordingWatch.CHANNEL_LENGTH_OFFSET)));
                sample.recordedStreams.add(new RecordedStream(
                    key.getStringWithoutLengthAscii(RecordingWatch.CHANNEL_OFFSET, length),
                    key.getInt(RecordingWatch.STREAM_ID_OFFSET), value == RecordingWatch.RECORDING_STOPPED));
            }
        });
        for (final int[] recording : recordingCounters)
        {
            final long position = counters.getCounterValue(recording[0]);
            long head = position;
            for (final Stream stream : sample.streams.values())
            {
                if (stream.sessionId == recording[1])
                {
                    head = Math.max(head, stream.head());
                }
            }
            sample.recordings.add(new Recording(recording[0], recording[1], position, head - position));
        }
        return sample;
    }

    /** @return every stream image seen, ordered by stream id and session id. */
    public Collection<Stream> streams()
    {
        return Collections.unmodifiableCollection(streams.values());
    }

    /** @return every recording seen, with its lag. */
    public List<Recording> recordings()
    {
        return Collections.unmodifiableList(recordings);
    }

    /** @return the streams the queue host records, each saying whether its recording is stopped. */
    public List<RecordedStream> recordedStreams()
    {
        return Collections.unmodifiableList(recordedStreams);
    }

    /**
     * How far the subscriptions of one Aeron client are behind, per stream.
     *
     * @param clientId the Aeron client's id ({@code Aeron.clientId()}).
     * @return per {@code "<channel> <streamId>"}, the bytes its slowest image is behind its head.
     */
    public Map<String, Long> subscriberLags(final long clientId)
    {
        final Map<String, Long> lags = new TreeMap<>();
        for (final Stream stream : streams.values())
        {
            for (final Subscriber subscriber : stream.subscribers)
            {
                if (subscriber.clientId() == clientId)
                {
                    lags.merge(stream.channel + " " + stream.streamId,
                        Math.max(0, stream.head() - subscriber.position()), Math::max);
                }
            }
        }
        return lags;
    }

    /** @return the bytes the furthest-behind recording lags its session's head; 0 without recordings. */
    public long archiveLag()
    {
        long lag = 0;
        for (final Recording recording : recordings)
        {
            lag = Math.max(lag, recording.lag());
        }
        return lag;
    }

    private Stream stream(final DirectBuffer key)
    {
        final int length = Math.min(StreamCounter.MAX_CHANNEL_LENGTH, key.getInt(StreamCounter.CHANNEL_OFFSET));
        final String channel = key.getStringWithoutLengthAscii(StreamCounter.CHANNEL_OFFSET + 4, Math.max(0, length));
        final int streamId = key.getInt(StreamCounter.STREAM_ID_OFFSET);
        final int sessionId = key.getInt(StreamCounter.SESSION_ID_OFFSET);
        final String id = streamId + " " + sessionId;
        final Stream stream = streams.computeIfAbsent(id, (k) -> new Stream(channel, streamId, sessionId));
        if (channel.length() < stream.channel.length())
        {
            stream.channel = channel;
        }
        return stream;
    }
}
