package io.wirespeed.bench.peer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Map;

import io.wirespeed.bench.common.IdleStrategies;
import io.wirespeed.bench.common.PollingThread;
import io.wirespeed.bench.rig.RunProfile;

/**
 * The reflector pair over the kernel's UDP on loopback: A sends datagrams to B; one polling thread
 * reads B and writes each datagram straight back to A, and reads A's replies for the handler.
 */
public final class UdpPingPong implements PingPongPeer
{
    private final RunProfile profile;
    private final ByteBuffer sendBuffer = ByteBuffer.allocateDirect(65536);
    private UdpSockets sockets;
    private PollingThread poller;

    /**
     * A pair over loopback UDP.
     *
     * @param profile the idle strategy of the polling thread.
     */
    public UdpPingPong(final RunProfile profile)
    {
        this.profile = profile;
    }

    @Override
    public void start(final int messageSize, final ReplyHandler handler) throws IOException
    {
        sockets = new UdpSockets(profile);
        sendBuffer.limit(Payload.checkSize(messageSize));
        final ByteBuffer reflectBuffer = ByteBuffer.allocateDirect(65536);
        final ByteBuffer receiveBuffer = ByteBuffer.allocateDirect(65536);
        poller = new PollingThread("udp-pingpong-poller", IdleStrategies.of(profile.idle()), () ->
        {
            try
            {
                int work = 0;
                reflectBuffer.clear();
                if (sockets.b.read(reflectBuffer) > 0)
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
        return sockets.settings("one polling thread reflects on B and receives on A");
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
