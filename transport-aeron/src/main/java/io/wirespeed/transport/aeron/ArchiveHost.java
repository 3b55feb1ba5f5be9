package io.wirespeed.transport.aeron;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import io.aeron.archive.Archive;
import io.aeron.archive.ArchiveThreadingMode;
import io.aeron.archive.client.AeronArchive;
import io.aeron.exceptions.AeronException;
import io.wirespeed.transport.ArchiveConfig;
import io.wirespeed.transport.IdleStrategyKind;
import io.wirespeed.transport.TransportException;
import org.agrona.CloseHelper;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.SleepingMillisIdleStrategy;

/**
 * An Aeron Archive running in this JVM beside a media driver (the embedded one, or the driver
 * process's own), with the retention policy of its {@link ArchiveConfig} applied by a background
 * agent. Clients in this JVM and in other processes on the driver reach it over IPC on
 * {@link #CONTROL_CHANNEL}; the queue host records streams and replays them through it.
 */
public final class ArchiveHost implements AutoCloseable
{
    /** The archive's control channel: IPC of the driver it runs beside. */
    public static final String CONTROL_CHANNEL = "aeron:ipc?term-length=64k";
    /** The archive's control request stream. */
    public static final int CONTROL_STREAM = 0x0F30_0001;
    /** The first of the streams clients receive control responses on. */
    static final int RESPONSE_STREAM_BASE = 0x0F30_0100;
    private static final AtomicInteger RESPONSE_STREAMS = new AtomicInteger();
    /** How long a start waits for the mark file of a killed archive to go stale (Aeron: its 10 s driver timeout). */
    private static final long STALE_MARK_FILE_WAIT_NS = 12_000_000_000L;
    private static final System.Logger LOGGER = System.getLogger(ArchiveHost.class.getName());

    private final ArchiveConfig config;
    private final String aeronDirectory;
    private final Archive archive;
    private final ArchiveRetention retention;
    private final AgentRunner retentionRunner;

    private ArchiveHost(
        final ArchiveConfig config, final String aeronDirectory, final Archive archive,
        final ArchiveRetention retention, final ThreadFactory threads)
    {
        this.config = config;
        this.aeronDirectory = aeronDirectory;
        this.archive = archive;
        this.retention = retention;
        this.retentionRunner = new AgentRunner(new SleepingMillisIdleStrategy(100),
            (error) -> LOGGER.log(System.Logger.Level.WARNING, "archive retention failed: " + error, error), null,
            retention);
        if (threads != null)
        {
            AgentRunner.startOnThread(retentionRunner, threads);
        }
        else
        {
            AgentRunner.startOnThread(retentionRunner);
        }
    }

    /**
     * Says where an archive records, and whether that is the default directory, which depends on how the JVM was
     * started (its jar's path, or its main class and working directory): an application started another way finds
     * none of its durable subscriptions and queues there.
     *
     * @param directory the archive's directory.
     * @return the line logged at INFO when the archive starts.
     */
    static String describe(final Path directory)
    {
        final Path absolute = directory.toAbsolutePath().normalize();
        if (absolute.equals(ArchiveConfig.defaultDirectory().toAbsolutePath().normalize()))
        {
            return "archive directory " + absolute + " (the default, named after this JVM's jar or main class and " +
                "working directory: set archiveDir, or " + ArchiveConfig.DIR_PROP + " for a driver process, to keep " +
                "durable subscriptions and queues however the application is started)";
        }
        return "archive directory " + absolute;
    }

    /**
     * Starts an archive beside the media driver at a directory.
     *
     * @param aeronDirectory the running media driver's directory.
     * @param config         the archive's settings.
     * @param idle           the idle strategy of the archive's thread.
     * @return the running archive.
     * @throws TransportException naming the setting to change if it cannot start.
     */
    public static ArchiveHost launch(
        final String aeronDirectory, final ArchiveConfig config, final IdleStrategyKind idle)
    {
        return launch(aeronDirectory, config, idle, null);
    }

