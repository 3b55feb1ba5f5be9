package io.wirespeed.transport.aeron;

import io.aeron.CommonContext;
import io.aeron.driver.MediaDriver;
import io.aeron.exceptions.AeronException;
import io.wirespeed.transport.IdleStrategyKind;
import io.wirespeed.transport.TransportException;

import java.io.File;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * Starts an Aeron media driver from an {@link AeronTransportConfig}: checks the directory first,
 * refuses to start over a live driver, and turns Aeron's start-up failures into
 * {@link TransportException}s that name the setting to change. Used by the embedded driver and by
 * the external driver process alike, so that both read the same vocabulary.
 */
public final class MediaDriverLauncher
{
    private MediaDriverLauncher()
    {
    }

    /**
     * Builds the Aeron driver context the configuration describes, without starting anything.
     *
     * @param config the configuration.
     * @return a new, unconcluded driver context.
     */
    public static MediaDriver.Context newContext(final AeronTransportConfig config)
    {
        final IdleStrategyKind idle = config.idleStrategy();
        final long timeoutMs = config.timeout().toMillis();
        return new MediaDriver.Context()
            .aeronDirectoryName(config.directory())
            .threadingMode(config.threadingMode())
            .sharedIdleStrategy(idle.newIdleStrategy())
            .sharedNetworkIdleStrategy(idle.newIdleStrategy())
            .conductorIdleStrategy(idle.newIdleStrategy())
            .senderIdleStrategy(idle.newIdleStrategy())
            .receiverIdleStrategy(idle.newIdleStrategy())
            .publicationTermBufferLength(config.termLength())
            .ipcTermBufferLength(config.termLength())
            .mtuLength(config.mtu())
            .publicationConnectionTimeoutNs(config.publicationConnectionTimeout().toNanos())
            .driverTimeoutMs(timeoutMs)
            .clientLivenessTimeoutNs(TimeUnit.MILLISECONDS.toNanos(timeoutMs))
            .dirDeleteOnStart(config.deleteDirOnStart())
            .dirDeleteOnShutdown(config.deleteDirOnStop())
            .warnIfDirectoryExists(false);
    }

    /**
     * Starts a media driver in this JVM as the configuration describes.
     *
     * @param config the configuration; its directory must not hold a live driver.
     * @return the running driver; closing it stops its threads and, if configured, deletes its directory.
     * @throws TransportException if the directory is unusable, a driver already runs there, or Aeron refuses
     *                            a setting.
     */
    public static MediaDriver launch(final AeronTransportConfig config)
    {
        return launch(config, null);
    }

    /**
     * Starts a media driver in this JVM as the configuration describes, its threads made by a factory.
     *
     * @param config  the configuration; its directory must not hold a live driver.
     * @param threads makes the driver's threads, or null for Aeron's (non-daemon) default.
     * @return the running driver; closing it stops its threads and, if configured, deletes its directory.
     * @throws TransportException if the directory is unusable, a driver already runs there, or Aeron refuses
     *                            a setting.
     */
    public static MediaDriver launch(final AeronTransportConfig config, final ThreadFactory threads)
    {
        final String directory = config.directory();
        final MediaDriver.Context context = newContext(config);
        if (threads != null)
        {
            context.conductorThreadFactory(threads).senderThreadFactory(threads).receiverThreadFactory(threads)
                .sharedThreadFactory(threads).sharedNetworkThreadFactory(threads).asyncExecutorThreadFactory(threads);
        }
        DriverDirectoryCheck.check(
            directory, config.termLength(), DriverDirectoryCheck.controlFilesLength(context));
        if (CommonContext.isDriverActive(new File(directory), config.timeout().toMillis(), (message) -> {}))
        {
            throw new TransportException(
                "a media driver is already running at " + directory + ": to share it set " +
                AeronTransportConfig.EMBEDDED_PROP + "=false, or give this driver another " +
                AeronTransportConfig.DIR_PROP);
        }

        try
        {
            return MediaDriver.launch(context);
        }
        catch (final AeronException | IllegalArgumentException | IllegalStateException ex)
        {
            throw new TransportException(
                "the media driver could not start at " + directory + " with " + config + ": " + ex.getMessage() +
                "; check " + AeronTransportConfig.DIR_PROP + " and the settings named above", ex);
        }
    }
}
