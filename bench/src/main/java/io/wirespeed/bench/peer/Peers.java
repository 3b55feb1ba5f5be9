package io.wirespeed.bench.peer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;

import io.wirespeed.bench.rig.Placement;
import io.wirespeed.bench.rig.RunProfile;

/**
 * The peers by name: Wirespeed (ipc, udp), raw Aeron (ipc, udp), the kernel's UDP, and ActiveMQ
 * Artemis (in-VM, TCP); the network ones also between hosts ({@link #ACROSS_HOSTS}, see {@link Placement}). The JMS
 * ones can also be had as a {@link JmsTarget} for the scenarios written against the JMS API.
 */
public final class Peers
{
    /** Wirespeed over IPC. */
    public static final String WIRESPEED_IPC = "wirespeed-ipc";
    /** Wirespeed over UDP unicast on loopback. */
    public static final String WIRESPEED_UDP = "wirespeed-udp";
    /** Raw Aeron over IPC. */
    public static final String AERON_IPC = "aeron-ipc";
    /** Raw Aeron over UDP unicast on loopback. */
    public static final String AERON_UDP = "aeron-udp";
    /** The kernel's UDP on loopback. */
    public static final String KERNEL_UDP = "kernel-udp";
    /** ActiveMQ Artemis, in-VM connector. */
    public static final String ARTEMIS_INVM = "artemis-invm";
    /** ActiveMQ Artemis, TCP on loopback. */
    public static final String ARTEMIS_TCP = "artemis-tcp";

    /**
     * Wirespeed between hosts ({@link Placement}) whose queue host is a three-member cluster on hosts of its own
     * ({@link ClusterTarget}): no loopback twin.
     */
    public static final String WIRESPEED_CLUSTER_NETNS = "wirespeed-cluster" + Placement.SUFFIX;

    /** Every peer, in the order reports list them. */
    public static final List<String> ALL = List.of(
        WIRESPEED_IPC, AERON_IPC, WIRESPEED_UDP, AERON_UDP, KERNEL_UDP, ARTEMIS_INVM, ARTEMIS_TCP);

    /**
     * The peers that also run between hosts, each as its twin named with {@link Placement#SUFFIX}
     * ({@code wirespeed-udp-netns}...): the network ones.
     */
    public static final List<String> ACROSS_HOSTS = List.of(WIRESPEED_UDP, AERON_UDP, KERNEL_UDP, ARTEMIS_TCP);

    private Peers()
    {
    }

    /**
     * Whether a peer speaks JMS.
     *
     * @param peer the name.
     * @return true for Wirespeed and Artemis.
     */
    public static boolean isJms(final String peer)
    {
        return peer.startsWith("wirespeed") || peer.startsWith("artemis");
    }

    /**
     * A JMS provider, started.
     *
     * @param peer    a JMS peer's name.
     * @param profile idle strategy and threading.
     * @return the target; close it after use.
     * @throws Exception if it does not start.
     */
    public static JmsTarget jms(final String peer, final RunProfile profile) throws Exception
    {
        return switch (peer)
        {
            case WIRESPEED_IPC -> WirespeedTarget.ipc(profile);
            case WIRESPEED_UDP -> WirespeedTarget.udp(profile, freeUdpPort());
            case ARTEMIS_INVM -> ArtemisTarget.start(false, freeTcpPort());
            case ARTEMIS_TCP -> ArtemisTarget.start(true, freeTcpPort());
            case WIRESPEED_UDP + Placement.SUFFIX -> WirespeedTarget.acrossHosts(
                profile, Placement.host(Placement.NEAR), Placement.host(Placement.FAR));
            case WIRESPEED_CLUSTER_NETNS -> ClusterTarget.start(profile, Placement.host(Placement.NEAR),
                Placement.host(Placement.FAR), Placement.MEMBERS.stream().map(Placement::host).toList());
            case ARTEMIS_TCP + Placement.SUFFIX -> RemoteArtemisTarget.start(
                Placement.host(Placement.NEAR), Placement.host(Placement.FAR), Placement.host(Placement.BROKER));
            default -> throw new IllegalArgumentException("not a JMS peer: " + peer);
        };
    }

    /**
     * A reflector pair for a non-JMS peer.
     *
     * @param peer    aeron-ipc, aeron-udp or kernel-udp.
     * @param profile idle strategy and threading.
     * @return the pair, not started.
     */
    public static PingPongPeer pingPong(final String peer, final RunProfile profile)
    {
        return switch (peer)
        {
            case AERON_IPC -> new AeronPingPong(profile, 0);
            case AERON_UDP -> new AeronPingPong(profile, freeUdpPort());
            case KERNEL_UDP -> new UdpPingPong(profile);
            case AERON_UDP + Placement.SUFFIX -> new AeronPingPong(
                profile, Placement.host(Placement.NEAR), Placement.host(Placement.FAR));
            case KERNEL_UDP + Placement.SUFFIX -> new UdpPingPong(
                profile, Placement.host(Placement.NEAR), Placement.host(Placement.FAR));
            default -> throw new IllegalArgumentException("not a raw peer: " + peer);
        };
    }

    /**
     * A one-to-one stream for a non-JMS peer.
     *
     * @param peer    aeron-ipc, aeron-udp or kernel-udp.
     * @param profile idle strategy and threading.
     * @return the stream, not started.
     */
    public static StreamPeer stream(final String peer, final RunProfile profile)
    {
        return switch (peer)
        {
            case AERON_IPC -> new AeronStream(profile, 0);
            case AERON_UDP -> new AeronStream(profile, freeUdpPort());
            case KERNEL_UDP -> new UdpStream(profile);
            case AERON_UDP + Placement.SUFFIX -> new AeronStream(
                profile, Placement.host(Placement.NEAR), Placement.host(Placement.FAR));
            case KERNEL_UDP + Placement.SUFFIX -> new UdpStream(
                profile, Placement.host(Placement.NEAR), Placement.host(Placement.FAR));
            default -> throw new IllegalArgumentException("not a raw peer: " + peer);
        };
    }

    /**
     * A UDP port free on loopback now.
     *
     * @return the port.
     */
    public static int freeUdpPort()
    {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress()))
        {
            return socket.getLocalPort();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    /**
     * A TCP port free on loopback now.
     *
     * @return the port.
     */
    public static int freeTcpPort()
    {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress()))
        {
            return socket.getLocalPort();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }
}
