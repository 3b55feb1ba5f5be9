package io.wirespeed.bench.peer;

import java.util.List;
import java.util.Map;

import javax.jms.ConnectionFactory;

import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

import io.wirespeed.bench.rig.Placement;
import io.wirespeed.bench.rig.RemoteSide;
import io.wirespeed.netns.NamespaceHost;

/**
 * ActiveMQ Artemis on a host of its own ({@link Placement#BROKER}), as {@link ArtemisTarget} configures it, reached
 * over TCP by this side (on {@link Placement#NEAR}) and the far side (on {@link Placement#FAR}): the broker in the
 * path of every message, as a broker between machines is.
 */
public final class RemoteArtemisTarget implements JmsTarget
{
    /** The broker's TCP port on its host. */
    public static final int PORT = 61_616;

    private final RemoteSide broker;
    private final String url;
    private final NamespaceHost near;
    private final NamespaceHost far;

    private RemoteArtemisTarget(final RemoteSide broker, final String url, final NamespaceHost near,
        final NamespaceHost far)
    {
        this.broker = broker;
        this.url = url;
        this.near = near;
        this.far = far;
    }

    /**
     * Starts the broker on its host and targets it.
     *
     * @param near   this side's host.
     * @param far    the far side's host.
     * @param broker the broker's host.
     * @return the target; close it to stop the broker.
     * @throws Exception if the broker does not start.
     */
    public static RemoteArtemisTarget start(final NamespaceHost near, final NamespaceHost far,
        final NamespaceHost broker) throws Exception
    {
        final RemoteSide side = RemoteSide.start(broker, FarSideMain.class.getName(),
            List.of("broker", "-", "-", broker.address(), Integer.toString(PORT)));
        return new RemoteArtemisTarget(side, "tcp://" + broker.address() + ":" + PORT, near, far);
    }

    @Override
    public ConnectionFactory factory()
    {
        return new ActiveMQConnectionFactory(url);
    }

    @Override
    public Map<String, Object> settings()
    {
        final Map<String, Object> settings = ArtemisTarget.settings("tcp-netns", url, "in a JVM on its own host");
        settings.put("hosts", near + " -> broker " + url + " -> " + far);
        settings.put("queueHost", "broker, " + url);
        return settings;
    }

    @Override
    public JmsTarget withOption(final String option)
    {
        return this;
    }

    @Override
    public String uri()
    {
        return url;
    }

    @Override
    public NamespaceHost farHost()
    {
        return far;
    }

    @Override
    public void close() throws Exception
    {
        broker.close();
    }
}
