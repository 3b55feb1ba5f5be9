package io.wirespeed.netns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.childjvm.JvmCommand;

/**
 * Networks made, used by real processes with plain sockets, and removed: addresses, loopback and the multicast route
 * on every host, unicast and multicast between hosts, loss in the direction asked for, nothing left behind. Skipped,
 * saying why, where this process cannot make namespaces (not root).
 */
@Tag("slow")
class NamespaceNetworkTest
{
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final int PORT = 40_123;

    private final List<ChildJvm> children = new ArrayList<>();

    @AfterEach
    void killChildren() throws InterruptedException
    {
        for (final ChildJvm child : children)
        {
            child.close();
        }
    }

    @Test
    void givesEveryHostItsAddressItsLoopbackAndARouteForMulticast() throws IOException
    {
        try (NamespaceNetwork network = create(NamespaceNetwork.builder().hosts("a", "b", "c")))
        {
            assertEquals(List.of("a", "b", "c"), network.hosts().stream().map(NamespaceHost::name).toList());
            for (final NamespaceHost host : network.hosts())
            {
                assertEquals(NamespaceNetwork.SUBNET_PREFIX + (network.hosts().indexOf(host) + 1), host.address());
                assertTrue(host.run("ip", "-4", "addr", "show", "dev", NamespaceHost.DEVICE)
                    .contains("inet " + host.address() + "/24"), host.toString());
                assertTrue(host.run("ip", "-4", "addr", "show", "dev", "lo").contains("inet 127.0.0.1/8"));
                assertTrue(host.run("ip", "route", "show").contains("224.0.0.0/4 dev " + NamespaceHost.DEVICE));
            }
            assertEquals("b", NamespaceHost.parse(network.host("b").spec()).name());
            assertEquals(network.host("b").namespace(), NamespaceHost.parse(network.host("b").spec()).namespace());
            assertEquals(network.host("b").address(), NamespaceHost.parse(network.host("b").spec()).address());
            final IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> network.host("d"));
            assertEquals("no host named d in this network; its hosts: [a, b, c]", unknown.getMessage());
        }
    }

    @Test
    void carriesMulticastFromOneHostToAllTheOthers() throws Exception
    {
        try (NamespaceNetwork network = create(NamespaceNetwork.builder().hosts("a", "b", "c")))
        {
            final ChildJvm b = start(network.host("b"), "receive", Integer.toString(PORT), "239.255.7.9");
            final ChildJvm c = start(network.host("c"), "receive", Integer.toString(PORT), "239.255.7.9");
            b.awaitLine("READY", WAIT);
            c.awaitLine("READY", WAIT);

            start(network.host("a"), "send", "239.255.7.9", Integer.toString(PORT), "100", "end");

            assertEquals("RECEIVED 100", b.awaitLine("RECEIVED", WAIT), b.output());
            assertEquals("RECEIVED 100", c.awaitLine("RECEIVED", WAIT), c.output());
        }
    }

    @Test
    void carriesUnicastToTheHostOfTheAddress() throws Exception
    {
        try (NamespaceNetwork network = create(NamespaceNetwork.builder().hosts("a", "b")))
        {
            final ChildJvm b = start(network.host("b"), "receive", Integer.toString(PORT));
            b.awaitLine("READY", WAIT);

            start(network.host("a"), "send", network.host("b").address(), Integer.toString(PORT), "100", "end");

            assertEquals("RECEIVED 100", b.awaitLine("RECEIVED", WAIT), b.output());
        }
    }

    @Test
    void dropsWhatALossyHostSendsAndNotWhatItReceives() throws Exception
    {
        try (NamespaceNetwork network = create(NamespaceNetwork.builder()
            .host("lossy", UdpLoss.sending(100)).hosts("b", "c")))
        {
            final ChildJvm b = start(network.host("b"), "receive", Integer.toString(PORT));
            final ChildJvm lossy = start(network.host("lossy"), "receive", Integer.toString(PORT));
            b.awaitLine("READY", WAIT);
            lossy.awaitLine("READY", WAIT);

            final ChildJvm fromLossy = start(
                network.host("lossy"), "send", network.host("b").address(), Integer.toString(PORT), "50");
            assertEquals(0, fromLossy.awaitExit(WAIT), fromLossy.output());
            // The end comes from a host without loss, after everything the lossy host sent.
            start(network.host("c"), "send", network.host("b").address(), Integer.toString(PORT), "0", "end");
            start(network.host("b"), "send", network.host("lossy").address(), Integer.toString(PORT), "50", "end");

            assertEquals("RECEIVED 0", b.awaitLine("RECEIVED", WAIT), b.output());
            assertEquals("RECEIVED 50", lossy.awaitLine("RECEIVED", WAIT), lossy.output());
        }
    }

    @Test
    void dropsWhatAHostSendsAsItEntersTheSwitchAndWhatItReceivesAsItArrives() throws IOException
    {
        try (NamespaceNetwork network = create(NamespaceNetwork.builder().hosts("a")
            .host("b", new UdpLoss(0, 7)).udpLoss(5)))
        {
            final String atSwitch = new NamespaceHost("switch", network.switchNamespace(), "-", UdpLoss.NONE)
                .run("nft", "list", "ruleset");
            assertTrue(atSwitch.contains("chain from_h0 {\n\t\ttype filter hook ingress device \"h0\" priority " +
                "filter; policy accept;\n\t\tmeta l4proto udp numgen random mod 100 < 5 drop"), atSwitch);
            assertFalse(atSwitch.contains("h1"), atSwitch);
            assertEquals("", network.host("a").run("nft", "list", "ruleset"));
            final String atB = network.host("b").run("nft", "list", "ruleset");
            assertTrue(atB.contains("chain into_ws0 {\n\t\ttype filter hook ingress device \"ws0\" priority " +
                "filter; policy accept;\n\t\tmeta l4proto udp numgen random mod 100 < 7 drop"), atB);
        }
    }

    @Test
    void switchesAHostsLossOnAndOffWhileTheNetworkRuns() throws Exception
    {
        try (NamespaceNetwork network = create(NamespaceNetwork.builder().hosts("a", "b")))
        {
            final NamespaceHost atSwitch = new NamespaceHost("switch", network.switchNamespace(), "-", UdpLoss.NONE);
            network.udpLoss("a", new UdpLoss(100, 5));
            assertEquals(new UdpLoss(100, 5), network.host("a").loss());
            assertTrue(atSwitch.run("nft", "list", "ruleset").contains("chain from_h0"));
            assertTrue(network.host("a").run("nft", "list", "ruleset").contains("mod 100 < 5 drop"));

            final ChildJvm b = start(network.host("b"), "receive", Integer.toString(PORT));
            b.awaitLine("READY", WAIT);
            final ChildJvm lost = start(
                network.host("a"), "send", network.host("b").address(), Integer.toString(PORT), "50");
            assertEquals(0, lost.awaitExit(WAIT), lost.output());

            network.udpLoss(UdpLoss.NONE);
            assertEquals(UdpLoss.NONE, network.host("a").loss());
            assertFalse(atSwitch.run("nft", "list", "ruleset").contains("from_h0"));
            assertFalse(network.host("a").run("nft", "list", "ruleset").contains("into_ws0"));
            start(network.host("a"), "send", network.host("b").address(), Integer.toString(PORT), "50", "end");
            assertEquals("RECEIVED 50", b.awaitLine("RECEIVED", WAIT), b.output());
        }
    }

    @Test
    void removesItsNamespacesWhenClosed() throws IOException
    {
        final NamespaceNetwork network = create(NamespaceNetwork.builder().hosts("a", "b"));
        final List<String> names = List.of(network.host("a").namespace(), network.host("b").namespace());
        assertTrue(NamespaceNetwork.ownNamespaces().containsAll(names));

        network.close();
        network.close();

        for (final String name : names)
        {
            assertFalse(NamespaceNetwork.ownNamespaces().contains(name), name);
        }
        assertFalse(NamespaceNetwork.ownNamespaces().stream().anyMatch(n -> names.get(0).startsWith(n + "-")),
            "the switch's namespace is gone too");
    }

    @Test
    void removesWhatAProcessThatIsGoneLeftAndKeepsWhatALiveOneHas() throws Exception
    {
        assumeAvailable(false);
        final Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        final String leftover = NamespaceNetwork.PREFIX + gone.pid() + "-1-a";
        final String live = NamespaceNetwork.PREFIX + ProcessHandle.current().pid() + "-999999-a";
        new ProcessBuilder("ip", "netns", "add", leftover).start().waitFor();
        new ProcessBuilder("ip", "netns", "add", live).start().waitFor();
        try
        {
            NamespaceNetwork.removeLeftovers();

            assertFalse(NamespaceNetwork.ownNamespaces().contains(leftover));
            assertTrue(NamespaceNetwork.ownNamespaces().contains(live));
        }
        finally
        {
            new ProcessBuilder("ip", "netns", "del", live).start().waitFor();
            new ProcessBuilder("ip", "netns", "del", leftover).start().waitFor();
        }
    }

    @Test
    void saysThatAProcessWithoutRootCannotMakeNetworks() throws Exception
    {
        assumeAvailable(false);
        final String classes = Path.of("target", "classes").toAbsolutePath() + File.pathSeparator +
            Path.of("target", "test-classes").toAbsolutePath();
        final ChildJvm unprivileged = ChildJvm.start("unprivileged", JvmCommand.small(AvailabilityProbeMain.class)
            .classpath(classes)
            .launcher(List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups")));
        children.add(unprivileged);

        final String line = unprivileged.awaitLine("UNAVAILABLE", WAIT);

        assertEquals("UNAVAILABLE network namespaces need root (CAP_SYS_ADMIN and CAP_NET_ADMIN); this process runs " +
            "as uid 65534 without them: run as root, or in a container with --privileged", line);
    }

    @Test
    void refusesHostNamesThatCannotNameANamespace()
    {
        final NamespaceNetwork.Builder builder = NamespaceNetwork.builder().hosts("a");
        assertEquals("a host's name is a lower-case letter, then up to 15 lower-case letters or digits, not A-1",
            assertThrows(IllegalArgumentException.class, () -> builder.hosts("A-1")).getMessage());
        assertEquals("two hosts named a", assertThrows(IllegalArgumentException.class, () -> builder.hosts("a"))
            .getMessage());
        assertEquals("loss is a percentage from 0 to 100, not send 101 receive 0",
            assertThrows(IllegalArgumentException.class, () -> UdpLoss.sending(101)).getMessage());
    }

    private ChildJvm start(final NamespaceHost host, final String... args) throws IOException
    {
        final ChildJvm child = ChildJvm.start(host.name() + " " + args[0],
            JvmCommand.small(DatagramProbeMain.class).launcher(host.launcher()).args(args));
        children.add(child);
        return child;
    }

    private static NamespaceNetwork create(final NamespaceNetwork.Builder builder) throws IOException
    {
        try
        {
            return builder.create();
        }
        catch (final NamespacesUnavailableException ex)
        {
            assumeTrue(false, ex.getMessage());
            throw ex;
        }
    }

    private static void assumeAvailable(final boolean withLoss)
    {
        final String reason = NamespaceNetwork.unavailableReason(withLoss).orElse(null);
        assumeTrue(null == reason, reason);
    }
}
