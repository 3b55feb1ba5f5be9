package io.wirespeed.driver;

import org.agrona.CloseHelper;
import org.agrona.concurrent.SystemNanoClock;

import io.wirespeed.host.durable.DurableStorage;
import io.wirespeed.host.QueueHost;
import io.wirespeed.host.QueueSelectors;
import io.wirespeed.host.auth.Authenticator;
import io.wirespeed.host.auth.Authenticators;
import io.wirespeed.transport.TransportException;
import io.wirespeed.transport.aeron.AeronTransport;
import io.wirespeed.transport.aeron.AeronTransportContext;
import io.wirespeed.transport.ArchiveConfig;
import io.wirespeed.transport.aeron.ArchiveHost;

/**
 * The queue host inside the driver process: clients that use this driver (driver=external) find
 * their queues, temporary queues and shared subscriptions here. On by default; the setting
 * {@value #QUEUE_HOST_PROP}{@code =false} turns it off. Every setting comes from {@link DriverSettings}: the driver's
 * properties files and system properties together.
 * <p>
 * With {@code wirespeed.archive.enabled=true} an Aeron Archive runs beside the driver too (settings
 * {@code wirespeed.archive.*}, see {@link ArchiveConfig}), and the queue host keeps durable
 * subscriptions and PERSISTENT queue messages in it.
 * <p>
 * With {@value #ENDPOINT_PROP}{@code =ADDRESS:PORT} the host also serves clients on other machines over UDP (they
 * name it with {@code host=ADDRESS:PORT}); it answers them through Aeron response channels on the next port. With
 * {@value Authenticators#USERS_PROP} or {@value Authenticators#AUTHENTICATOR_PROP} it requires credentials of every
 * client.
 */
final class QueueHosting implements AutoCloseable
{
    /** Whether the driver process hosts queues. */
    static final String QUEUE_HOST_PROP = DriverSettings.QUEUE_HOST_PROP;
    /** The UDP endpoint the host serves clients on, besides IPC. */
    static final String ENDPOINT_PROP = DriverSettings.ENDPOINT_PROP;

    private final AeronTransport transport;
    private final QueueHost host;
    private final ArchiveHost archive;
    private final DurableStorage storage;
    private String endpoint;
    private String authentication = "off";

    private QueueHosting(
        final AeronTransport transport, final QueueHost host, final ArchiveHost archive, final DurableStorage storage)
    {
        this.transport = transport;
        this.host = host;
        this.archive = archive;
        this.storage = storage;
    }

    /**
     * Starts the queue host on the driver's directory, unless turned off.
     *
     * @param settings the driver process's settings, files and system properties together.
     * @return the hosting, running or not.
     */
    static QueueHosting start(final DriverSettings settings)
    {
        if (!settings.queueHost())
        {
            return new QueueHosting(null, null, null, null);
        }
        final AeronTransportContext driverConfig = settings.driver();
        final AeronTransport transport = AeronTransport.connect(new AeronTransportContext()
            .embedded(false)
            .directory(driverConfig.directory())
            .timeout(driverConfig.timeout())
            .conclude());
        ArchiveHost archive = null;
        DurableStorage storage = null;
        try
        {
            final ArchiveConfig archiveConfig = settings.archive();
            if (null != archiveConfig)
            {
                archive = ArchiveHost.launch(driverConfig.directory(), archiveConfig, driverConfig.idleStrategy());
                storage = DurableStorage.open(transport, archiveConfig, archive);
            }
            final QueueHost host = new QueueHost(transport, QueueSelectors::compile, storage)
                .limits(settings.hostLimits(), SystemNanoClock.INSTANCE)
                .queueLimits(settings.queueLimits());
            final String endpoint = settings.endpoint();
            if (!endpoint.isEmpty())
            {
                try
                {
                    host.serveUdp(endpoint);
                }
                catch (final IllegalArgumentException ex)
                {
                    throw new TransportException(ENDPOINT_PROP + "=" + endpoint + " is not ADDRESS:PORT of this " +
                        "machine to serve the queue host on, e.g. 10.0.0.1:40400: " + ex.getMessage(), ex);
                }
            }
            final Authenticator authenticator;
            try
            {
                authenticator = Authenticators.fromProperties(settings.properties());
            }
            catch (final IllegalArgumentException ex)
            {
                throw new TransportException(ex.getMessage(), ex);
            }
            host.authenticator(authenticator);
            final QueueHosting hosting = new QueueHosting(transport, host.start(), archive, storage);
            hosting.endpoint = endpoint.isEmpty() ? null : endpoint;
            hosting.authentication = Authenticators.describe(settings.properties());
            return hosting;
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietCloseAll(storage, archive, transport);
            throw ex;
        }
    }

    boolean isRunning()
    {
        return host != null;
    }

    /** @return what the running line says of the host: its UDP endpoint and its authentication. */
    String describe()
    {
        return " host-endpoint=" + (endpoint == null ? "none" : endpoint) + " host-authentication=" + authentication;
    }

    /** @return the archive's settings when one runs, else null. */
    ArchiveConfig archive()
    {
        return archive == null ? null : archive.config();
    }

    @Override
    public void close()
    {
        if (host != null)
        {
            host.close();
            CloseHelper.quietCloseAll(storage, archive);
            transport.close();
        }
    }
}
