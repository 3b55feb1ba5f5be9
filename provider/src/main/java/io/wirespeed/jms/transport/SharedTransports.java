package io.wirespeed.jms.transport;

import java.util.function.Consumer;

import io.wirespeed.jms.config.ConnectionConfig;
import io.wirespeed.transport.TransportContext;
import io.wirespeed.transport.TransportException;
import io.wirespeed.transport.TransportFactories;

/**
 * How a configuration's transports are connected: the settings it implies in the SPI's terms, and the
 * {@link TransportLink} a runtime holds. Transports are found by their channels' schemes among the
 * {@link TransportFactories} on the classpath; this class names none. It keeps no registry: a runtime
 * ({@code io.wirespeed.jms.runtime.WirespeedRuntime}) owns what connections share.
 */
public final class SharedTransports
{
    private SharedTransports()
    {
    }

    /**
     * Connects the transports of a configuration, for a runtime.
     *
     * @param config        the configuration.
     * @param errorListener told about asynchronous transport faults.
     * @return the link, closed with the runtime.
     * @throws TransportException if the home transport cannot be connected.
     */
    public static TransportLink connect(final ConnectionConfig config, final Consumer<TransportException> errorListener)
    {
        return TransportLink.connect(config, errorListener);
    }

    /**
     * Closes the default runtimes of this JVM, and with them the queue hosts, archives and embedded media drivers
     * that only they held, as the JVM's exit does: see {@code WirespeedRuntime.closeShared()}, which this calls.
     */
    public static void closeEmbeddedHosts()
    {
        io.wirespeed.jms.runtime.WirespeedRuntime.closeShared();
    }

    /**
     * The transport settings a connection configuration implies, in the SPI's terms.
     *
     * @param config       the connection's configuration.
     * @param errorHandler told about asynchronous faults.
     * @return the settings every transport of the connection is connected with.
     */
    public static TransportContext transportContext(
        final ConnectionConfig config, final Consumer<TransportException> errorHandler)
    {
        return new TransportContext()
            .embeddedDriver(config.embeddedDriver())
            .driverDirectory(config.aeronDir())
            .threadingMode(config.threading())
            .idleStrategy(config.idle())
            .driverTimeout(config.driverTimeout())
            .termLength(config.termLength())
            .mtu(config.mtu())
            .errorHandler(errorHandler)
            .option("rdmaVerbs", config.rdmaVerbs().optionValue());
    }
}
