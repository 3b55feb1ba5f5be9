package io.wirespeed.bench.peer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.wirespeed.bench.common.IdleStrategies;
import io.wirespeed.bench.common.PollingThread;
import io.wirespeed.bench.rig.Placement;
import io.wirespeed.bench.rig.RemoteSide;
import io.wirespeed.bench.rig.RunProfile;
import io.wirespeed.bench.rig.SequenceCheck;
import io.wirespeed.netns.NamespaceHost;

/**
 * One sender to one receiver over the kernel's UDP on loopback. UDP has no flow control, so the
 * sender stays at most {@link #WINDOW} datagrams ahead of what the receiving thread has read (a
 * credit shared in memory); without it the kernel drops datagrams and the run is not lossless. Between
 * hosts, the receiver is a channel in a JVM on the far host, and the credit is its count in a
 * {@link SequenceCheck} both processes map.
 */
public final class UdpStream implements StreamPeer
{
    /** Datagrams the sender may have in flight. */
    public static final int WINDOW = 256;

    private final RunProfile profile;
    private final NamespaceHost near;
    private final NamespaceHost far;
    private final ByteBuffer sendBuffer = ByteBuffer.allocateDirect(65536);
    private UdpSockets sockets;
    private PollingThread poller;
    private volatile long received;
    private RemoteSide receiver;
    private Path checkFile;
    private SequenceCheck remoteCheck;

    /**
     * A stream over loopback UDP.
     *
     * @param profile the idle strategy of the receiving thread.
     */
    public UdpStream(final RunProfile profile)
    {
        this(profile, null, null);
    }

    /**
     * A stream from this host to a receiver in a JVM on the far host ({@link FarSideMain}).
     *
     * @param profile the idle strategy of the receiving thread.
     * @param near    this host.
     * @param far     the receiver's host.
     */
    public UdpStream(final RunProfile profile, final NamespaceHost near, final NamespaceHost far)
    {
        this.profile = profile;
        this.near = near;
        this.far = far;
    }

    @Override
    public void start(final int messageSize, final ReplyHandler handler) throws Exception
    {
        sendBuffer.limit(Payload.checkSize(messageSize));
        if (null != far)
        {
            checkFile = SequenceCheck.newFile();
            remoteCheck = SequenceCheck.mapped(checkFile);
            sockets = new UdpSockets(profile, new InetSocketAddress(near.address(), Placement.NEAR_PORT),
                new InetSocketAddress(far.address(), Placement.FAR_PORT));
            receiver = RemoteSide.start(far, FarSideMain.class.getName(), List.of("receive-udp", profile.idle(),
                profile.threading(), far.address(), Integer.toString(Placement.FAR_PORT), near.address(),
                Integer.toString(Placement.NEAR_PORT), checkFile.toString()));
            return;
        }
        sockets = new UdpSockets(profile);
        final ByteBuffer receiveBuffer = ByteBuffer.allocateDirect(65536);
        poller = new PollingThread("udp-stream-poller", IdleStrategies.of(profile.idle()), () ->
        {
            try
            {
                int work = 0;
                receiveBuffer.clear();
                while (work < 64 && sockets.b.read(receiveBuffer) > 0)
                {
                    handler.onReply(0, receiveBuffer.getLong(Payload.SEQUENCE_OFFSET));
                    received = received + 1;
                    receiveBuffer.clear();
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
    public void send(final long sequence) throws IOException
    {
        while (sequence - received() >= WINDOW)
        {
            Thread.yield();
        }
        sendBuffer.putLong(Payload.SEQUENCE_OFFSET, sequence);
        sendBuffer.position(0);
        while (sockets.a.write(sendBuffer) == 0)
        {
            Thread.yield();
        }
    }

    private long received()
    {
        return null == remoteCheck ? received : remoteCheck.received();
    }

    @Override
    public SequenceCheck receiverElsewhere()
    {
        return remoteCheck;
    }

    @Override
    public Map<String, Object> settings()
    {
        return sockets.settings("sender with a " + WINDOW + "-datagram credit window; " +
            (null == far ? "one polling thread receives" : "a polling thread on the far host receives"));
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
        if (receiver != null)
        {
            receiver.close();
        }
        if (checkFile != null)
        {
            Files.deleteIfExists(checkFile);
        }
    }
}
