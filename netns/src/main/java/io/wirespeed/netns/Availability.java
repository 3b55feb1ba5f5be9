package io.wirespeed.netns;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Whether this process can make namespace networks, found once per JVM by trying what a network needs in a
 * namespace of its own (removed at once): the {@code ip} command, the capabilities, {@code ip netns add}, a bridge,
 * a veth pair and, for lossy networks, {@code nft} and a {@code numgen} rule. Each missing piece has its own reason.
 */
final class Availability
{
    private static final int CAP_NET_ADMIN = 12;
    private static final int CAP_SYS_ADMIN = 21;

    private static String baseReason;
    private static String lossReason;
    private static boolean baseChecked;
    private static boolean lossChecked;

    private Availability()
    {
    }

    /**
     * Why this process cannot make a network, or null if it can.
     *
     * @param withLoss whether the network drops datagrams (needs nftables).
     * @return the reason, or null.
     */
    static synchronized String reason(final boolean withLoss)
    {
        if (!baseChecked)
        {
            baseReason = probe(false);
            baseChecked = true;
        }
        if (null != baseReason || !withLoss)
        {
            return baseReason;
        }
        if (!lossChecked)
        {
            lossReason = probe(true);
            lossChecked = true;
        }
        return lossReason;
    }

    private static String probe(final boolean withLoss)
    {
        if (!System.getProperty("os.name", "").toLowerCase().contains("linux"))
        {
            return "network namespaces are Linux's; this is " + System.getProperty("os.name");
        }
        final Commands.Result ip = Commands.attempt(List.of("ip", "-V"));
        if (!ip.succeeded())
        {
            return "the ip command (iproute2) is not available (" + ip.output() + "): install iproute2";
        }
        final String privileges = missingPrivileges();
        if (null != privileges)
        {
            return privileges;
        }
        if (withLoss)
        {
            final Commands.Result nft = Commands.attempt(List.of("nft", "--version"));
            if (!nft.succeeded())
            {
                return "the nft command (nftables) is not available (" + nft.output() + "): install nftables " +
                    "(apt-get install nftables) for networks that drop datagrams";
            }
        }
        final String probe = NamespaceNetwork.PREFIX + ProcessHandle.current().pid() + "-0-probe";
        final Commands.Result add = Commands.attempt(List.of("ip", "netns", "add", probe));
        if (!add.succeeded())
        {
            return "`ip netns add` is not permitted here (" + add.output() + "): the kernel or the container does " +
                "not let this process make network namespaces (a container needs --privileged or CAP_SYS_ADMIN " +
                "and a writable /run/netns)";
        }
        try
        {
            return tryInside(probe, withLoss);
        }
        finally
        {
            Commands.attempt(List.of("ip", "netns", "del", probe));
        }
    }

    private static String tryInside(final String probe, final boolean withLoss)
    {
        final Commands.Result bridge = Commands.attempt(
            List.of("ip", "-n", probe, "link", "add", "br0", "type", "bridge"));
        if (!bridge.succeeded())
        {
            return "the kernel cannot make a bridge in a namespace (" + bridge.output() + "): load the bridge " +
                "module (modprobe bridge)";
        }
        final Commands.Result veth = Commands.attempt(
            List.of("ip", "-n", probe, "link", "add", "v0", "type", "veth", "peer", "name", "v1"));
        if (!veth.succeeded())
        {
            return "the kernel cannot make a veth pair (" + veth.output() + "): load the veth module (modprobe veth)";
        }
        if (withLoss)
        {
            final Commands.Result rule = Commands.attempt(List.of("ip", "netns", "exec", probe, "nft",
                UdpLoss.ingressRule("probe", "v0", 5)));
            if (!rule.succeeded())
            {
                return "nftables refused the loss rule (" + rule.output() + "): the kernel needs nf_tables with " +
                    "the netdev family and numgen (modprobe nf_tables)";
            }
        }
        return null;
    }

    private static String missingPrivileges()
    {
        final String status;
        try
        {
            status = Files.readString(Path.of("/proc/self/status"));
        }
        catch (final IOException ex)
        {
            return null;
        }
        String uid = "?";
        BigInteger effective = null;
        for (final String line : status.split("\n"))
        {
            if (line.startsWith("Uid:"))
            {
                uid = line.substring(4).trim().split("\\s+")[1];
            }
            else if (line.startsWith("CapEff:"))
            {
                effective = new BigInteger(line.substring(7).trim(), 16);
            }
        }
        if (null == effective || effective.testBit(CAP_SYS_ADMIN) && effective.testBit(CAP_NET_ADMIN))
        {
            return null;
        }
        return "network namespaces need root (CAP_SYS_ADMIN and CAP_NET_ADMIN); this process runs as uid " + uid +
            " without them: run as root, or in a container with --privileged";
    }
}
