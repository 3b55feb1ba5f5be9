package io.wirespeed.driver;

import io.aeron.driver.MediaDriver;
import io.wirespeed.transport.TransportException;
import io.wirespeed.transport.aeron.AeronTransportContext;
import io.wirespeed.transport.aeron.MediaDriverLauncher;
import org.agrona.concurrent.ShutdownSignalBarrier;
import sun.misc.Signal;
import sun.misc.SignalHandler;

import java.util.Properties;

/**
 * The external media driver process: an Aeron media driver configured with the same
 * {@code wirespeed.driver.*} vocabulary as {@link AeronTransportContext}, with its queue host
 * ({@code wirespeed.host.*}, {@code wirespeed.queue.host}) and archive ({@code wirespeed.archive.*}), all from one
 * source: the properties files named as arguments, then the system properties, which win
 * ({@link DriverSettings}). An unknown {@code wirespeed.*} name or an invalid value stops it before it starts. At
 * start it prints each effective setting that differs from its default, and the archive's directory.
 * Applications on this host use it with {@code driver=external} and the same directory.
 * <p>
 * It also hosts the queues of the clients that use it (see {@link QueueHosting}); or, with
 * {@code wirespeed.cluster.members} and {@code wirespeed.cluster.memberId}, it is one member of a clustered queue
 * host instead ({@link ClusterHosting}), and the single queue host does not run.
 * <p>
 * Prints one line with its directory and settings once running; stops cleanly, deleting its
 * directory by default, on SIGTERM or Ctrl-C, and then exits with status 0. Exits with status 1 and
 * a message naming the setting to change if it cannot start, and with status 1 and the reason on any fatal error
 * later or elsewhere (an exception nobody caught, an {@link Error} such as OutOfMemoryError in any of its threads,
 * the driver's agents included), so that it never lingers half alive, deaf to SIGTERM.
 */
public final class WirespeedMediaDriver
{
    /** Exit status when the configuration or environment does not allow the driver to start. */
    public static final int EXIT_CANNOT_START = 1;
    /** Exit status after a fatal error, at start or later. */
    public static final int EXIT_FATAL_ERROR = 1;
    /** Heap kept back so that the reason of an OutOfMemoryError can still be printed once it is let go. */
    private static volatile byte[] reserve = new byte[1024 * 1024];

    private WirespeedMediaDriver()
    {
    }

    /**
     * Runs the driver until SIGTERM or SIGINT.
     *
     * @param args paths of properties files, applied in order.
     */
    public static void main(final String[] args)
    {
        Thread.setDefaultUncaughtExceptionHandler(WirespeedMediaDriver::fatal);
        try
        {
            run(args);
        }
        catch (final Throwable ex)
        {
            fatal(Thread.currentThread(), ex);
        }
    }

    /**
     * Ends the process at once with {@link #EXIT_FATAL_ERROR}, saying why: nothing is left to run that could.
     *
     * @param thread the thread that failed.
     * @param error  what it failed with.
     */
    static void fatal(final Thread thread, final Throwable error)
    {
        reserve = null;
        try
        {
            System.err.println("wirespeed-driver: fatal error in thread " + thread.getName() + ": " + error);
            System.err.flush();
            error.printStackTrace(System.err);
            System.err.flush();
        }
        finally
        {
            Runtime.getRuntime().halt(EXIT_FATAL_ERROR);
        }
    }

    /**
     * Ends the process with {@link #EXIT_CANNOT_START} and the reason, once the signal barrier is set up: without its
     * shutdown hooks (as {@link #fatal} does), because the barrier's hook waits for the barrier to close, which
     * {@code System.exit} inside its scope would wait for in turn. What was started is closed by the caller first.
     *
     * @param ex why it cannot start.
     */
    private static void cannotStart(final TransportException ex)
    {
        System.err.println("wirespeed-driver: " + ex.getMessage());
        System.err.flush();
        Runtime.getRuntime().halt(EXIT_CANNOT_START);
    }

