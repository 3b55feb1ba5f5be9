package io.wirespeed.driver;

import io.aeron.driver.MediaDriver;
import io.wirespeed.transport.TransportException;
import io.wirespeed.transport.aeron.AeronTransportConfiguration;
import io.wirespeed.transport.aeron.AeronTransportContext;
import io.wirespeed.transport.aeron.MediaDriverLauncher;
import org.agrona.concurrent.ShutdownSignalBarrier;
import sun.misc.Signal;
import sun.misc.SignalHandler;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import java.util.Properties;

/**
 * The external media driver process: an Aeron media driver configured with the same
 * {@code wirespeed.driver.*} vocabulary as {@link AeronTransportContext}, from properties files named
 * as arguments and then system properties, which take precedence. Applications on this host use it
 * with {@code wirespeed.driver.embedded=false} and the same {@code wirespeed.driver.dir}.
 * <p>
 * It also hosts the queues of the clients that use it (see {@link QueueHosting}).
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
        final AeronTransportContext config;
        try
        {
            config = configure(args, System.getProperties());
        }
        catch (final TransportException ex)
        {
            System.err.println("wirespeed-driver: " + ex.getMessage());
            System.exit(EXIT_CANNOT_START);
            return;
        }

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

            final QueueHosting hosting;
            try
            {
                hosting = QueueHosting.start(config, System.getProperties());
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
        System.out.println("wirespeed-driver stopped");
    }

    /**
     * Reads the driver's configuration: the named properties files in order, then the
     * {@code wirespeed.driver.*} system properties. The directory defaults to Aeron's default
     * ({@code aeron.dir}, else {@code /dev/shm/aeron-<user>}), where external clients look by default.
     *
     * @param files            paths of properties files.
     * @param systemProperties the system properties.
     * @return the configuration.
     * @throws TransportException if a file cannot be read or a setting is invalid.
     */
    public static AeronTransportContext configure(final String[] files, final Properties systemProperties)
    {
        final Properties merged = new Properties();
        for (final String file : files)
        {
            final Path path = Paths.get(file);
            try (InputStream in = Files.newInputStream(path))
            {
                merged.load(in);
            }
            catch (final IOException ex)
            {
                throw new TransportException(
                    "cannot read the properties file " + path.toAbsolutePath() + ": " + ex, ex);
            }
        }
        for (final Map.Entry<Object, Object> entry : systemProperties.entrySet())
        {
            if (String.valueOf(entry.getKey()).startsWith(AeronTransportConfiguration.PROPERTY_PREFIX))
            {
                merged.put(entry.getKey(), entry.getValue());
            }
        }
        return new AeronTransportContext().properties(merged).embedded(false).conclude();
    }
}
