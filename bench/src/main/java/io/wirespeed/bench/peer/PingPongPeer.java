package io.wirespeed.bench.peer;

import java.util.Map;

/**
 * A reflector pair (S1): side A sends a {@link Payload} on one channel, side B sends it straight
 * back on another, and A's receiving thread hands each reply to a {@link ReplyHandler}.
 */
public interface PingPongPeer extends AutoCloseable
{
    /**
     * Connects both sides and starts their receiving threads.
     *
     * @param messageSize bytes per message, at least {@link Payload#MIN_SIZE}.
     * @param handler     told of each reply on A's receiving thread.
     * @throws Exception if the peer cannot start.
     */
    void start(int messageSize, ReplyHandler handler) throws Exception;

    /**
     * Sends one message from A; waits out back-pressure. Called from one thread.
     *
     * @param intendedNanos the intended send time to carry.
     * @param sequence      the sequence number to carry.
     * @throws Exception if the send fails.
     */
    void send(long intendedNanos, long sequence) throws Exception;

    /**
     * What the peer is: transport, API, threading, idle strategy.
     *
     * @return an ordered map.
     */
    Map<String, Object> settings();
}
