package io.wirespeed.driver;

import java.util.Properties;

import io.wirespeed.jms.queue.QueueHost;
import io.wirespeed.jms.queue.QueueSelectors;
import io.wirespeed.transport.aeron.AeronTransport;
import io.wirespeed.transport.aeron.AeronTransportConfig;

/**
 * The queue host inside the driver process: clients that use this driver (driver=external) find
 * their queues, temporary queues and shared subscriptions here. On by default; the system property
 * {@value #QUEUE_HOST_PROP}{@code =false} turns it off.
 */
final class QueueHosting implements AutoCloseable
{
    /** Whether the driver process hosts queues. */
    static final String QUEUE_HOST_PROP = "wirespeed.queue.host";

    private final AeronTransport transport;
    private final QueueHost host;

    private QueueHosting(final AeronTransport transport, final QueueHost host)
    {
        this.transport = transport;
        this.host = host;
    }

    /**
     * Starts the queue host on the driver's directory, unless turned off.
     *
     * @param driverConfig     the running driver's configuration.
     * @param systemProperties where {@value #QUEUE_HOST_PROP} is read.
     * @return the hosting, running or not.
     */
    static QueueHosting start(final AeronTransportConfig driverConfig, final Properties systemProperties)
    {
        if ("false".equalsIgnoreCase(systemProperties.getProperty(QUEUE_HOST_PROP, "true")))
        {
            return new QueueHosting(null, null);
        }
        final AeronTransport transport = AeronTransport.connect(AeronTransportConfig.builder()
            .embedded(false)
            .directory(driverConfig.directory())
            .timeout(driverConfig.timeout())
            .build());
        return new QueueHosting(transport, new QueueHost(transport, QueueSelectors::compile).start());
    }

    boolean isRunning()
    {
        return host != null;
    }

    @Override
    public void close()
    {
        if (host != null)
        {
            host.close();
            transport.close();
        }
    }
}
