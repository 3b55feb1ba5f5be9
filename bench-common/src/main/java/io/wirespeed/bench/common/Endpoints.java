package io.wirespeed.bench.common;

import io.wirespeed.transport.aeron.AeronChannels;

/**
 * The channels and URIs the benchmarks connect with, all on loopback: raw Aeron's IPC and UDP unicast channels, and
 * Wirespeed's {@code wirespeed:ipc} and {@code wirespeed:udp} URIs carrying the same endpoints.
 */
public final class Endpoints
{
    /** The address every UDP endpoint binds to. */
    public static final String LOOPBACK = "127.0.0.1";

    /** Raw Aeron's IPC channel. */
    public static final String AERON_IPC = AeronChannels.IPC;

    private Endpoints()
    {
    }

    /**
     * Raw Aeron's UDP unicast channel to a loopback port.
     *
     * @param port the receiving port.
     * @return {@code aeron:udp?endpoint=127.0.0.1:<port>}.
     */
    public static String aeronUdp(final int port)
    {
        return AeronChannels.udp(LOOPBACK + ":" + port, 0);
    }

    /**
     * A Wirespeed URI for IPC through the embedded media driver.
     *
     * @param options {@code name=value} options joined with {@code &}.
     * @return {@code wirespeed:ipc?<options>}.
     */
    public static String wirespeedIpc(final String options)
    {
        return "wirespeed:ipc?" + options;
    }

    /**
     * A Wirespeed URI for UDP unicast to a loopback port.
     *
     * @param port    the port of the default channel.
     * @param options {@code name=value} options joined with {@code &}.
     * @return {@code wirespeed:udp?endpoint=127.0.0.1:<port>&<options>}.
     */
    public static String wirespeedUdp(final int port, final String options)
    {
        return "wirespeed:udp?endpoint=" + LOOPBACK + ":" + port + "&" + options;
    }

    /**
     * A Wirespeed URI option that sends one topic to its own loopback UDP port, percent-encoded for the URI.
     *
     * @param topic the topic name.
     * @param port  the receiving port.
     * @return {@code route.<topic>=aeron:udp?endpoint=127.0.0.1:<port>}, encoded.
     */
    public static String wirespeedUdpRoute(final String topic, final int port)
    {
        return "route." + topic + "=" + aeronUdp(port).replace("?", "%3F").replace("=", "%3D");
    }
}
