package io.wirespeed.bench.peer;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.DatagramChannel;
import java.util.LinkedHashMap;
import java.util.Map;

import io.wirespeed.bench.rig.RunProfile;

/** Two non-blocking DatagramChannels on loopback, connected to each other: the kernel's UDP, no middleware. */
final class UdpSockets implements AutoCloseable
{
    final DatagramChannel a;
    final DatagramChannel b;
    private final RunProfile profile;

    UdpSockets(final RunProfile profile) throws IOException
    {
        this.profile = profile;
        a = open();
        b = open();
        a.connect(b.getLocalAddress());
        b.connect(a.getLocalAddress());
    }

    private static DatagramChannel open() throws IOException
    {
        final DatagramChannel channel = DatagramChannel.open();
        channel.setOption(StandardSocketOptions.SO_RCVBUF, 4 * 1024 * 1024);
        channel.setOption(StandardSocketOptions.SO_SNDBUF, 4 * 1024 * 1024);
        channel.bind(new InetSocketAddress("127.0.0.1", 0));
        channel.configureBlocking(false);
        return channel;
    }

    Map<String, Object> settings(final String shape)
    {
        final Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("api", "kernel UDP (java.nio DatagramChannel, non-blocking, busy-polled)");
        settings.put("transport", "udp-loopback");
        settings.put("threading", "application threads only");
        settings.put("idle", profile.idle());
        settings.put("uri", "udp://127.0.0.1");
        settings.put("shape", shape);
        return settings;
    }

    @Override
    public void close() throws IOException
    {
        a.close();
        b.close();
    }
}
