package io.wirespeed.netns;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Several "hosts" on one machine, as a test or a benchmark wants them: each host a Linux network namespace with its
 * own network stack ({@link NamespaceHost}), all joined by one switch, as machines on one LAN are. Made with the
 * {@code ip} and {@code nft} commands, which need root; removed by {@link #close()}, by a shutdown hook if the JVM
 * exits first, and, after a crash, by the next network made on the machine ({@link #removeLeftovers()}).
 * <p>
 * The switch is a bridge in a namespace of its own (so nothing of the machine's own network is touched, and no
 * firewall of the machine's sees the traffic), with multicast snooping off so that every multicast datagram reaches
 * every host. Host {@code i} (0-based, in the order the builder named them) has the address {@code 10.213.0.(i+1)/24}
 * on its link {@link NamespaceHost#DEVICE}, its loopback up, and a route for 224.0.0.0/4 on its link, so that UDP
 * unicast and multicast (Aeron's included) cross between hosts. The subnet is the same in every network: each
 * network is its own set of namespaces, so networks of concurrent builds never meet.
 * <p>
 * Hosts may drop a share of the UDP datagrams they send or receive ({@link UdpLoss}); {@link Builder#udpLoss(int)}
 * makes every path between two hosts lose that share, both ways.
 * <p>
 * Namespaces are named {@value #PREFIX}{@code <pid>-<n>} (the switch) and {@value #PREFIX}{@code <pid>-<n>-<host>},
 * after the process that made them, so that leftovers of a process that is gone can be told from those of a live one.
 */
public final class NamespaceNetwork implements AutoCloseable
{
    /** The start of the name of every namespace a network makes. */
    public static final String PREFIX = "wsnet-";
    /** The first three octets of every host's address; the fourth is the host's position plus one. */
    public static final String SUBNET_PREFIX = "10.213.0.";

    private static final Pattern OWN_NAME = Pattern.compile("^" + PREFIX + "(\\d+)-(\\d+)(-[a-z0-9]+)?$");
    private static final Pattern HOST_NAME = Pattern.compile("[a-z][a-z0-9]{0,15}");
    private static final int MAX_HOSTS = 250;
    private static final AtomicInteger NETWORKS = new AtomicInteger();

    private final String switchNamespace;
    private final Map<String, NamespaceHost> hosts = new LinkedHashMap<>();
    private final List<String> namespaces = new ArrayList<>();
    private final Thread removeOnExit;

    private NamespaceNetwork(final String switchNamespace)
    {
        this.switchNamespace = switchNamespace;
        this.removeOnExit = new Thread(this::removeQuietly, "remove " + switchNamespace);
    }

    /**
     * A builder of a network.
     *
     * @return a builder with no host yet.
     */
    public static Builder builder()
    {
        return new Builder();
    }

    /**
     * Why this process cannot make networks, if it cannot: checked once per JVM by trying, in a namespace of its own,
     * what a network needs.
     *
     * @param withLoss whether the network would drop datagrams (needs {@code nft}).
     * @return the reason, saying what to change; empty if networks can be made.
     */
    public static Optional<String> unavailableReason(final boolean withLoss)
    {
        return Optional.ofNullable(Availability.reason(withLoss));
    }

    /**
     * Removes the namespaces that networks of processes no longer running left behind (a JVM killed before its
     * shutdown hook ran). Those of live processes, this one's included, stay.
     *
     * @return the names of the namespaces removed.
     * @throws IOException if the namespaces cannot be listed or one cannot be removed.
     */
    public static List<String> removeLeftovers() throws IOException
    {
        final List<String> removed = new ArrayList<>();
        for (final String name : ownNamespaces())
        {
            final Matcher matcher = OWN_NAME.matcher(name);
            if (matcher.matches() && !isAlive(Long.parseLong(matcher.group(1))))
            {
                final Commands.Result result = Commands.attempt(List.of("ip", "netns", "del", name));
                // Another process cleaning up at the same moment may have removed it first.
                if (!result.succeeded() && ownNamespaces().contains(name))
                {
                    throw new IOException("cannot remove " + name + ", left by a process that is gone: " +
                        result.output());
                }
                removed.add(name);
            }
        }
        return removed;
    }

    /**
     * The namespaces on this machine whose names networks give, whoever made them.
     *
     * @return their names.
     * @throws IOException if {@code ip netns list} fails.
     */
    public static List<String> ownNamespaces() throws IOException
    {
        final List<String> names = new ArrayList<>();
        for (final String line : Commands.run(List.of("ip", "netns", "list")).split("\n"))
        {
            final String name = line.trim().split("\\s+")[0];
            if (OWN_NAME.matcher(name).matches())
            {
                names.add(name);
            }
        }
        return names;
    }

    private static boolean isAlive(final long pid)
    {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /**
     * A host by name.
     *
     * @param name the name the builder gave it.
     * @return the host.
     * @throws IllegalArgumentException naming the hosts there are if there is none of that name.
     */
    public NamespaceHost host(final String name)
    {
        final NamespaceHost host = hosts.get(name);
        if (null == host)
        {
            throw new IllegalArgumentException("no host named " + name + " in this network; its hosts: " +
                hosts.keySet());
        }
        return host;
    }

    /**
     * The hosts, in the order the builder named them.
     *
     * @return the hosts.
     */
    public List<NamespaceHost> hosts()
    {
        return List.copyOf(hosts.values());
    }

    /**
     * The namespace of the switch: a bridge {@code br0} with one port {@code hN} per host (N its position), and the
     * rules that drop what lossy hosts send.
     *
     * @return the namespace's name.
     */
    public String switchNamespace()
    {
        return switchNamespace;
    }

    /**
     * The network in a few lines, for logs and failure messages.
     *
     * @return the switch's namespace and one line per host.
     */
    public String describe()
    {
        final StringBuilder text = new StringBuilder("network (switch namespace " + switchNamespace + ")");
        for (final NamespaceHost host : hosts.values())
        {
            text.append("\n  ").append(host);
        }
        return text.toString();
    }

    /**
     * Removes the hosts and the switch, and with them their links and loss rules. Programs still running on a host
     * keep its network stack alive, without a name, until they end. Closing twice does nothing.
     *
     * @throws IOException naming the namespaces that could not be removed.
     */
    @Override
    public void close() throws IOException
    {
        try
        {
            Runtime.getRuntime().removeShutdownHook(removeOnExit);
        }
        catch (final IllegalStateException ex)
        {
            // The JVM is shutting down: the hook removes the namespaces, as this would.
        }
        final String failures = remove();
        if (!failures.isEmpty())
        {
            throw new IOException("cannot remove the namespaces of " + switchNamespace + ":" + failures);
        }
    }

    private synchronized String remove()
    {
        final StringBuilder failures = new StringBuilder();
        for (int i = namespaces.size() - 1; i >= 0; i--)
        {
            final Commands.Result result = Commands.attempt(List.of("ip", "netns", "del", namespaces.get(i)));
            if (!result.succeeded())
            {
                failures.append("\n  ").append(namespaces.get(i)).append(": ").append(result.output());
            }
        }
        namespaces.clear();
        return failures.toString();
    }

    private void removeQuietly()
    {
        remove();
    }

    private void build(final Map<String, UdpLoss> plan) throws IOException
    {
        addNamespace(switchNamespace);
        ip("-n", switchNamespace, "link", "add", "br0", "type", "bridge", "mcast_snooping", "0");
        ip("-n", switchNamespace, "link", "set", "br0", "up");
        int index = 0;
        for (final Map.Entry<String, UdpLoss> entry : plan.entrySet())
        {
            final NamespaceHost host = new NamespaceHost(entry.getKey(), switchNamespace + "-" + entry.getKey(),
                SUBNET_PREFIX + (index + 1), entry.getValue());
            addNamespace(host.namespace());
            final String port = "h" + index;
            ip("-n", switchNamespace, "link", "add", port, "type", "veth", "peer", "name", NamespaceHost.DEVICE,
                "netns", host.namespace());
            ip("-n", switchNamespace, "link", "set", port, "master", "br0", "up");
            ip("-n", host.namespace(), "link", "set", "lo", "up");
            ip("-n", host.namespace(), "addr", "add", host.address() + "/24", "dev", NamespaceHost.DEVICE);
            ip("-n", host.namespace(), "link", "set", NamespaceHost.DEVICE, "up");
            ip("-n", host.namespace(), "route", "add", "224.0.0.0/4", "dev", NamespaceHost.DEVICE);
            addLossRules(host, port);
            hosts.put(host.name(), host);
            index++;
        }
    }

    /**
     * Changes the UDP loss of one host while the network runs, e.g. to switch 5 % loss both ways on and off in the
     * middle of a test: its old rules go, the new ones come, and what is in flight at that moment meets one or the
     * other.
     *
     * @param name the host's name.
     * @param loss what it drops from now on; {@link UdpLoss#NONE} removes its rules.
     * @throws IOException                  quoting the {@code nft} command that failed.
     * @throws NamespacesUnavailableException if the loss needs {@code nft} and this process cannot use it.
     */
    public synchronized void udpLoss(final String name, final UdpLoss loss) throws IOException
    {
        final NamespaceHost host = host(name);
        if (loss.any())
        {
            final Optional<String> reason = unavailableReason(true);
            if (reason.isPresent())
            {
                throw new NamespacesUnavailableException(reason.get());
            }
        }
        final String port = port(host);
        if (host.loss().sendPercent() > 0)
        {
            Commands.run(List.of("ip", "netns", "exec", switchNamespace, "nft", "delete", "chain", "netdev",
                UdpLoss.TABLE, UdpLoss.sendChain(port)));
        }
        if (host.loss().receivePercent() > 0)
        {
            host.run("nft", "delete", "chain", "netdev", UdpLoss.TABLE, UdpLoss.receiveChain(NamespaceHost.DEVICE));
        }
        host.loss(loss);
        addLossRules(host, port);
    }

    /**
     * Changes the UDP loss of every host while the network runs ({@link #udpLoss(String, UdpLoss)}):
     * {@code UdpLoss.sending(5)} on every host loses 5 % on every path, both ways.
     *
     * @param loss what every host drops from now on.
     * @throws IOException quoting the {@code nft} command that failed.
     */
    public synchronized void udpLoss(final UdpLoss loss) throws IOException
    {
        for (final String name : hosts.keySet())
        {
            udpLoss(name, loss);
        }
    }

    private String port(final NamespaceHost host)
    {
        return "h" + new ArrayList<>(hosts.values()).indexOf(host);
    }

    private void addLossRules(final NamespaceHost host, final String port) throws IOException
    {
        final String sendRule = host.loss().sendRule(port);
        if (null != sendRule)
        {
            Commands.run(List.of("ip", "netns", "exec", switchNamespace, "nft", sendRule));
        }
        final String receiveRule = host.loss().receiveRule(NamespaceHost.DEVICE);
        if (null != receiveRule)
        {
            host.run("nft", receiveRule);
        }
    }

    private void addNamespace(final String namespace) throws IOException
    {
        ip("netns", "add", namespace);
        synchronized (this)
        {
            namespaces.add(namespace);
        }
    }

    private static void ip(final String... arguments) throws IOException
    {
        final List<String> command = new ArrayList<>();
        command.add("ip");
        command.addAll(List.of(arguments));
        Commands.run(command);
    }

    /**
     * Names the hosts of a network and their loss, then makes it.
     * <pre>
     * try (NamespaceNetwork network = NamespaceNetwork.builder().hosts("a", "b", "c").udpLoss(5).create())
     * {
     *     command.launcher(network.host("b").launcher());
     * }
     * </pre>
     */
    public static final class Builder
    {
        private final Map<String, UdpLoss> hosts = new LinkedHashMap<>();
        private UdpLoss defaultLoss = UdpLoss.NONE;

        private Builder()
        {
        }

        /**
         * Adds hosts with the network's loss ({@link #udpLoss(int)}).
         *
         * @param names their names: a lower-case letter, then up to 15 lower-case letters or digits.
         * @return this.
         * @throws IllegalArgumentException if a name is not such a name or is taken.
         */
        public Builder hosts(final String... names)
        {
            for (final String name : names)
            {
                host(name, null);
            }
            return this;
        }

        /**
         * Adds a host with a loss of its own.
         *
         * @param name its name: a lower-case letter, then up to 15 lower-case letters or digits.
         * @param loss what it drops; null for the network's loss.
         * @return this.
         * @throws IllegalArgumentException if the name is not such a name or is taken.
         */
        public Builder host(final String name, final UdpLoss loss)
        {
            if (null == name || !HOST_NAME.matcher(name).matches())
            {
                throw new IllegalArgumentException("a host's name is a lower-case letter, then up to 15 lower-case " +
                    "letters or digits, not " + name);
            }
            if (hosts.containsKey(name))
            {
                throw new IllegalArgumentException("two hosts named " + name);
            }
            if (hosts.size() == MAX_HOSTS)
            {
                throw new IllegalArgumentException("a network has at most " + MAX_HOSTS + " hosts");
            }
            hosts.put(name, loss);
            return this;
        }

        /**
         * Makes every host without a loss of its own drop this share of the UDP datagrams it sends: each path between
         * two such hosts then loses that share, both ways.
         *
         * @param percent 0 to 100.
         * @return this.
         */
        public Builder udpLoss(final int percent)
        {
            defaultLoss = UdpLoss.sending(percent);
            return this;
        }

        /**
         * Makes the network: first checks that this process can ({@link #unavailableReason(boolean)}) and removes
         * what crashed processes left ({@link #removeLeftovers()}).
         *
         * @return the network; close it to remove it.
         * @throws NamespacesUnavailableException saying what is missing, if this process cannot make it.
         * @throws IOException                    quoting the command that failed, if making it fails otherwise.
         */
        public NamespaceNetwork create() throws IOException
        {
            if (hosts.isEmpty())
            {
                throw new IllegalStateException("name the hosts of the network first");
            }
            final Map<String, UdpLoss> plan = new LinkedHashMap<>();
            hosts.forEach((name, loss) -> plan.put(name, null == loss ? defaultLoss : loss));
            final boolean withLoss = plan.values().stream().anyMatch(UdpLoss::any);
            final Optional<String> reason = unavailableReason(withLoss);
            if (reason.isPresent())
            {
                throw new NamespacesUnavailableException(reason.get());
            }
            removeLeftovers();
            final NamespaceNetwork network = new NamespaceNetwork(
                PREFIX + ProcessHandle.current().pid() + "-" + NETWORKS.incrementAndGet());
            Runtime.getRuntime().addShutdownHook(network.removeOnExit);
            try
            {
                network.build(plan);
                return network;
            }
            catch (final IOException | RuntimeException ex)
            {
                try
                {
                    network.close();
                }
                catch (final IOException suppressed)
                {
                    ex.addSuppressed(suppressed);
                }
                throw ex;
            }
        }
    }
}
