package io.wirespeed.bench.rig;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import io.wirespeed.host.cluster.ClusterMembers;

/**
 * The three members of a {@link ClusterSide} on loopback, each on a run of free ports of its own, sharing this
 * machine's network stack (S10).
 */
public final class LoopbackClusterSide extends ClusterSide
{
    private LoopbackClusterSide(final Path root, final Map<String, String> settings, final List<String> endpoints)
    {
        super(root, settings, endpoints, Collections.nCopies(SIZE, List.of()));
    }

    /**
     * Starts the three members at once and waits until each runs.
     *
     * @param settings the members' cluster settings ({@code wirespeed.cluster.leaderHeartbeatTimeout}...), as system
     *                 properties of each member's process.
     * @return the running cluster; close it to stop the members and remove their directories.
     * @throws Exception if a member does not start within {@link #START}.
     */
    public static LoopbackClusterSide start(final Map<String, String> settings) throws Exception
    {
        final int[] ports = new int[SIZE];
        final List<String> endpoints = new ArrayList<>();
        for (int id = 0; id < SIZE; id++)
        {
            ports[id] = distinctRun(ports, id);
            endpoints.add("127.0.0.1:" + ports[id]);
        }
        final LoopbackClusterSide cluster = new LoopbackClusterSide(newRoot("s10"), settings, endpoints);
        cluster.startMembers();
        return cluster;
    }

    private static int distinctRun(final int[] ports, final int count)
    {
        while (true)
        {
            final int base = udpRun(ClusterMembers.PORTS_PER_MEMBER);
            boolean overlaps = false;
            for (int i = 0; i < count; i++)
            {
                overlaps |= Math.abs(ports[i] - base) < ClusterMembers.PORTS_PER_MEMBER;
            }
            if (!overlaps)
            {
                return base;
            }
        }
    }

    /** A run of consecutive UDP ports on loopback, each free now, in the range above the ephemeral ones' start. */
    private static int udpRun(final int length)
    {
        final InetAddress loopback = InetAddress.getLoopbackAddress();
        for (int attempt = 0; attempt < 1_000; attempt++)
        {
            final int base = ThreadLocalRandom.current().nextInt(20_000, 32_000);
            final List<DatagramSocket> sockets = new ArrayList<>();
            try
            {
                for (int i = 0; i < length; i++)
                {
                    sockets.add(new DatagramSocket(new InetSocketAddress(loopback, base + i)));
                }
                return base;
            }
            catch (final IOException ex)
            {
                // taken: try another run
            }
            finally
            {
                sockets.forEach(DatagramSocket::close);
            }
        }
        throw new UncheckedIOException(new IOException("no run of " + length + " free UDP ports on loopback"));
    }
}
