package io.wirespeed.jms.transport;

import java.util.ServiceLoader;

import io.wirespeed.host.spi.ArchiveUse;
import io.wirespeed.host.spi.EmbeddedHostService;
import io.wirespeed.host.spi.EmbeddedHostSettings;
import io.wirespeed.jms.config.ConnectionConfig;
import io.wirespeed.transport.TransportException;

/**
 * The provider's view of the queue host that runs inside this JVM beside the embedded media driver: the host
 * module's {@link EmbeddedHostService}, found through {@link ServiceLoader}, given the settings a connection's
 * configuration implies, of which a runtime's {@link TransportLink} takes a share. The provider names nothing else
 * of the host.
 */
final class EmbeddedHosts
{
    private static final System.Logger LOGGER = System.getLogger(EmbeddedHosts.class.getName());
    private static volatile EmbeddedHostService service;

    private EmbeddedHosts()
    {
    }

    /**
     * The JVM's embedded host service.
     *
     * @return the service.
     * @throws TransportException if no host module is on the class path.
     */
    static EmbeddedHostService service()
    {
        EmbeddedHostService found = service;
        if (found == null)
        {
            found = ServiceLoader.load(EmbeddedHostService.class, EmbeddedHosts.class.getClassLoader()).findFirst()
                .orElseThrow(() -> new TransportException("no queue host can run inside this JVM: the " +
                "wirespeed-host jar is not on the class path (it comes with wirespeed-provider); add it, or use " +
                "driver=external with the Wirespeed driver process"));
            service = found;
        }
        return found;
    }

    /**
     * The JVM's embedded host service, if the host module is on the class path.
     *
     * @return the service, or null.
     */
    static EmbeddedHostService serviceIfPresent()
    {
        try
        {
            return service();
        }
        catch (final TransportException ex)
        {
            return null;
        }
    }

    /**
     * The settings an embedded host gets from a connection's configuration.
     *
     * @param config the connection's configuration.
     * @return the settings.
     */
    static EmbeddedHostSettings settings(final ConnectionConfig config)
    {
        return new EmbeddedHostSettings(SharedTransports.transportContext(config,
            (error) -> LOGGER.log(System.Logger.Level.WARNING, "embedded queue host: " + error.getMessage(), error)),
            ArchiveUse.valueOf(config.archive().name()), config.archiveConfig());
    }
}
