package io.wirespeed.bench.peer;

/** Told of each message that reached the measuring side, on the thread that received it. */
@FunctionalInterface
public interface ReplyHandler
{
    /**
     * One message arrived.
     *
     * @param intendedNanos its intended send time.
     * @param sequence      its sequence number.
     */
    void onReply(long intendedNanos, long sequence);
}
