package io.wirespeed.it;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Two network namespaces joined by a veth pair, with nftables dropping a share of the UDP datagrams each side sends
 * ({@code numgen random mod 100 < loss drop}), for tests of what survives a lossy network. Created by the test
 * (root is needed), removed on {@link #close()}; a test is skipped, saying why, where the host cannot make them
 * (no {@code ip netns}, no {@code nft}, not root). Addresses are in 10.213.0.0/16 and never leave the pair.
 */
final class LossyNamespacePair implements AutoCloseable
{
    private final String tag = Integer.toHexString(ThreadLocalRandom.current().nextInt(0x1000, 0xFFFF));
    private final List<String> namespaces = new ArrayList<>();
    private final int subnet = ThreadLocalRandom.current().nextInt(1, 255);

    private LossyNamespacePair()
    {
    }

    /**
     * Creates the pair, or skips the test where the host cannot.
     *
     * @param lossPercent the share of UDP datagrams each side drops on the way out, 0 to 100.
     * @return the pair.
     * @throws IOException if a command cannot be run.
     */
    static LossyNamespacePair create(final int lossPercent) throws IOException
    {
        assumeTrue(commandWorks("nft", "--version"), "nftables is not installed (apt-get install nftables): the " +
            "lossy network cannot be made");
        final LossyNamespacePair pair = new LossyNamespacePair();
        final String probe = "wsprobe" + pair.tag;
        assumeTrue(commandWorks("ip", "netns", "add", probe), "this host does not let the test create network " +
            "namespaces (ip netns add needs root and a kernel with network namespaces)");
        run("ip", "netns", "del", probe);
        try
        {
            pair.build(lossPercent);
            return pair;
        }
        catch (final IOException | RuntimeException ex)
        {
            pair.close();
            throw ex;
        }
    }

    private void build(final int lossPercent) throws IOException
    {
        for (final String side : List.of("a", "b"))
        {
            final String namespace = namespace(side);
            run("ip", "netns", "add", namespace);
            namespaces.add(namespace);
        }
        run("ip", "link", "add", device("a"), "type", "veth", "peer", "name", device("b"));
        for (final String side : List.of("a", "b"))
        {
            final String namespace = namespace(side);
            run("ip", "link", "set", device(side), "netns", namespace);
            run("ip", "-n", namespace, "addr", "add", address(side) + "/24", "dev", device(side));
            run("ip", "-n", namespace, "link", "set", device(side), "up");
            run("ip", "-n", namespace, "link", "set", "lo", "up");
            run("ip", "-n", namespace, "route", "add", "224.0.0.0/4", "dev", device(side));
            run("ip", "netns", "exec", namespace, "nft", "add table inet wirespeed_loss { chain out { type filter " +
                "hook output priority 0; policy accept; oifname \"" + device(side) + "\" meta l4proto udp " +
                "numgen random mod 100 < " + lossPercent + " drop; }; }");
        }
    }

    /**
     * The command prefix that runs a program in one side's namespace.
     *
     * @param side "a" or "b".
     * @return {@code ip netns exec <namespace>}.
     */
    List<String> launcher(final String side)
    {
        return List.of("ip", "netns", "exec", namespace(side));
    }

    /**
     * One side's address on the veth pair.
     *
     * @param side "a" or "b".
     * @return the IPv4 address.
     */
    String address(final String side)
    {
        return "10.213." + subnet + ("a".equals(side) ? ".1" : ".2");
    }

    private String namespace(final String side)
    {
        return "wsloss-" + tag + "-" + side;
    }

    private String device(final String side)
    {
        return "wsl" + tag + side;
    }

    /** Deletes the namespaces, and with them the veth pair and the rules. */
    @Override
    public void close() throws IOException
    {
        for (final String namespace : namespaces)
        {
            run("ip", "netns", "del", namespace);
        }
        namespaces.clear();
    }

    private static boolean commandWorks(final String... command)
    {
        try
        {
            final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            process.getInputStream().readAllBytes();
            return process.waitFor(10, TimeUnit.SECONDS) && 0 == process.exitValue();
        }
        catch (final IOException ex)
        {
            return false;
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static void run(final String... command) throws IOException
    {
        final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try
        {
            if (!process.waitFor(10, TimeUnit.SECONDS) || 0 != process.exitValue())
            {
                throw new IOException(String.join(" ", command) + " failed: " + output.trim());
            }
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IOException(String.join(" ", command) + " was interrupted", ex);
        }
    }
}
