package io.wirespeed.netns;

/**
 * The share of UDP datagrams lost at random on a host's link to the switch, each way, as a bad cable or a busy switch
 * would lose them: nftables rules ({@code numgen random mod 100 < percent drop}) at the ingress hooks of the link's
 * two ends, so that the sender's send succeeds and the datagram is simply gone. What the host sends is dropped as it
 * enters the switch (and so for every receiver of a multicast datagram at once); what it receives, as it arrives on
 * the host's link. Only UDP: TCP, which repairs loss itself, and ARP are untouched. Loss of what every host sends
 * gives each path between two hosts that loss, both ways, with every datagram crossing one rule.
 *
 * @param sendPercent    the share, 0 to 100, of the datagrams the host sends that are dropped.
 * @param receivePercent the share, 0 to 100, of the datagrams reaching the host that are dropped.
 */
public record UdpLoss(int sendPercent, int receivePercent)
{
    /** The nftables table ({@code netdev} family) of the loss rules, in the switch's and the hosts' namespaces. */
    static final String TABLE = "wirespeed_loss";

    /** No loss: no rule at all. */
    public static final UdpLoss NONE = new UdpLoss(0, 0);

    /**
     * Checks the shares.
     *
     * @param sendPercent    the share of datagrams sent that are dropped.
     * @param receivePercent the share of datagrams received that are dropped.
     * @throws IllegalArgumentException if a share is outside 0 to 100.
     */
    public UdpLoss
    {
        if (sendPercent < 0 || sendPercent > 100 || receivePercent < 0 || receivePercent > 100)
        {
            throw new IllegalArgumentException("loss is a percentage from 0 to 100, not send " + sendPercent +
                " receive " + receivePercent);
        }
    }

    /**
     * Loss of what the host sends only.
     *
     * @param percent the share, 0 to 100, of the datagrams it sends that are dropped.
     * @return the loss.
     */
    public static UdpLoss sending(final int percent)
    {
        return new UdpLoss(percent, 0);
    }

    /**
     * Whether any datagram is dropped.
     *
     * @return true if either share is above 0.
     */
    public boolean any()
    {
        return sendPercent > 0 || receivePercent > 0;
    }

    /**
     * The nftables command argument that drops the datagrams the host sends, as they enter the switch through the
     * host's port.
     *
     * @param port the host's port on the switch, in the switch's namespace.
     * @return the argument of {@code nft}, or null if nothing sent is dropped.
     */
    String sendRule(final String port)
    {
        return sendPercent == 0 ? null : ingressRule(sendChain(port), port, sendPercent);
    }

    /**
     * The nftables command argument that drops the datagrams reaching the host, as they arrive on its link.
     *
     * @param device the host's link, in the host's namespace.
     * @return the argument of {@code nft}, or null if nothing received is dropped.
     */
    String receiveRule(final String device)
    {
        return receivePercent == 0 ? null : ingressRule(receiveChain(device), device, receivePercent);
    }

    static String sendChain(final String port)
    {
        return "from_" + port;
    }

    static String receiveChain(final String device)
    {
        return "into_" + device;
    }

    /**
     * A rule that drops a share of the UDP datagrams arriving on a device, at its ingress hook: after the sender's
     * send has returned, as loss on a wire would be. (A rule on the sender's own output hook would fail its send with
     * EPERM, which Aeron takes for a short send and repeats: no loss at all.)
     *
     * @param chain   the chain's name.
     * @param device  the device.
     * @param percent the share, 1 to 100.
     * @return the argument of {@code nft}.
     */
    static String ingressRule(final String chain, final String device, final int percent)
    {
        return "add table netdev " + TABLE + " { chain " + chain + " { type filter hook ingress device \"" + device +
            "\" priority 0; meta l4proto udp" + share(percent) + " drop; }; }";
    }

    private static String share(final int percent)
    {
        // numgen's values are 0 to 99: "< 100" is out of its range, and all is simply every datagram.
        return percent == 100 ? "" : " numgen random mod 100 < " + percent;
    }

    /**
     * {@inheritDoc}
     *
     * @return e.g. {@code drops 5 % of the UDP datagrams it sends}.
     */
    @Override
    public String toString()
    {
        if (!any())
        {
            return "no loss";
        }
        final String sent = sendPercent > 0 ? sendPercent + " % of the UDP datagrams it sends" : "";
        final String received = receivePercent > 0 ? receivePercent + " % of those it receives" : "";
        return "drops " + sent + (sent.isEmpty() || received.isEmpty() ? "" : " and ") + received;
    }
}
