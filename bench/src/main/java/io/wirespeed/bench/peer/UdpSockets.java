package io.wirespeed.bench.peer;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.DatagramChannel;
import java.util.LinkedHashMap;
import java.util.Map;

import io.wirespeed.bench.rig.RunProfile;

/**
 * Non-blocking DatagramChannels, the kernel's UDP, no middleware: on loopback, two channels connected to each other
 * ({@link #a} and {@link #b}); between hosts, {@link #a} on this host connected to the far host's channel, which
 * runs in a JVM there ({@link FarSideMain}), and no {@link #b}.
 */
final class UdpSockets implements AutoCloseable
{
    final DatagramChannel a;
    final DatagramChannel b;
    private final RunProfile profile;
    private final String uri;

    UdpSockets(final RunProfile profile) throws IOException
    {
        this.profile = profile;
        this.uri = "udp://127.0.0.1";
        a = open("127.0.0.1");
        b = open("127.0.0.1");
        a.connect(b.getLocalAddress());
        b.connect(a.getLocalAddress());
    }

    UdpSockets(final RunProfile profile, final InetSocketAddress near, final InetSocketAddress far) throws IOException
    {
        this.profile = profile;
        this.uri = "udp://" + near.getHostString() + ":" + near.getPort() + " -> udp://" + far.getHostString() + ":" +
            far.getPort();
        a = open(near.getHostString(), near.getPort());
        b = null;
        a.connect(far);
    }

    private static DatagramChannel open(final String address) throws IOException
    {
        return open(address, 0);
    }

    static DatagramChannel open(final String address, final int port) throws IOException
    {
        final DatagramChannel channel = DatagramChannel.open();
        channel.setOption(StandardSocketOptions.SO_RCVBUF, 4 * 1024 * 1024);
        channel.setOption(StandardSocketOptions.SO_SNDBUF, 4 * 1024 * 1024);
        channel.bind(new InetSocketAddress(address, port));
        channel.configureBlocking(false);
        return channel;
    }

    Map<String, Object> settings(final String shape)
    {
        final Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("api", "kernel UDP (java.nio DatagramChannel, non-blocking, busy-polled)");
        settings.put("transport", null == b ? "udp-netns" : "udp-loopback");
        settings.put("threading", "application threads only");
        settings.put("idle", profile.idle());
        settings.put("uri", uri);
        settings.put("shape", shape);
        return settings;
    }

    @Override
    public void close() throws IOException
    {
        a.close();
        if (null != b)
        {
            b.close();
        }
    }
}
