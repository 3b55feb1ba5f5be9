package io.wirespeed.it.hosts;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.agrona.concurrent.status.CountersReader;

import io.aeron.Aeron;
import io.aeron.driver.status.SystemCounterDescriptor;
import io.wirespeed.netns.NamespaceHost;
import io.wirespeed.netns.NamespaceNetwork;
import io.wirespeed.netns.UdpLoss;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.MediaDriverProcess;
import io.wirespeed.test.NamespaceNetworks;

/**
 * Three "hosts" as three machines on one switch would be: network namespaces of a {@link NamespaceNetwork}, each with
 * its own external media driver ({@code wirespeed-driver}, its own Aeron directory). The driver of {@link #SERVER}
 * also serves its queue host over UDP on {@link #hostEndpoint()} ({@code wirespeed.host.endpoint}) and runs the
 * archive (for durable subscriptions and PERSISTENT messages), so that clients
 * on {@link #ALPHA} and {@link #BETA} reach queues, temporary queues, shared and durable subscriptions through the
 * network ({@code host=ADDRESS:PORT}). Loss can be switched on and off while the test runs ({@link #loss(int)}):
 * every host then loses that share of the UDP datagrams it sends, so every path loses it, both ways.
 */
public final class ThreeHosts
{
    /** A host with clients only. */
    public static final String ALPHA = "alpha";
    /** Another host with clients only. */
    public static final String BETA = "beta";
    /** The host whose driver process serves the queue host over UDP. */
    public static final String SERVER = "server";
    /** The UDP port of the queue host's endpoint on {@link #SERVER}. */
    public static final int HOST_PORT = 40_400;
    /** The multicast group and port of the topics, reaching every host. */
    public static final String GROUP = "239.255.0.1:40456";
    /** How soon a driver or the host notices a client that is gone, and a client a host that is gone. */
    public static final String DRIVER_TIMEOUT_MS = "5000";

    private final NamespaceNetwork network;
    private final Map<String, MediaDriverProcess> drivers = new LinkedHashMap<>();

    private ThreeHosts(final NamespaceNetwork network)
    {
        this.network = network;
    }

    /**
     * Makes the network and starts a driver on each host, or skips the test where namespaces cannot be made.
     *
     * @param networks    the test's networks (removed when it ends).
     * @param processes   the test's child JVMs (killed when it ends).
     * @param lossPercent the share of UDP datagrams every host loses from the start, 0 for none.
     * @return the running hosts.
     * @throws Exception if the network or a driver cannot be started.
     */
    public static ThreeHosts start(final NamespaceNetworks networks, final ChildJvms processes, final int lossPercent)
        throws Exception
    {
        final ThreeHosts hosts = new ThreeHosts(
            networks.create(NamespaceNetwork.builder().hosts(ALPHA, BETA, SERVER).udpLoss(lossPercent)));
        final List<MediaDriverProcess> clients = MediaDriverProcess.startOnEach(processes,
            List.of(hosts.host(ALPHA), hosts.host(BETA)), Map.of("wirespeed.driver.timeout", DRIVER_TIMEOUT_MS + "ms"));
        hosts.drivers.put(ALPHA, clients.get(0));
        hosts.drivers.put(BETA, clients.get(1));
        final Path archive = processes.deleteAfterwards(Files.createTempDirectory("wirespeed-it-archive"));
        hosts.drivers.put(SERVER, MediaDriverProcess.start(processes, hosts.host(SERVER), Map.of(
            "wirespeed.host.endpoint", hosts.hostEndpoint(),
            "wirespeed.driver.timeout", DRIVER_TIMEOUT_MS + "ms",
            "wirespeed.archive.enabled", "true",
            "wirespeed.archive.dir", archive.toString(),
            "wirespeed.archive.segment.length", "1m")));
        return hosts;
    }

    /**
     * The network, e.g. to describe it in a failure message.
     *
     * @return the network.
     */
    public NamespaceNetwork network()
    {
        return network;
    }

    /**
     * A host.
     *
     * @param name {@link #ALPHA}, {@link #BETA} or {@link #SERVER}.
     * @return the host.
     */
    public NamespaceHost host(final String name)
    {
        return network.host(name);
    }

    /**
     * The driver process of a host.
     *
     * @param name {@link #ALPHA}, {@link #BETA} or {@link #SERVER}.
     * @return its driver.
     */
    public MediaDriverProcess driver(final String name)
    {
        return drivers.get(name);
    }

    /**
     * The queue host's UDP endpoint on {@link #SERVER}.
     *
     * @return {@code ADDRESS:PORT}.
     */
    public String hostEndpoint()
    {
        return host(SERVER).address() + ":" + HOST_PORT;
    }

    /**
     * The URI of a client on a host for topics only: multicast to every host, through that host's driver.
     *
     * @param name the client's host.
     * @return {@code wirespeed:udp?endpoint=<group>&interface=<its address>&driver=external&aeronDir=<its driver's>}.
     */
    public String topicUri(final String name)
    {
        return "wirespeed:udp?endpoint=" + GROUP + "&interface=" + host(name).address() + "&" +
            driver(name).clientOptions();
    }

    /**
     * The URI of a client on a host that uses the queue host on {@link #SERVER} over UDP ({@code host=}) and
     * multicasts its topics, so that the queue host receives them too (shared and durable subscriptions, recorded by
     * the server's archive).
     *
     * @param name the client's host.
     * @return the URI.
     */
    public String queueUri(final String name)
    {
        // No interface=: the host subscribes to a shared or durable subscription's topic on the channel the client
        // names, and the server has no interface with the client's address. Each host routes multicast on its link.
        return "wirespeed:udp?endpoint=" + GROUP + "&" + driver(name).clientOptions() + "&host=" + hostEndpoint() +
            "&driverTimeout=" + DRIVER_TIMEOUT_MS;
    }

    /**
     * Makes every host lose this share of the UDP datagrams it sends, from now on: every path loses it, both ways.
     *
     * @param percent 0 to 100; 0 removes the loss.
     * @throws Exception if the rules cannot be changed.
     */
    public void loss(final int percent) throws Exception
    {
        network.udpLoss(UdpLoss.sending(percent));
    }

    /**
     * How many retransmits a host's driver has sent: above 0 once loss was repaired by that host.
     *
     * @param name the host.
     * @return Aeron's {@code RETRANSMITS_SENT} counter of its driver.
     */
    public long retransmitsSent(final String name)
    {
        try (Aeron aeron = Aeron.connect(
            new Aeron.Context().aeronDirectoryName(driver(name).directory().toString())))
        {
            final CountersReader counters = aeron.countersReader();
            return counters.getCounterValue(SystemCounterDescriptor.RETRANSMITS_SENT.id());
        }
    }

    /**
     * Stops every driver with SIGTERM and checks that each stopped cleanly.
     *
     * @throws InterruptedException if waiting is interrupted.
     */
    public void stop() throws InterruptedException
    {
        for (final MediaDriverProcess driver : drivers.values())
        {
            driver.stopCleanly();
        }
    }
}
