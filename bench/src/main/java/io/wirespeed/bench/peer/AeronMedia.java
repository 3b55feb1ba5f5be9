package io.wirespeed.bench.peer;

import java.util.LinkedHashMap;
import java.util.Map;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.driver.ThreadingMode;
import io.wirespeed.bench.common.Endpoints;
import io.wirespeed.bench.common.RawAeron;
import io.wirespeed.bench.rig.RunProfile;
import io.wirespeed.transport.aeron.AeronChannels;
import io.wirespeed.transport.aeron.AeronTransportConfiguration;

/**
 * Raw Aeron, the floor: an embedded media driver with the same threading mode and idle strategy
 * Wirespeed is given ({@link RawAeron}), and a client of it, on the same channel Wirespeed uses (IPC,
 * or UDP unicast on loopback, or between hosts). Like for like with Wirespeed's embedded driver: Wirespeed's term
 * length (16 MiB, IPC and UDP alike) and a directory beside Aeron's default one ({@code /dev/shm} on Linux).
 */
public final class AeronMedia implements AutoCloseable
{
    private final RawAeron rawAeron;
    private final String sendChannel;
    private final String receiveChannel;
    private final String transport;
    private final RunProfile profile;

    /**
     * Launches a driver and connects a client.
     *
     * @param profile the idle strategy and threading mode.
     * @param udpPort a UDP port for loopback unicast, or 0 for IPC.
     */
    public AeronMedia(final RunProfile profile, final int udpPort)
    {
        this(profile, udpPort == 0 ? Endpoints.AERON_IPC : Endpoints.aeronUdp(udpPort),
            udpPort == 0 ? Endpoints.AERON_IPC : Endpoints.aeronUdp(udpPort), udpPort == 0 ? "ipc" : "udp-loopback");
    }

    /**
     * Launches a driver and connects a client that sends on one channel and receives on another: UDP unicast
     * between hosts, where each host receives on its own address.
     *
     * @param profile        the idle strategy and threading mode.
     * @param sendChannel    the channel publications send on.
     * @param receiveChannel the channel subscriptions receive on.
     * @param transport      what the channels are, for the results (e.g. {@code udp-netns}).
     */
    public AeronMedia(
        final RunProfile profile, final String sendChannel, final String receiveChannel, final String transport)
    {
        this.profile = profile;
        this.sendChannel = sendChannel;
        this.receiveChannel = receiveChannel;
        this.transport = transport;
        this.rawAeron = RawAeron.start(
            RawAeron.directoryBesideWirespeeds("bench-raw"),
            profile.idle(),
            ThreadingMode.valueOf(profile.threading().toUpperCase().replace('-', '_')),
            0);
    }

    /**
     * Raw Aeron's UDP unicast channel to a host.
     *
     * @param address the receiving host's address.
     * @param port    its port.
     * @return {@code aeron:udp?endpoint=ADDRESS:PORT}.
     */
    public static String udpChannel(final String address, final int port)
    {
        return AeronChannels.udp(address + ":" + port, 0);
    }

    /**
     * An exclusive publication on the channel, once a subscriber is connected.
     *
     * @param streamId the stream.
     * @return the connected publication.
     */
    public ExclusivePublication connectedPublication(final int streamId)
    {
        return rawAeron.connectedPublication(sendChannel, streamId);
    }

    /**
     * The Aeron client.
     *
     * @return the client.
     */
    public Aeron aeron()
    {
        return rawAeron.aeron();
    }

    /**
     * The channel subscriptions receive on: on loopback, the one every stream uses.
     *
     * @return the channel URI.
     */
    public String channel()
    {
        return receiveChannel;
    }

    /**
     * What this is: API, transport, threading and idle strategy.
     *
     * @return an ordered map.
     */
    public Map<String, Object> settings()
    {
        final Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("api", "raw Aeron " + io.aeron.AeronVersion.VERSION + " (ExclusivePublication.tryClaim, poll)");
        settings.put("transport", transport);
        settings.put("threading", profile.threading());
        settings.put("idle", profile.idle());
        settings.put("uri", sendChannel.equals(receiveChannel) ? sendChannel :
            "sends on " + sendChannel + ", receives on " + receiveChannel);
        settings.put("aeronDir", aeron().context().aeronDirectoryName());
        settings.put("termLength", AeronTransportConfiguration.DEFAULT_TERM_LENGTH);
        return settings;
    }

    @Override
    public void close()
    {
        rawAeron.close();
    }
}
