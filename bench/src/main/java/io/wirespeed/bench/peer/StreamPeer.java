package io.wirespeed.bench.peer;

import java.util.Map;

import io.wirespeed.bench.rig.SequenceCheck;

/**
 * One publisher to one subscriber (S2): the sender pushes {@link Payload}s as fast as the peer
 * accepts them; the subscriber's thread hands each to a {@link ReplyHandler}.
 */
public interface StreamPeer extends AutoCloseable
{
    /**
     * Connects publisher and subscriber and starts the subscriber's thread.
     *
     * @param messageSize bytes per message, at least {@link Payload#MIN_SIZE}.
     * @param handler     told of each message on the subscriber's thread.
     * @throws Exception if the peer cannot start.
     */
    void start(int messageSize, ReplyHandler handler) throws Exception;

    /**
     * Sends one message; waits out back-pressure. Called from one thread.
     *
     * @param sequence the sequence number to carry.
     * @throws Exception if the send fails.
     */
    void send(long sequence) throws Exception;

    /**
     * What the peer is: transport, API, threading, idle strategy.
     *
     * @return an ordered map.
     */
    Map<String, Object> settings();

    /**
     * Where the subscriber's counts are read when it runs in a JVM on another host: the handler given to
     * {@link #start} is then never called, and the subscriber counts every message itself.
     *
     * @return the counts the remote subscriber keeps, valid once started; null when the subscriber runs here.
     */
    default SequenceCheck receiverElsewhere()
    {
        return null;
    }
}
