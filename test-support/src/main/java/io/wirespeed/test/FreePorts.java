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

    /**
     * A UDP port on 127.0.0.1 such that it and the next port were both free when asked: a queue host's endpoint,
     * whose next port is its response control address.
     *
     * @return the first port of the pair.
     */
    public static int udpPair()
    {
        for (int attempt = 0; attempt < 100; attempt++)
        {
            final int port = udp();
            if (port < 65535)
            {
                try (DatagramSocket next = new DatagramSocket(
                    new InetSocketAddress(InetAddress.getLoopbackAddress(), port + 1)))
                {
                    return port;
                }
                catch (final IOException ex)
                {
                    // taken: try another
                }
            }
        }
        throw new IllegalStateException("no two free UDP ports in a row on 127.0.0.1 after 100 tries");
    }
}