    private static void run(final String[] args)
    {
        final DriverSettings settings;
        try
        {
            settings = DriverSettings.read(args, System.getProperties());
        }
        catch (final TransportException ex)
        {
            System.err.println("wirespeed-driver: " + ex.getMessage());
            System.exit(EXIT_CANNOT_START);
            return;
        }
        passToAeron(settings);
        for (final String line : settings.startLines())
        {
            System.out.println("wirespeed-driver " + line);
        }
        System.out.flush();
        final AeronTransportContext config = settings.driver();

        try (ShutdownSignalBarrier barrier = new ShutdownSignalBarrier())
        {
            final SignalHandler signalBarrier = (signal) -> barrier.signal();
            Signal.handle(new Signal("TERM"), signalBarrier);
            Signal.handle(new Signal("INT"), signalBarrier);

            final MediaDriver driver;
            try
            {
                driver = MediaDriverLauncher.launch(config, null, (error) -> fatal(Thread.currentThread(), error));
            }
            catch (final TransportException ex)
            {
                cannotStart(ex);
                return;
            }

            if (settings.clusterMember())
            {
                runMember(settings, config, driver, barrier);
            }
            else
            {
                runQueueHost(settings, config, driver, barrier);
            }
        }
        System.out.println("wirespeed-driver stopped");
    }

    private static void runQueueHost(final DriverSettings settings, final AeronTransportContext config,
        final MediaDriver driver, final ShutdownSignalBarrier barrier)
    {
        final QueueHosting hosting;
        try
        {
            hosting = QueueHosting.start(settings);
        }
        catch (final TransportException ex)
        {
            driver.close();
            cannotStart(ex);
            return;
        }
        try (driver; QueueHosting queues = hosting)
        {
            System.out.println("wirespeed-driver running pid=" + ProcessHandle.current().pid() + " " + config +
                " queue-host=" + queues.isRunning() + (queues.isRunning() ? queues.describe() : "") +
                (queues.archive() == null ? " archive=false" : " archive=true " + queues.archive()));
            System.out.flush();
            barrier.await();
        }
    }

    /**
     * Runs a member of the clustered queue host beside the driver, until SIGTERM or SIGINT. An error the member
     * reports ends the process ({@link #fatal}), but for Aeron's warnings, which are logged, and the cluster's own
     * orderly termination, which stops it as SIGTERM does.
     */
    private static void runMember(final DriverSettings settings, final AeronTransportContext config,
        final MediaDriver driver, final ShutdownSignalBarrier barrier)
    {
        final ClusterHosting hosting;
        try
        {
            hosting = ClusterHosting.start(settings, (error) -> onMemberError(error, barrier));
        }
        catch (final TransportException ex)
        {
            driver.close();
            cannotStart(ex);
            return;
        }
        try (driver; ClusterHosting member = hosting)
        {
            System.out.println("wirespeed-driver running pid=" + ProcessHandle.current().pid() + " " + config +
                member.describe());
            System.out.flush();
            barrier.await();
        }
    }

    private static void onMemberError(final Throwable error, final ShutdownSignalBarrier barrier)
    {
        if (ClusterHosting.isWarning(error))
        {
            System.err.println("wirespeed-driver: cluster member warning: " + error);
            System.err.flush();
        }
        else if (ClusterHosting.isRefusedRequest(error))
        {
            System.err.println("wirespeed-driver: cluster member error, a request of its own refused by its driver " +
                "(the part that asked is told and goes on): " + error);
            System.err.flush();
        }
        else if (ClusterHosting.isExpectedTermination(error))
        {
            System.out.println("wirespeed-driver: the cluster terminated this member; stopping");
            System.out.flush();
            barrier.signal();
        }
        else
        {
            fatal(Thread.currentThread(), error);
        }
    }

    /**
     * Makes the files' other settings ({@code aeron.*}, an authenticator's own) system properties, as if given with
     * {@code -D}, where no system property gives them already: Aeron reads its own settings from there.
     *
     * @param settings the driver's settings.
     */
    private static void passToAeron(final DriverSettings settings)
    {
        final Properties properties = settings.properties();
        for (final String key : properties.stringPropertyNames())
        {
            if (!key.startsWith("wirespeed.") && null == System.getProperty(key))
            {
                System.setProperty(key, properties.getProperty(key));
            }
        }
    }

    /**
     * Reads the media driver's configuration as the process does: the named properties files in order, then the
     * system properties, which win, every {@code wirespeed.*} name known and every value valid
     * ({@code wirespeed.archive.*} and {@code wirespeed.host.*} included). The directory defaults to Aeron's default
     * ({@code aeron.dir}, else {@code /dev/shm/aeron-<user>}), where external clients look by default.
     *
     * @param files            paths of properties files.
     * @param systemProperties the system properties.
     * @return the media driver's configuration.
     * @throws TransportException if a file cannot be read, a {@code wirespeed.*} name is unknown or a setting is
     *                            invalid.
     */
    public static AeronTransportContext configure(final String[] files, final Properties systemProperties)
    {
        return DriverSettings.read(files, systemProperties).driver();
    }
}
