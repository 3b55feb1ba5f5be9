package io.wirespeed.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;

/**
 * UDP ports on loopback that were free a moment ago, for tests that need an endpoint of their own: a fixed port
 * collides with another build running the same tests on the machine.
 */
public final class FreePorts
{
    private FreePorts()
    {
    }

    /**
     * A UDP port that no socket on 127.0.0.1 had bound when asked.
     *
     * @return the port.
     */
    public static int udp()
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
