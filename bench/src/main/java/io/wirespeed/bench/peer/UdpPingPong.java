package io.wirespeed.bench.peer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;

import io.wirespeed.bench.common.IdleStrategies;
import io.wirespeed.bench.common.PollingThread;
import io.wirespeed.bench.rig.Placement;
import io.wirespeed.bench.rig.RemoteSide;
import io.wirespeed.bench.rig.RunProfile;
import io.wirespeed.netns.NamespaceHost;

/**
 * The reflector pair over the kernel's UDP on loopback: A sends datagrams to B; one polling thread
 * reads B and writes each datagram straight back to A, and reads A's replies for the handler. Between hosts, B is
 * a channel in a JVM on the far host whose polling thread reflects.
 */
public final class UdpPingPong implements PingPongPeer
{
    private final RunProfile profile;
    private final NamespaceHost near;
    private final NamespaceHost far;
    private final ByteBuffer sendBuffer = ByteBuffer.allocateDirect(65536);
    private UdpSockets sockets;
    private PollingThread poller;
    private RemoteSide reflector;

    /**
     * A pair over loopback UDP.
     *
     * @param profile the idle strategy of the polling thread.
     */
    public UdpPingPong(final RunProfile profile)
    {
        this(profile, null, null);
    }

    /**
     * A pair between two hosts: A on this one, B's reflector in a JVM on the far one ({@link FarSideMain}).
     *
     * @param profile the idle strategy of the polling threads.
     * @param near    this host.
     * @param far     the reflector's host.
     */
    public UdpPingPong(final RunProfile profile, final NamespaceHost near, final NamespaceHost far)
    {
        this.profile = profile;
        this.near = near;
        this.far = far;
    }

    @Override
    public void start(final int messageSize, final ReplyHandler handler) throws Exception
    {
        if (null == far)
        {
            sockets = new UdpSockets(profile);
        }
        else
        {
            sockets = new UdpSockets(profile, new InetSocketAddress(near.address(), Placement.NEAR_PORT),
                new InetSocketAddress(far.address(), Placement.FAR_PORT));
            reflector = RemoteSide.start(far, FarSideMain.class.getName(), List.of("reflect-udp", profile.idle(),
                profile.threading(), far.address(), Integer.toString(Placement.FAR_PORT), near.address(),
                Integer.toString(Placement.NEAR_PORT)));
        }
        sendBuffer.limit(Payload.checkSize(messageSize));
        final ByteBuffer reflectBuffer = ByteBuffer.allocateDirect(65536);
        final ByteBuffer receiveBuffer = ByteBuffer.allocateDirect(65536);
        poller = new PollingThread("udp-pingpong-poller", IdleStrategies.of(profile.idle()), () ->
        {
            try
            {
                int work = 0;
                reflectBuffer.clear();
                if (null != sockets.b && sockets.b.read(reflectBuffer) > 0)
                {
                    reflectBuffer.flip();
                    while (sockets.b.write(reflectBuffer) == 0)
                    {
                        Thread.yield();
                    }
                    work++;
                }
                receiveBuffer.clear();
                if (sockets.a.read(receiveBuffer) > 0)
                {
                    handler.onReply(receiveBuffer.getLong(Payload.INTENDED_OFFSET),
                        receiveBuffer.getLong(Payload.SEQUENCE_OFFSET));
                    work++;
                }
                return work;
            }
            catch (final IOException ex)
            {
                throw new UncheckedIOException(ex);
            }
        });
    }

    @Override
    public void send(final long intendedNanos, final long sequence) throws IOException
    {
        sendBuffer.putLong(Payload.INTENDED_OFFSET, intendedNanos);
        sendBuffer.putLong(Payload.SEQUENCE_OFFSET, sequence);
        sendBuffer.position(0);
        while (sockets.a.write(sendBuffer) == 0)
        {
            Thread.yield();
        }
    }

    @Override
    public Map<String, Object> settings()
    {
        return sockets.settings(null == far ? "one polling thread reflects on B and receives on A" :
            "a polling thread receives on A; B's reflects on the far host");
    }

    @Override
    public void close() throws Exception
    {
        if (poller != null)
        {
            poller.close();
        }
        if (sockets != null)
        {
            sockets.close();
        }
        if (reflector != null)
        {
            reflector.close();
        }
    }
}
