package io.wirespeed.bench.peer;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import javax.jms.ConnectionFactory;

import io.wirespeed.bench.common.Endpoints;
import io.wirespeed.bench.rig.Placement;
import io.wirespeed.bench.rig.RunProfile;
import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.netns.NamespaceHost;
import io.wirespeed.transport.aeron.AeronChannels;
import io.wirespeed.transport.aeron.AeronTransportConfiguration;

/**
 * Wirespeed configured by one URI: IPC, UDP unicast on loopback or UDP unicast between two hosts, with the run's idle
 * strategy and threading and reused messages on delivery; or IPC with no option at all (what a new user gets).
 * Always the embedded media driver in its default directory (beside Aeron's default one: {@code /dev/shm} on Linux).
 */
public final class WirespeedTarget implements JmsTarget
{
    private static final String DEFAULT = "provider default";

    private final String uri;
    private final String transport;
    private final String idle;
    private final String threading;
    private final NamespaceHost near;
    private final NamespaceHost far;

    private WirespeedTarget(final String uri, final String transport, final String idle, final String threading,
        final NamespaceHost near, final NamespaceHost far)
    {
        this.uri = uri;
        this.transport = transport;
        this.idle = idle;
        this.threading = threading;
        this.near = near;
        this.far = far;
    }

    private WirespeedTarget(final String uri, final String transport, final RunProfile profile)
    {
        this(uri, transport, profile.idle(), profile.threading(), null, null);
    }

    /**
     * Wirespeed over IPC as a new user gets it: {@code wirespeed:ipc}, no option.
     *
     * @return the target.
     */
    public static WirespeedTarget defaults()
    {
        return new WirespeedTarget("wirespeed:ipc", "ipc", DEFAULT, DEFAULT, null, null);
    }

    /**
     * Wirespeed over IPC through its embedded media driver.
     *
     * @param profile idle strategy and threading.
     * @return the target.
     */
    public static WirespeedTarget ipc(final RunProfile profile)
    {
        return new WirespeedTarget(Endpoints.wirespeedIpc(options(profile)), "ipc", profile);
    }

    /**
     * Wirespeed over UDP unicast on the loopback interface.
     *
     * @param profile idle strategy and threading.
     * @param port    the UDP port of the endpoint.
     * @return the target.
     */
    public static WirespeedTarget udp(final RunProfile profile, final int port)
    {
        return new WirespeedTarget(Endpoints.wirespeedUdp(port, options(profile)), "udp-loopback", profile);
    }

    /**
     * Wirespeed over UDP unicast from this host to another, each JVM with its embedded driver: the default channel
     * goes to the far host's address, so that what this side publishes reaches it; what the far side publishes
     * comes back on routes to this host's address ({@link #receivingHere(String)}).
     *
     * @param profile idle strategy and threading.
     * @param near    this host.
     * @param far     the other side's host.
     * @return the target.
     */
    public static WirespeedTarget acrossHosts(final RunProfile profile, final NamespaceHost near,
        final NamespaceHost far)
    {
        return new WirespeedTarget("wirespeed:udp?endpoint=" + far.address() + ":" + Placement.FAR_PORT + "&" +
            options(profile), "udp-netns", profile.idle(), profile.threading(), near, far);
    }

    private static String options(final RunProfile profile)
    {
        return "idle=" + profile.idle() + "&threading=" + profile.threading() + "&reuseMessages=true";
    }

    @Override
    public ConnectionFactory factory()
    {
        return new JmsConnectionFactory(uri);
    }

    @Override
    public Map<String, Object> settings()
    {
        final Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("api", "JMS (Wirespeed)");
        settings.put("transport", transport);
        settings.put("threading", threading);
        settings.put("idle", idle);
        settings.put("uri", uri);
        settings.put("aeronDir", AeronTransportConfiguration.defaultDirectory(true));
        settings.put("termLength", termLength());
        if (null != far)
        {
            settings.put("hosts", near + " -> " + far);
        }
        return settings;
    }

    private int termLength()
    {
        final int at = uri.indexOf("termLength=");
        return at < 0 ? AeronTransportConfiguration.DEFAULT_TERM_LENGTH :
            Integer.parseInt(uri.substring(at + "termLength=".length()).split("&")[0]);
    }

    @Override
    public JmsTarget withOption(final String option)
    {
        return new WirespeedTarget(uri + (uri.contains("?") ? "&" : "?") + option, transport, idle, threading, near,
            far);
    }

    @Override
    public String uri()
    {
        return uri;
    }

    @Override
    public NamespaceHost farHost()
    {
        return far;
    }

    @Override
    public JmsTarget receivingHere(final String topic)
    {
        return null == far ? this : withOption("route." + topic + "=" + URLEncoder.encode(
            AeronChannels.udp(near.address() + ":" + Placement.NEAR_PORT, 0), StandardCharsets.UTF_8));
    }

    @Override
    public void close()
    {
    }
}
