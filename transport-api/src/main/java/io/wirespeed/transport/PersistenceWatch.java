package io.wirespeed.transport;

/**
 * A transport capability ({@link Transport#capability(Class)}): what a publisher can see of a persistence
 * service (for Aeron: the archive beside the media driver) that records streams of this transport, without
 * a round trip. Whether a (channel, stream) is recorded, and how far a publication's session has been
 * written. A transport without it has streams that nothing records. Reads only; allocates nothing; one
 * thread at a time.
 */
public interface PersistenceWatch
{
    /** What the find methods return when there is nothing to find. */
    int NOT_FOUND = -1;

    /**
     * Finds the mark saying that a stream is recorded.
     *
     * @param channel  the channel as publishers name it.
     * @param streamId the stream.
     * @return a handle on the mark, or {@link #NOT_FOUND} when the stream is not recorded.
     */
    int findRecordedStream(String channel, int streamId);

    /**
     * Whether a mark found by {@link #findRecordedStream} still marks that stream.
     *
     * @param mark     the handle {@link #findRecordedStream} returned.
     * @param channel  the channel.
     * @param streamId the stream.
     * @return true while the stream is recorded under that mark.
     */
    boolean isRecordedStream(int mark, String channel, int streamId);

    /**
     * Whether the service stopped recording a marked stream for now, for want of storage (it resumes by itself when
     * storage returns): PERSISTENT messages sent there now would not be kept, and should be refused.
     *
     * @param mark a handle {@link #findRecordedStream} returned.
     * @return true while the stream's recording is stopped.
     */
    boolean isRecordingStopped(int mark);

    /**
     * Finds the recording of a publication's session.
     *
     * @param sessionId the publication's {@link TransportPublication#sessionId()}.
     * @return a handle on the recording's position, or {@link #NOT_FOUND} while no recording has that session.
     */
    int findRecordingCounter(int sessionId);

    /**
     * How far a recording has written its session.
     *
     * @param recording the handle {@link #findRecordingCounter} returned.
     * @param sessionId the session it was found for.
     * @return the recorded position, comparable with what {@link TransportPublication#offer} returns, or -1
     *         if the handle no longer records that session.
     */
    long recordedPosition(int recording, int sessionId);
}
