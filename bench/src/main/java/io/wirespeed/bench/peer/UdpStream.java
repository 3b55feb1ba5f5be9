package io.wirespeed.bench.peer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Map;

import io.wirespeed.bench.common.IdleStrategies;
import io.wirespeed.bench.common.PollingThread;
import io.wirespeed.bench.rig.RunProfile;

/**
 * One sender to one receiver over the kernel's UDP on loopback. UDP has no flow control, so the
 * sender stays at most {@link #WINDOW} datagrams ahead of what the receiving thread has read (a
 * credit shared in memory); without it the kernel drops datagrams and the run is not lossless.
 */
public final class UdpStream implements StreamPeer
{
    /** Datagrams the sender may have in flight. */
    public static final int WINDOW = 256;

    private final RunProfile profile;
    private final ByteBuffer sendBuffer = ByteBuffer.allocateDirect(65536);
    private UdpSockets sockets;
    private PollingThread poller;
    private volatile long received;

    /**
     * A stream over loopback UDP.
     *
     * @param profile the idle strategy of the receiving thread.
     */
    public UdpStream(final RunProfile profile)
    {
        this.profile = profile;
    }

    @Override
    public void start(final int messageSize, final ReplyHandler handler) throws IOException
    {
        sockets = new UdpSockets(profile);
        sendBuffer.limit(Payload.checkSize(messageSize));
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
        while (sequence - received >= WINDOW)
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

    @Override
    public Map<String, Object> settings()
    {
        return sockets.settings("sender with a " + WINDOW + "-datagram credit window; one polling thread receives");
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
    }
}
