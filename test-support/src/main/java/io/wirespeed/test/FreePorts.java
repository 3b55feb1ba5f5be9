package io.wirespeed.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * UDP ports on loopback that were free a moment ago, for tests that need an endpoint of their own: a fixed port
 * collides with another build running the same tests on the machine.
 */
public final class FreePorts
{
    private static final Set<Integer> HANDED_OUT_RUNS = new HashSet<>();
    private static final int LOWEST_RUN_PORT = 20_000;
    private static final int DEFAULT_EPHEMERAL_LOW = 32_768;
    private static final int MIN_EPHEMERAL_LOW = 4_096;

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
     * cluster member's five ports. The run lies below the kernel's ephemeral range
     * ({@code /proc/sys/net/ipv4/ip_local_port_range}), so that a process restarted on it (a cluster member, a queue
     * host) finds it free again: a port in the ephemeral range can meanwhile be given to any socket bound to port 0.
     *
     * @param count how many ports in a row.
     * @return the first port of the run.
     */
    public static synchronized int udpRun(final int count)
    {
        final int below = ephemeralLow();
        final int lowest = Math.min(LOWEST_RUN_PORT, below / 2);
        for (int attempt = 0; attempt < 1000; attempt++)
        {
            final int port = lowest + ThreadLocalRandom.current().nextInt(below - count - lowest);
            if (noneHandedOut(port, count) && allFree(port, count))
            {
                for (int i = 0; i < count; i++)
                {
                    HANDED_OUT_RUNS.add(port + i);
                }
                return port;
            }
        }
        throw new IllegalStateException("no " + count + " free UDP ports in a row on 127.0.0.1 between " + lowest +
            " and " + below + " after 1000 tries");
    }

    /** The first port of the kernel's ephemeral range; 32768 (Linux's default) where it cannot be read. */
    private static int ephemeralLow()
    {
        try
        {
            // read by lines: Files.readString trusts the size /proc reports and returns a prefix
            final String range = Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range")).get(0);
            return Math.max(MIN_EPHEMERAL_LOW, Integer.parseInt(range.trim().split("\\s+")[0]));
        }
        catch (final IOException | RuntimeException ex)
        {
            return DEFAULT_EPHEMERAL_LOW;
        }
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
