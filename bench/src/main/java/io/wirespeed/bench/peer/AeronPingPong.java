package io.wirespeed.bench.peer;

import java.util.LinkedHashMap;
import java.util.Map;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import io.aeron.ExclusivePublication;
import io.aeron.FragmentAssembler;
import io.aeron.Subscription;
import io.aeron.logbuffer.BufferClaim;
import io.aeron.logbuffer.FragmentHandler;
import io.wirespeed.bench.common.AeronReflector;
import io.wirespeed.bench.common.IdleStrategies;
import io.wirespeed.bench.common.PollingThread;
import io.wirespeed.bench.rig.RunProfile;

/**
 * The reflector pair over raw Aeron: ping and pong streams on one channel; one polling thread
 * reflects pings into the pong publication ({@link AeronReflector}) and hands pongs to the handler,
 * as one Wirespeed connection's delivery thread serves both listeners. A message that fits a frame
 * goes by {@code tryClaim}; a longer one (S4's large sizes) by {@code offer}, reassembled on receipt.
 */
public final class AeronPingPong implements PingPongPeer
{
    private static final int PING_STREAM = 1001;
    private static final int PONG_STREAM = 1002;

    private final AeronMedia media;
    private final RunProfile profile;
    private final BufferClaim sendClaim = new BufferClaim();
    private ExclusivePublication ping;
    private PollingThread poller;
    private int messageSize;
    private UnsafeBuffer offerBuffer;

    /**
     * A pair over raw Aeron.
     *
     * @param profile idle strategy and threading.
     * @param udpPort a UDP port for loopback unicast, or 0 for IPC.
     */
    public AeronPingPong(final RunProfile profile, final int udpPort)
    {
        this.profile = profile;
        this.media = new AeronMedia(profile, udpPort);
    }

    @Override
    public void start(final int size, final ReplyHandler handler)
    {
        messageSize = Payload.checkSize(size);
        final Subscription pingSubscription = media.aeron().addSubscription(media.channel(), PING_STREAM);
        final Subscription pongSubscription = media.aeron().addSubscription(media.channel(), PONG_STREAM);
        ping = media.connectedPublication(PING_STREAM);
        final ExclusivePublication pong = media.connectedPublication(PONG_STREAM);
        // Messages longer than a frame are offered (fragmented) and reassembled; shorter ones take the claim path,
        // with no assembler in the way.
        final boolean oneFrame = messageSize <= ping.maxPayloadLength();
        if (!oneFrame)
        {
            offerBuffer = new UnsafeBuffer(new byte[messageSize]);
        }
        final FragmentHandler receive = assembled(oneFrame,
            (buffer, offset, length, header) -> deliver(handler, buffer, offset));
        // The pongs' reader is this thread: it drains them while the pong publication is back-pressured.
        final FragmentHandler reflect = assembled(oneFrame, new AeronReflector(
            pong, IdleStrategies.of(profile.idle()), () -> pongSubscription.poll(receive, 64)));
        poller = new PollingThread("aeron-pingpong-poller", IdleStrategies.of(profile.idle()),
            () -> pingSubscription.poll(reflect, 64) + pongSubscription.poll(receive, 64));
    }

    private static FragmentHandler assembled(final boolean oneFrame, final FragmentHandler handler)
    {
        return oneFrame ? handler : new FragmentAssembler(handler);
    }

    private static void deliver(final ReplyHandler handler, final DirectBuffer buffer, final int offset)
    {
        handler.onReply(
            buffer.getLong(offset + Payload.INTENDED_OFFSET), buffer.getLong(offset + Payload.SEQUENCE_OFFSET));
    }

    @Override
    public void send(final long intendedNanos, final long sequence)
    {
        if (null != offerBuffer)
        {
            offerBuffer.putLong(Payload.INTENDED_OFFSET, intendedNanos);
            offerBuffer.putLong(Payload.SEQUENCE_OFFSET, sequence);
            while (ping.offer(offerBuffer, 0, messageSize) < 0)
            {
                Thread.yield();
            }
            return;
        }
        while (ping.tryClaim(messageSize, sendClaim) < 0)
        {
            Thread.yield();
        }
        final MutableDirectBuffer buffer = sendClaim.buffer();
        final int offset = sendClaim.offset();
        buffer.putLong(offset + Payload.INTENDED_OFFSET, intendedNanos);
        buffer.putLong(offset + Payload.SEQUENCE_OFFSET, sequence);
        buffer.setMemory(offset + Payload.MIN_SIZE, messageSize - Payload.MIN_SIZE, (byte)0);
        sendClaim.commit();
    }

    @Override
    public Map<String, Object> settings()
    {
        final Map<String, Object> settings = new LinkedHashMap<>(media.settings());
        settings.put("shape", "one polling thread reflects pings and receives pongs");
        return settings;
    }

    @Override
    public void close() throws Exception
    {
        if (poller != null)
        {
            poller.close();
        }
        media.close();
    }
}
