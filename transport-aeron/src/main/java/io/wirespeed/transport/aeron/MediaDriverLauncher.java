package io.wirespeed.transport.aeron;

import io.aeron.CommonContext;
import io.aeron.driver.MediaDriver;
import io.aeron.exceptions.AeronException;
import io.wirespeed.transport.IdleStrategyKind;
import io.wirespeed.transport.TransportException;

import java.io.File;
import java.nio.file.Paths;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Starts an Aeron media driver from an {@link AeronTransportContext}: checks the directory first,
 * refuses to start over a live driver (one killed without closing is recognised by the pid its CnC file records,
 * and started over at once, {@link DeadProcessFiles}), makes its directory private ({@link DirectoryPermissions}),
 * and turns Aeron's start-up failures into {@link TransportException}s that name the setting to change. Used by the
 * embedded driver and by the external driver process alike, so that both read the same vocabulary.
 */
public final class MediaDriverLauncher
{
    private MediaDriverLauncher()
    {
    }

    /**
     * Builds the Aeron driver context the settings describe, without starting anything.
     *
     * @param context the settings; concluded here if not yet.
     * @return a new, unconcluded driver context.
     * @throws TransportException naming the first invalid setting.
     */
    public static MediaDriver.Context newContext(final AeronTransportContext context)
    {
        final AeronTransportContext config = context.conclude();
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
     * @param context the settings, concluded here if not yet; its directory must not hold a live driver.
     * @return the running driver; closing it stops its threads and, if configured, deletes its directory.
     * @throws TransportException if a setting is invalid, the directory is unusable, a driver already runs
     *                            there, or Aeron refuses a setting.
     */
    public static MediaDriver launch(final AeronTransportContext context)
    {
        return launch(context, null);
    }

    /**
     * Starts a media driver in this JVM as the configuration describes, its threads made by a factory.
     *
     * @param context the settings, concluded here if not yet; its directory must not hold a live driver.
     * @param threads makes the driver's threads, or null for Aeron's (non-daemon) default.
     * @return the running driver; closing it stops its threads and, if configured, deletes its directory.
     * @throws TransportException if a setting is invalid, the directory is unusable, a driver already runs
     *                            there, or Aeron refuses a setting.
     */
    public static MediaDriver launch(final AeronTransportContext context, final ThreadFactory threads)
    {
        return launch(context, threads, null);
    }

    /**
     * Starts a media driver in this JVM as the configuration describes, handing every {@link Error} its agents
     * meet (OutOfMemoryError, StackOverflowError) to a handler instead of letting them run on half broken.
     *
     * @param context     the settings, concluded here if not yet; its directory must not hold a live driver.
     * @param threads     makes the driver's threads, or null for Aeron's (non-daemon) default.
     * @param fatalErrors told of each Error, e.g. to end the process; null leaves Aeron's error handling alone.
     * @return the running driver; closing it stops its threads and, if configured, deletes its directory.
     * @throws TransportException if a setting is invalid, the directory is unusable, a driver already runs
     *                            there, or Aeron refuses a setting.
     */
    public static MediaDriver launch(
        final AeronTransportContext context, final ThreadFactory threads, final Consumer<Error> fatalErrors)
    {
        final AeronTransportContext config = context.conclude();
        final String directory = config.directory();
        final MediaDriver.Context driverContext = newContext(config);
        if (threads != null)
        {
            driverContext.conductorThreadFactory(threads).senderThreadFactory(threads).receiverThreadFactory(threads)
                .sharedThreadFactory(threads).sharedNetworkThreadFactory(threads).asyncExecutorThreadFactory(threads);
        }
        if (null != fatalErrors)
        {
            driverContext.errorHandler((error) ->
            {
                if (error instanceof Error)
                {
                    fatalErrors.accept((Error)error);
                }
                else
                {
                    System.err.println("media driver at " + directory + ": " + error);
                }
            });
        }
        DriverDirectoryCheck.check(
            directory, config.termLength(), DriverDirectoryCheck.controlFilesLength(driverContext));
        if (CommonContext.isDriverActive(new File(directory), config.timeout().toMillis(), (message) -> {}) &&
            DeadProcessFiles.removeDeadDriversCnc(new File(directory)) < 0)
        {
            throw new TransportException(
                "a media driver is already running at " + directory + ": to share it set " +
                AeronTransportConfiguration.EMBEDDED_PROP + "=false, or give this driver another " +
                AeronTransportConfiguration.DIR_PROP);
        }

        final MediaDriver driver;
        try
        {
            driver = MediaDriver.launch(driverContext);
        }
        catch (final AeronException | IllegalArgumentException | IllegalStateException ex)
        {
            throw new TransportException(
                "the media driver could not start at " + directory + " with " + config + ": " + ex.getMessage() +
                "; check " + AeronTransportConfiguration.DIR_PROP + " and the settings named above", ex);
        }
        try
        {
            DirectoryPermissions.restrict(Paths.get(directory), config.directoryGroup());
            DirectoryPermissions.remember(Paths.get(directory), config.directoryGroup());
        }
        catch (final TransportException ex)
        {
            driver.close();
            throw ex;
        }
        return driver;
    }
}
