package io.wirespeed.bench.peer;

import java.util.LinkedHashMap;
import java.util.Map;

import javax.jms.ConnectionFactory;

import io.wirespeed.bench.common.Endpoints;
import io.wirespeed.bench.rig.RunProfile;
import io.wirespeed.jms.JmsConnectionFactory;

/** Wirespeed configured by one URI: IPC or UDP unicast on loopback, reused messages on delivery. */
public final class WirespeedTarget implements JmsTarget
{
    private final String uri;
    private final String transport;
    private final RunProfile profile;

    private WirespeedTarget(final String uri, final String transport, final RunProfile profile)
    {
        this.uri = uri;
        this.transport = transport;
        this.profile = profile;
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
        return settings;
    }

    @Override
    public JmsTarget withOption(final String option)
    {
        return new WirespeedTarget(uri + "&" + option, transport, profile);
    }

    @Override
    public void close()
    {
    }
}
