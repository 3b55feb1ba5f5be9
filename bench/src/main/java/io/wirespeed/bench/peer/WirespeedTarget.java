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

/**
 * Wirespeed configured by one URI: IPC, UDP unicast on loopback, or UDP unicast between two hosts; reused messages on
 * delivery.
 */
public final class WirespeedTarget implements JmsTarget
{
    private final String uri;
    private final String transport;
    private final RunProfile profile;
    private final NamespaceHost near;
    private final NamespaceHost far;

    private WirespeedTarget(final String uri, final String transport, final RunProfile profile,
        final NamespaceHost near, final NamespaceHost far)
    {
        this.uri = uri;
        this.transport = transport;
        this.profile = profile;
        this.near = near;
        this.far = far;
    }

    /**
     * Wirespeed over IPC through its embedded media driver.
     *
     * @param profile idle strategy and threading.
     * @return the target.
     */
    public static WirespeedTarget ipc(final RunProfile profile)
    {
        return new WirespeedTarget(Endpoints.wirespeedIpc(options(profile)), "ipc", profile, null, null);
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
        return new WirespeedTarget(Endpoints.wirespeedUdp(port, options(profile)), "udp-loopback", profile, null,
            null);
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
            options(profile), "udp-netns", profile, near, far);
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
        settings.put("threading", profile.threading());
        settings.put("idle", profile.idle());
        settings.put("uri", uri);
        if (null != far)
        {
            settings.put("hosts", near + " -> " + far);
        }
        return settings;
    }

    @Override
    public JmsTarget withOption(final String option)
    {
        return new WirespeedTarget(uri + "&" + option, transport, profile, near, far);
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
            "aeron:udp?endpoint=" + near.address() + ":" + Placement.NEAR_PORT, StandardCharsets.UTF_8));
    }

    @Override
    public void close()
    {
    }
}
