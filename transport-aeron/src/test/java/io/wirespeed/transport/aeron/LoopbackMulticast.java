package io.wirespeed.transport.aeron;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketTimeoutException;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.MembershipKey;
import java.nio.channels.Selector;
import java.nio.channels.SelectionKey;
import java.util.concurrent.TimeUnit;

/**
 * Makes sure multicast works on the loopback interface, so that multicast tests stay on this host.
 * It probes with a plain datagram; if that fails and the tests run as root, it enables multicast on
 * {@code lo} and routes 224.0.0.0/4 to it with {@code ip}; otherwise it skips the test, saying what
 * the host needs.
 */
final class LoopbackMulticast
{
    /** A link-local group, odd as Aeron requires (it uses the next address for control): never routed off the host. */
    static final String GROUP = "224.0.0.121";

    private static final String NEEDS =
        "multicast on the loopback interface is not available: the host needs " +
        "'ip link set lo multicast on' and 'ip route add 224.0.0.0/4 dev lo' (as root), see transport-aeron/README.md";

    private LoopbackMulticast()
    {
    }

    /**
     * Returns when a multicast datagram sent on {@code lo} to {@link #GROUP} arrives; skips the test otherwise.
     */
    static void assumeAvailable()
    {
        if (probe())
        {
            return;
        }
        if ("root".equals(System.getProperty("user.name")))
        {
            run("ip", "link", "set", "lo", "multicast", "on");
            run("ip", "route", "add", "224.0.0.0/4", "dev", "lo");
            if (probe())
            {
                return;
            }
        }
        Assumptions.assumeTrue(false, NEEDS);
    }

    private static boolean probe()
    {
        try (DatagramChannel receiver = DatagramChannel.open(StandardProtocolFamily.INET);
            DatagramChannel sender = DatagramChannel.open(StandardProtocolFamily.INET);
            Selector selector = Selector.open())
        {
            final NetworkInterface lo = NetworkInterface.getByInetAddress(InetAddress.getLoopbackAddress());
            final InetAddress group = InetAddress.getByName(GROUP);
            receiver.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            receiver.bind(new InetSocketAddress(0));
            final MembershipKey membership = receiver.join(group, lo);
            receiver.configureBlocking(false);
            receiver.register(selector, SelectionKey.OP_READ);

            sender.setOption(StandardSocketOptions.IP_MULTICAST_IF, lo);
            sender.setOption(StandardSocketOptions.IP_MULTICAST_LOOP, true);
            final int port = ((InetSocketAddress)receiver.getLocalAddress()).getPort();
            sender.send(ByteBuffer.wrap(new byte[]{ 42 }), new InetSocketAddress(group, port));

            final boolean arrived = selector.select(TimeUnit.SECONDS.toMillis(1)) > 0 &&
                null != receiver.receive(ByteBuffer.allocate(16));
            membership.drop();
            return arrived;
        }
        catch (final SocketTimeoutException ex)
        {
            return false;
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
            // No ip command: the probe that follows fails and the test is skipped with NEEDS.
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }
}
