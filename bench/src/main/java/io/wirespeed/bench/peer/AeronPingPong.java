package io.wirespeed.bench.peer;

import java.util.LinkedHashMap;
import java.util.List;
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
import io.wirespeed.bench.rig.Placement;
import io.wirespeed.bench.rig.RemoteSide;
import io.wirespeed.bench.rig.RunProfile;
import io.wirespeed.netns.NamespaceHost;

/**
 * The reflector pair over raw Aeron: ping and pong streams on one channel; one polling thread
 * reflects pings into the pong publication ({@link AeronReflector}) and hands pongs to the handler,
 * as one Wirespeed connection's delivery thread serves both listeners. Between hosts, the reflector is a
 * JVM with a driver of its own on the far host. A message that fits a frame goes by {@code tryClaim}; a longer one
 * (S4's large sizes) by {@code offer}, reassembled on receipt.
 */
public final class AeronPingPong implements PingPongPeer
{
    static final int PING_STREAM = 1001;
    static final int PONG_STREAM = 1002;

    private final AeronMedia media;
    private final RunProfile profile;
    private final NamespaceHost far;
    private final BufferClaim sendClaim = new BufferClaim();
    private ExclusivePublication ping;
    private PollingThread poller;
    private RemoteSide reflector;
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
        this.far = null;
    }

    /**
     * A pair between two hosts over UDP unicast: A on this host, B's reflector in a JVM with a driver of its own on
     * the far host ({@link FarSideMain}); each host receives on its own address.
     *
     * @param profile idle strategy and threading.
     * @param near    this host.
     * @param far     the reflector's host.
     */
    public AeronPingPong(final RunProfile profile, final NamespaceHost near, final NamespaceHost far)
    {
        this.profile = profile;
        this.media = new AeronMedia(profile, AeronMedia.udpChannel(far.address(), Placement.FAR_PORT),
            AeronMedia.udpChannel(near.address(), Placement.NEAR_PORT), "udp-netns");
        this.far = far;
    }

    @Override
    public void start(final int size, final ReplyHandler handler) throws Exception
    {
        messageSize = Payload.checkSize(size);
        final Subscription pongSubscription = media.aeron().addSubscription(media.channel(), PONG_STREAM);
        if (null != far)
        {
            reflector = RemoteSide.start(far, FarSideMain.class.getName(), List.of("reflect-aeron", profile.idle(),
                profile.threading(), AeronMedia.udpChannel(far.address(), Placement.FAR_PORT), media.channel()));
        }
        final Subscription pingSubscription =
            null == far ? media.aeron().addSubscription(media.channel(), PING_STREAM) : null;
        ping = media.connectedPublication(PING_STREAM);
        // Messages longer than a frame are offered (fragmented) and reassembled; shorter ones take the claim path,
        // with no assembler in the way.
        final boolean oneFrame = messageSize <= ping.maxPayloadLength();
        if (!oneFrame)
        {
            offerBuffer = new UnsafeBuffer(new byte[messageSize]);
        }
        final FragmentHandler receive = assembled(oneFrame,
            (buffer, offset, length, header) -> deliver(handler, buffer, offset));
        if (null != far)
        {
            poller = new PollingThread("aeron-pingpong-poller", IdleStrategies.of(profile.idle()),
                () -> pongSubscription.poll(receive, 64));
            return;
        }
        final ExclusivePublication pong = media.connectedPublication(PONG_STREAM);
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
        settings.put("shape", null == far ? "one polling thread reflects pings and receives pongs" :
            "a polling thread receives pongs; the far host's reflects pings");
        return settings;
    }

    @Override
    public void close() throws Exception
    {
        if (poller != null)
        {
            poller.close();
        }
        if (reflector != null)
        {
            reflector.close();
        }
        media.close();
    }
}
