package io.wirespeed.bench.peer;

import java.io.File;
import java.util.LinkedHashMap;
import java.util.Map;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.wirespeed.bench.rig.RunProfile;

/**
 * Raw Aeron, the floor: an embedded media driver with the same threading mode and idle strategy
 * Wirespeed is given, and a client of it, on the same channel Wirespeed uses (IPC, or UDP unicast
 * on loopback).
 */
public final class AeronMedia implements AutoCloseable
{
    private final MediaDriver driver;
    private final Aeron aeron;
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
        this.channel = udpPort == 0 ? "aeron:ipc" : "aeron:udp?endpoint=127.0.0.1:" + udpPort;
        final String dir = new File(System.getProperty("java.io.tmpdir"),
            "wirespeed-bench-aeron-" + ProcessHandle.current().pid()).getAbsolutePath();
        final MediaDriver.Context context = new MediaDriver.Context()
            .aeronDirectoryName(dir)
            .dirDeleteOnStart(true)
            .dirDeleteOnShutdown(true)
            .threadingMode(ThreadingMode.valueOf(profile.threading().toUpperCase().replace('-', '_')))
            .sharedIdleStrategy(IdleStrategies.of(profile.idle()))
            .conductorIdleStrategy(IdleStrategies.of(profile.idle()))
            .senderIdleStrategy(IdleStrategies.of(profile.idle()))
            .receiverIdleStrategy(IdleStrategies.of(profile.idle()));
        driver = MediaDriver.launchEmbedded(context);
        aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(driver.aeronDirectoryName()));
    }

    /**
     * An exclusive publication on the channel, once a subscriber is connected.
     *
     * @param streamId the stream.
     * @return the connected publication.
     */
    public ExclusivePublication connectedPublication(final int streamId)
    {
        final ExclusivePublication publication = aeron.addExclusivePublication(channel, streamId);
        final long deadline = System.nanoTime() + 10_000_000_000L;
        while (!publication.isConnected())
        {
            if (System.nanoTime() > deadline)
            {
                throw new IllegalStateException("no subscriber connected to " + channel + " stream " + streamId);
            }
            Thread.yield();
        }
        return publication;
    }

    /**
     * The Aeron client.
     *
     * @return the client.
     */
    public Aeron aeron()
    {
        return aeron;
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
        settings.put("transport", channel.equals("aeron:ipc") ? "ipc" : "udp-loopback");
        settings.put("threading", profile.threading());
        settings.put("idle", profile.idle());
        settings.put("uri", channel);
        return settings;
    }

    @Override
    public void close()
    {
        aeron.close();
        driver.close();
    }
}
