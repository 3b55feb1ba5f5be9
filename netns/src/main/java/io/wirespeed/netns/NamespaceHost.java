package io.wirespeed.netns;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * One "host" of a {@link NamespaceNetwork}: a network namespace with its own network stack, loopback up, and one link
 * ({@link #DEVICE}) to the network's switch carrying its {@link #address()}. A program runs on it when started behind
 * its {@link #launcher()} ({@code ip netns exec <namespace>}, which replaces itself with the program); sockets a
 * program opens there see only this host's interfaces. The file system, processes and {@code /dev/shm} stay the
 * machine's: only the network is the host's own.
 * <p>
 * A host can be handed to another process as its {@link #spec()} and rebuilt there with {@link #parse(String)}; the
 * network that made it still owns it and removes it.
 */
public final class NamespaceHost
{
    /** The host's link to the switch, in every host. */
    public static final String DEVICE = "ws0";

    private final String name;
    private final String namespace;
    private final String address;
    private volatile UdpLoss loss;

    NamespaceHost(final String name, final String namespace, final String address, final UdpLoss loss)
    {
        this.name = name;
        this.namespace = namespace;
        this.address = address;
        this.loss = loss;
    }

    /**
     * A host described by {@link #spec()}, e.g. in another process than the one that made the network.
     *
     * @param spec {@code NAME=NAMESPACE@ADDRESS}.
     * @return the host.
     * @throws IllegalArgumentException if the text is not such a description.
     */
    public static NamespaceHost parse(final String spec)
    {
        final int equals = null == spec ? -1 : spec.indexOf('=');
        final int at = null == spec ? -1 : spec.lastIndexOf('@');
        if (equals <= 0 || at < equals + 2 || at == spec.length() - 1)
        {
            throw new IllegalArgumentException("a host is described as NAME=NAMESPACE@ADDRESS, not " + spec);
        }
        return new NamespaceHost(
            spec.substring(0, equals), spec.substring(equals + 1, at), spec.substring(at + 1), UdpLoss.NONE);
    }

    /**
     * What the test or the rig calls this host.
     *
     * @return its name, e.g. {@code publisher}.
     */
    public String name()
    {
        return name;
    }

    /**
     * The network namespace, as {@code ip netns} names it.
     *
     * @return the namespace's name.
     */
    public String namespace()
    {
        return namespace;
    }

    /**
     * The host's IPv4 address on the network: the {@code interface} of its multicast channels, the address of its
     * unicast endpoints.
     *
     * @return the dotted address, e.g. {@code 10.213.0.2}.
     */
    public String address()
    {
        return address;
    }

    /**
     * The UDP loss on this host's link now, as built or last changed
     * ({@link NamespaceNetwork#udpLoss(String, UdpLoss)}; a host rebuilt by {@link #parse} does not know it
     * and says {@link UdpLoss#NONE}).
     *
     * @return the loss.
     */
    public UdpLoss loss()
    {
        return loss;
    }

    void loss(final UdpLoss loss)
    {
        this.loss = loss;
    }

    /**
     * The command prefix that runs a program on this host, for {@code JvmCommand.launcher} or a
     * {@code ProcessBuilder}.
     *
     * @return {@code ip netns exec <namespace>}.
     */
    public List<String> launcher()
    {
        return List.of("ip", "netns", "exec", namespace);
    }

    /**
     * A command line that runs a command on this host.
     *
     * @param command the command and its arguments.
     * @return the launcher followed by the command.
     */
    public List<String> command(final String... command)
    {
        final List<String> line = new ArrayList<>(launcher());
        line.addAll(List.of(command));
        return line;
    }

    /**
     * Runs a command on this host and waits for it (at most ten seconds).
     *
     * @param command the command and its arguments, e.g. {@code ip -4 addr show}.
     * @return what it printed, standard error included.
     * @throws IOException quoting the command and its output if it fails.
     */
    public String run(final String... command) throws IOException
    {
        return Commands.run(command(command));
    }

    /**
     * The description another process rebuilds this host from with {@link #parse(String)}.
     *
     * @return {@code NAME=NAMESPACE@ADDRESS}.
     */
    public String spec()
    {
        return name + "=" + namespace + "@" + address;
    }

    /**
     * {@inheritDoc}
     *
     * @return name, address, namespace and loss, for logs and failure messages.
     */
    @Override
    public String toString()
    {
        return name + " " + address + " (namespace " + namespace + (loss.any() ? ", " + loss : "") + ")";
    }
}
