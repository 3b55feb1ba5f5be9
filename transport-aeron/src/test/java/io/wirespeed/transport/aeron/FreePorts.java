package io.wirespeed.transport.aeron;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;

/**
 * UDP ports on loopback that were free a moment ago, for tests that need a fresh endpoint.
 */
final class FreePorts
{
    private FreePorts()
    {
    }

    /** @return a UDP port that no socket on 127.0.0.1 had bound when asked. */
    static int udp()
    {
        try (DatagramSocket socket = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)))
        {
            return socket.getLocalPort();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }
}
