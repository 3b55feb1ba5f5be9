package io.wirespeed.it.host;

import java.util.LinkedHashMap;
import java.util.Map;

import io.wirespeed.it.queue.QueueFeatures;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.DriverDirectories;
import io.wirespeed.test.FreePorts;
import io.wirespeed.test.MediaDriverProcess;

/**
 * A driver process serving its queue host on a loopback UDP endpoint ({@code wirespeed.host.endpoint}), and the
 * URIs of its clients over UDP: each with an embedded media driver of its own, in a directory of its own, so that
 * nothing but the network joins them to the host.
 *
 * @param driver   the driver process.
 * @param endpoint the host's {@code 127.0.0.1:<port>}.
 */
record HostOverUdp(MediaDriverProcess driver, String endpoint) implements QueueFeatures.Host
{
    /** The driver timeout of the host and its clients: how soon a lost host or client is noticed. */
    static final String DRIVER_TIMEOUT_MS = "3000";

    /**
     * Starts the driver process on a free endpoint.
     *
     * @param processes the test's child JVMs.
     * @param settings  more settings of the driver.
     * @return the running host.
     * @throws Exception if it does not start.
     */
    static HostOverUdp start(final ChildJvms processes, final Map<String, String> settings) throws Exception
    {
        return start(processes, "127.0.0.1:" + FreePorts.udpPair(), settings);
    }

    /**
     * Starts the driver process on an endpoint.
     *
     * @param processes the test's child JVMs.
     * @param endpoint  the endpoint.
     * @param settings  more settings of the driver.
     * @return the running host.
     * @throws Exception if it does not start.
     */
    static HostOverUdp start(final ChildJvms processes, final String endpoint, final Map<String, String> settings)
        throws Exception
    {
        final Map<String, String> all = new LinkedHashMap<>(settings);
        all.put("wirespeed.host.endpoint", endpoint);
        all.put("wirespeed.driver.timeout", DRIVER_TIMEOUT_MS + "ms");
        return new HostOverUdp(MediaDriverProcess.start(processes, all), endpoint);
    }

    /** @return a client of the host over UDP, with an embedded media driver of its own; topics on IPC. */
    @Override
    public String clientUri()
    {
        return "wirespeed:ipc?" + clientOptions();
    }

    /**
     * A client of the host over UDP whose topics travel to a UDP endpoint, where the host can receive them (for
     * shared and durable subscriptions, which the host feeds from the topic).
     *
     * @param topicEndpoint the topics' {@code ADDRESS:PORT}.
     * @return the URI.
     */
    @Override
    public String clientUri(final String topicEndpoint)
    {
        return "wirespeed:udp?endpoint=" + topicEndpoint + "&" + clientOptions();
    }

    private String clientOptions()
    {
        return "driver=embedded&aeronDir=" + DriverDirectories.unique("udp-client") + "&host=" + endpoint +
            "&queueHostTimeout=10000&driverTimeout=" + DRIVER_TIMEOUT_MS;
    }
}
