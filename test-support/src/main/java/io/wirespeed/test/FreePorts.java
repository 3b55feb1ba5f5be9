package io.wirespeed.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.HashSet;
import java.util.Set;

/**
 * UDP ports on loopback that were free a moment ago, for tests that need an endpoint of their own: a fixed port
 * collides with another build running the same tests on the machine.
 */
public final class FreePorts
{
    private static final Set<Integer> HANDED_OUT_RUNS = new HashSet<>();

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
        return udpRun(2);
    }

    /**
     * A UDP port on 127.0.0.1 such that it and the {@code count - 1} ports after it were all free when asked: e.g. a
     * cluster member's five ports.
     *
     * @param count how many ports in a row.
     * @return the first port of the run.
     */
    public static synchronized int udpRun(final int count)
    {
        for (int attempt = 0; attempt < 100; attempt++)
        {
            final int port = udp();
            if (port + count - 1 <= 65535 && noneHandedOut(port, count) && allFree(port + 1, count - 1))
            {
                for (int i = 0; i < count; i++)
                {
                    HANDED_OUT_RUNS.add(port + i);
                }
                return port;
            }
        }
        throw new IllegalStateException("no " + count + " free UDP ports in a row on 127.0.0.1 after 100 tries");
    }

    /** Runs asked for one after another are free at once, not yet bound: each is handed out once per JVM. */
    private static boolean noneHandedOut(final int first, final int count)
    {
        for (int port = first; port < first + count; port++)
        {
            if (HANDED_OUT_RUNS.contains(port))
            {
                return false;
            }
        }
        return true;
    }

    private static boolean allFree(final int first, final int count)
    {
        for (int port = first; port < first + count; port++)
        {
            try (DatagramSocket socket = new DatagramSocket(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), port)))
            {
                socket.getLocalPort();
            }
            catch (final IOException ex)
            {
                return false;
            }
        }
        return true;
    }
}