    /**
     * Starts an archive beside the media driver at a directory, its threads made by a factory.
     *
     * @param aeronDirectory the running media driver's directory.
     * @param config         the archive's settings.
     * @param idle           the idle strategy of the archive's thread.
     * @param threads        makes the archive's threads, or null for Aeron's (non-daemon) default.
     * @return the running archive.
     * @throws TransportException naming the setting to change if it cannot start.
     */
    public static ArchiveHost launch(
        final String aeronDirectory, final ArchiveConfig config, final IdleStrategyKind idle,
        final ThreadFactory threads)
    {
        final File directory = config.directory().toFile();
        final String group = DirectoryPermissions.groupOf(Paths.get(aeronDirectory));
        try
        {
            Files.createDirectories(config.directory());
            DirectoryPermissions.restrict(config.directory(), group);
        }
        catch (final IOException ex)
        {
            throw new TransportException("cannot create the archive directory " + directory + " (" +
                ArchiveConfig.DIR_PROP + " / archiveDir): " + ex, ex);
        }
        // an archive killed without closing leaves its mark file looking alive until it times out: not if its
        // process has gone
        DeadProcessFiles.removeDeadArchivesMarkFile(directory);
        final long deadline = System.nanoTime() + STALE_MARK_FILE_WAIT_NS;
        while (true)
        {
            final Archive.Context context = context(aeronDirectory, config, idle);
            if (threads != null)
            {
                context.threadFactory(threads).recorderThreadFactory(threads).replayerThreadFactory(threads);
            }
            try
            {
                final Archive archive = Archive.launch(context);
                DirectoryPermissions.restrict(config.directory(), group);
                LOGGER.log(System.Logger.Level.INFO, describe(config.directory()));
                return new ArchiveHost(config, aeronDirectory, archive, new ArchiveRetention(aeronDirectory, config,
                    threads), threads);
            }
            catch (final AeronException | IllegalStateException | IllegalArgumentException ex)
            {
                context.close();
                final String reason = String.valueOf(ex.getMessage());
                if (reason.contains("active mark file") && System.nanoTime() - deadline < 0)
                {
                    // An archive killed without closing leaves its mark file looking alive until it times out.
                    LockSupport.parkNanos(200_000_000L);
                    continue;
                }
                throw new TransportException("the archive could not start in " + directory + ": " + reason +
                    "; another archive may be using that directory: give this one another " + ArchiveConfig.DIR_PROP +
                    " (archiveDir), or stop the other", ex);
            }
        }
    }

    private static Archive.Context context(
        final String aeronDirectory, final ArchiveConfig config, final IdleStrategyKind idle)
    {
        return new Archive.Context()
            .aeronDirectoryName(aeronDirectory)
            .archiveDir(config.directory().toFile())
            .segmentFileLength(config.segmentLength())
            .lowStorageSpaceThreshold(config.minFree())
            .fileSyncLevel(config.fileSync())
            .catalogFileSyncLevel(config.fileSync())
            .threadingMode(ArchiveThreadingMode.SHARED)
            .idleStrategySupplier(idle::newIdleStrategy)
            .controlChannelEnabled(false)
            .localControlChannel(CONTROL_CHANNEL)
            .localControlStreamId(CONTROL_STREAM)
            .recordingEventsEnabled(false)
            .replicationChannel("aeron:udp?endpoint=localhost:0")
            .archiveClientContext(clientContext())
            .deleteArchiveOnStart(false)
            .errorHandler((error) -> LOGGER.log(System.Logger.Level.WARNING, "archive error: " + error));
    }

    /**
     * A context for a client of the archive beside the driver at a directory, on a control response
     * stream of its own.
     *
     * @return the client context; the caller sets the Aeron client or directory.
     */
    public static AeronArchive.Context clientContext()
    {
        return new AeronArchive.Context()
            .controlRequestChannel(CONTROL_CHANNEL)
            .controlRequestStreamId(CONTROL_STREAM)
            .controlResponseChannel(CONTROL_CHANNEL)
            .controlResponseStreamId(RESPONSE_STREAM_BASE + (int)(ProcessHandle.current().pid() % 1000) * 64 +
                (RESPONSE_STREAMS.getAndIncrement() & 63));
    }

    /** @return the archive's settings. */
    public ArchiveConfig config()
    {
        return config;
    }

    /** @return the directory of the media driver this archive runs beside. */
    public String aeronDirectory()
    {
        return aeronDirectory;
    }

    /**
     * Applies the retention policy now, from the calling thread, instead of waiting for the agent.
     *
     * @return how many segment files were purged.
     */
    public int applyRetention()
    {
        return retention.applyNow();
    }

    /**
     * Applies the retention policy when it is due (every few seconds), from the calling thread, which
     * owns replays of this archive's recordings: the gate stops them before a recording they read is
     * purged (Aeron Archive refuses to purge a recording being replayed). From the first call on, the
     * retention agent leaves retention to the caller, which should call this from its duty cycle.
     * A failure is logged ("archive retention failed") and retried at the next check.
     *
     * @param gate stops the caller's replays of a recording about to be purged.
     * @return how many segment files were purged.
     */
    public int applyRetentionIfDue(final ReplayGate gate)
    {
        try
        {
            return retention.applyIfDue(gate);
        }
        catch (final RuntimeException ex)
        {
            LOGGER.log(System.Logger.Level.WARNING, "archive retention failed: " + ex, ex);
            return 0;
        }
    }

    /** Stops the retention agent and the archive, joining their threads. Idempotent. */
    @Override
    public void close()
    {
        CloseHelper.closeAll(retentionRunner, archive);
    }
}
