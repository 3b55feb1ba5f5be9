package io.wirespeed.bench.peer;

import java.util.LinkedHashMap;
import java.util.Map;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.driver.ThreadingMode;
import io.wirespeed.bench.common.Endpoints;
import io.wirespeed.bench.common.RawAeron;
import io.wirespeed.bench.rig.RunProfile;
import io.wirespeed.transport.aeron.AeronTransportConfiguration;

/**
 * Raw Aeron, the floor: an embedded media driver with the same threading mode and idle strategy
 * Wirespeed is given ({@link RawAeron}), and a client of it, on the same channel Wirespeed uses (IPC,
 * or UDP unicast on loopback). Like for like with Wirespeed's embedded driver: Wirespeed's term length
 * (16 MiB, IPC and UDP alike) and a directory beside Aeron's default one ({@code /dev/shm} on Linux).
 */
public final class AeronMedia implements AutoCloseable
{
    private final RawAeron rawAeron;
    private final String channel;
    private final RunProfile profile;

    /**
     * Launches a driver and connects a client.
     *
     * @param profile the idle strategy and threading mode.
     * @param udpPort a UDP port for loopback unicast, or 0 for IPC.
     */
    public AeronMedia(final RunProfile profile, final int udpPort)
    {
        this.profile = profile;
        this.channel = udpPort == 0 ? Endpoints.AERON_IPC : Endpoints.aeronUdp(udpPort);
        this.rawAeron = RawAeron.start(
            RawAeron.directoryBesideWirespeeds("bench-raw"),
            profile.idle(),
            ThreadingMode.valueOf(profile.threading().toUpperCase().replace('-', '_')),
            0);
    }

    /**
     * An exclusive publication on the channel, once a subscriber is connected.
     *
     * @param streamId the stream.
     * @return the connected publication.
     */
    public ExclusivePublication connectedPublication(final int streamId)
    {
        return rawAeron.connectedPublication(channel, streamId);
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
     * The channel every stream uses.
     *
     * @return the channel URI.
     */
    public String channel()
    {
        return channel;
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
        settings.put("transport", channel.equals(Endpoints.AERON_IPC) ? "ipc" : "udp-loopback");
        settings.put("threading", profile.threading());
        settings.put("idle", profile.idle());
        settings.put("uri", channel);
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
