package io.wirespeed.it;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.MembershipKey;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;

/**
 * A multicast group and port that work on the loopback interface, so multicast tests never leave this
 * host. The same approach as transport-aeron's tests (see transport-aeron/README.md): probe with a plain
 * datagram; if that fails and the tests run as root, turn multicast on for {@code lo} and route
 * 224.0.0.0/4 to it with {@code ip}; otherwise skip the test with what the host needs.
 */
final class LoopbackMulticast
{
    private static final String NEEDS = "multicast on the loopback interface is not available: the host needs " +
        "'ip link set lo multicast on' and 'ip route add 224.0.0.0/4 dev lo' (as root); see transport-aeron/README.md";

    private LoopbackMulticast()
    {
    }

    /**
     * A group in the administratively scoped range 239.255.0.0/16 with an odd last byte (Aeron sends
     * control traffic to the next address), and a port that is free now.
     *
     * @param address the group address.
     * @param port    the port.
     */
    record Group(String address, int port)
    {
        /** @return {@code address:port}. */
        String endpoint()
        {
            return address + ":" + port;
        }
    }

    /**
     * Returns a group on which a multicast datagram sent through {@code lo} arrives; skips the test otherwise.
     *
     * @return the group.
     * @throws IOException if no free port can be found.
     */
    static Group assumeAvailable() throws IOException
    {
        final ThreadLocalRandom random = ThreadLocalRandom.current();
        final Group group = new Group(
            "239.255." + random.nextInt(256) + "." + (1 + 2 * random.nextInt(127)), freePort());
        if (probe(group))
        {
            return group;
        }
        if ("root".equals(System.getProperty("user.name")))
        {
            run("ip", "link", "set", "lo", "multicast", "on");
            run("ip", "route", "add", "224.0.0.0/4", "dev", "lo");
            if (probe(group))
            {
                return group;
            }
        }
        Assumptions.abort(NEEDS);
        return group;
    }

    private static int freePort() throws IOException
    {
        try (DatagramSocket socket = new DatagramSocket(0))
        {
            return socket.getLocalPort();
        }
    }

    private static boolean probe(final Group group)
    {
        try (DatagramChannel receiver = DatagramChannel.open(StandardProtocolFamily.INET);
            DatagramChannel sender = DatagramChannel.open(StandardProtocolFamily.INET);
            Selector selector = Selector.open())
        {
            final NetworkInterface lo = NetworkInterface.getByInetAddress(InetAddress.getLoopbackAddress());
            final InetAddress address = InetAddress.getByName(group.address());
            receiver.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            receiver.bind(new InetSocketAddress(group.port()));
            final MembershipKey membership = receiver.join(address, lo);
            receiver.configureBlocking(false);
            receiver.register(selector, SelectionKey.OP_READ);

            sender.setOption(StandardSocketOptions.IP_MULTICAST_IF, lo);
            sender.setOption(StandardSocketOptions.IP_MULTICAST_LOOP, true);
            sender.send(ByteBuffer.wrap(new byte[]{ 1 }), new InetSocketAddress(address, group.port()));

            final boolean arrived = selector.select(TimeUnit.SECONDS.toMillis(1)) > 0 &&
                receiver.receive(ByteBuffer.allocate(16)) != null;
            membership.drop();
            return arrived;
        }
        catch (final IOException | RuntimeException ex)
        {
            return false;
        }
    }

    private static void run(final String... command)
    {
        try
        {
            final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            process.getInputStream().readAllBytes();
            process.waitFor(10, TimeUnit.SECONDS);
        }
        catch (final IOException ex)
        {
            // No ip command: the probe after it fails, and the test is skipped saying what is needed.
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }
}
