package io.wirespeed.bench.rig;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import io.wirespeed.netns.NamespaceHost;
import io.wirespeed.netns.NamespaceNetwork;

/**
 * Where the sides of a step run. On loopback (the default) both sides of a pair or stream, and the Artemis broker,
 * share this JVM and its network stack. A peer named with the suffix {@value #SUFFIX} (e.g.
 * {@code wirespeed-udp-netns}) spans hosts of a {@link NamespaceNetwork} the suite makes for the step, as separate
 * machines on one switch would: the step's JVM runs on host {@value #NEAR} (it sends, and receives the replies it
 * times), the other side in a JVM of its own on host {@value #FAR} ({@link RemoteSide}), and the Artemis broker on
 * host {@value #BROKER}. A clustered queue host ({@code wirespeed-cluster-netns}) runs its three members on hosts of
 * their own instead of {@value #BROKER}: {@link #MEMBERS}. The step's JVM learns the hosts from the system property
 * {@value #HOSTS_PROPERTY}.
 */
public final class Placement
{
    /** The suffix of a peer whose sides run on separate hosts. */
    public static final String SUFFIX = "-netns";
    /** The system property that carries the hosts' descriptions to the step's JVM, comma separated. */
    public static final String HOSTS_PROPERTY = "wirespeed.bench.hosts";
    /** The host of the step's JVM: the sending and measuring side. */
    public static final String NEAR = "near";
    /** The host of the other side: the reflector of a pair, the subscriber of a stream. */
    public static final String FAR = "far";
    /** The host of a broker (Artemis). */
    public static final String BROKER = "broker";
    /** The hosts of a clustered queue host's members, by member id (peers that {@link #clustered(String)}). */
    public static final List<String> MEMBERS = List.of("member0", "member1", "member2");
    /** The port a side receives UDP on, on its own host. */
    public static final int NEAR_PORT = 40_002;
    /** The port the far side receives UDP on. */
    public static final int FAR_PORT = 40_001;

    private Placement()
    {
    }

    /**
     * Whether a peer spans hosts.
     *
     * @param peer the peer's name.
     * @return true if it ends with {@value #SUFFIX}.
     */
    public static boolean acrossHosts(final String peer)
    {
        return peer.endsWith(SUFFIX);
    }

    /**
     * The peer across hosts that runs the same code as a loopback peer.
     *
     * @param loopbackPeer a loopback peer's name, e.g. {@code wirespeed-udp}.
     * @return its name with {@value #SUFFIX}.
     */
    public static String twin(final String loopbackPeer)
    {
        return loopbackPeer + SUFFIX;
    }

    /**
     * Whether a peer across hosts runs a clustered queue host, whose members run on the hosts {@link #MEMBERS}.
     *
     * @param peer the peer's name.
     * @return true for {@code wirespeed-cluster-netns}.
     */
    public static boolean clustered(final String peer)
    {
        return acrossHosts(peer) && peer.startsWith("wirespeed-cluster");
    }

    /**
     * Makes the hosts of one step.
     *
     * @param peer the step's peer.
     * @return the network of the hosts {@value #NEAR}, {@value #FAR} and {@value #BROKER}, or for a clustered peer
     *         {@value #NEAR}, {@value #FAR} and {@link #MEMBERS}; without loss.
     * @throws IOException if it cannot be made.
     */
    public static NamespaceNetwork network(final String peer) throws IOException
    {
        final List<String> hosts = new ArrayList<>(List.of(NEAR, FAR));
        hosts.addAll(clustered(peer) ? MEMBERS : List.of(BROKER));
        return NamespaceNetwork.builder().hosts(hosts.toArray(new String[0])).create();
    }

    /**
     * The value of {@value #HOSTS_PROPERTY} for a step's JVM.
     *
     * @param network the step's network.
     * @return the hosts' descriptions, comma separated.
     */
    public static String describe(final NamespaceNetwork network)
    {
        final List<String> specs = new ArrayList<>();
        for (final NamespaceHost host : network.hosts())
        {
            specs.add(host.spec());
        }
        return String.join(",", specs);
    }

    /**
     * A host of this step, in the step's JVM.
     *
     * @param name {@value #NEAR}, {@value #FAR} or {@value #BROKER}.
     * @return the host.
     * @throws IllegalStateException if this JVM was not started on hosts (not by the suite, or not for a peer that
     *                               spans hosts).
     */
    public static NamespaceHost host(final String name)
    {
        final String hosts = System.getProperty(HOSTS_PROPERTY);
        if (null == hosts || hosts.isBlank())
        {
            throw new IllegalStateException("a peer named *" + SUFFIX + " runs on hosts the suite makes: run it " +
                "through bench/bin/run-suite hosts=netns (no -D" + HOSTS_PROPERTY + " here)");
        }
        for (final String spec : hosts.split(","))
        {
            final NamespaceHost host = NamespaceHost.parse(spec);
            if (host.name().equals(name))
            {
                return host;
            }
        }
        throw new IllegalStateException("no host " + name + " in -D" + HOSTS_PROPERTY + "=" + hosts);
    }
}
