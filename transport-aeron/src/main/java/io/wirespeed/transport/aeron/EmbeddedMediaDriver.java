package io.wirespeed.transport.aeron;

import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.wirespeed.transport.TransportException;

import java.util.HashMap;
import java.util.Map;

/**
 * A share of the media driver that runs in this JVM for one directory. This class is the one owner of the JVM's
 * embedded drivers: it keeps the running ones by their {@link DriverDirectory}, each with the count of its shares,
 * so that every transport of the JVM on one directory (the Wirespeed runtimes' and the queue host's beside the
 * driver) uses one driver. The first share starts the driver; closing the last share stops it (joining its threads
 * and, by default, deleting its directory); there is no other way to stop one, and no shutdown hook here: whoever
 * holds a share closes it (the provider's {@code WirespeedRuntime} does at JVM exit). Later shares use the running
 * driver as the first configuration started it: its idle strategy, default term length and MTU, and client liveness
 * timeout are the first share's; a later share that asks for another threading mode, which only the driver has, is
 * refused. Its threads are daemon threads: the driver serves the application's connections and never keeps its JVM
 * alive. Before the first driver of a per-process directory starts, the directories such drivers of dead processes
 * left behind are removed ({@link StaleDriverDirectories}).
 */
final class EmbeddedMediaDriver implements AutoCloseable
{
    private static final Map<DriverDirectory, Running> DRIVERS = new HashMap<>();

    private final DriverDirectory key;
    private final Running running;
    private boolean closed;

    private EmbeddedMediaDriver(final DriverDirectory key, final Running running)
    {
        this.key = key;
        this.running = running;
    }

    /**
     * Takes a share of the driver at the configured directory, starting it if this JVM runs none there.
     *
     * @param config the configuration; only the first share's configuration starts the driver.
     * @return the share, to be closed when no longer needed.
     * @throws TransportException if the driver cannot start, or runs with another threading mode than the
     *                            configuration asks for.
     */
    static EmbeddedMediaDriver acquire(final AeronTransportContext config)
    {
        final DriverDirectory key = DriverDirectory.of(config.directory());
        synchronized (DRIVERS)
        {
            Running running = DRIVERS.get(key);
            if (null != running)
            {
                checkThreading(running, config, key);
                running.shares++;
            }
            else
            {
                StaleDriverDirectories.removeBeside(key.toString(), config.timeout().toMillis());
                running = new Running(
                    MediaDriverLauncher.launch(config, DaemonThreadFactory.INSTANCE), config.threadingMode());
                DRIVERS.put(key, running);
            }
            return new EmbeddedMediaDriver(key, running);
        }
    }

    private static void checkThreading(
        final Running running, final AeronTransportContext config, final DriverDirectory key)
    {
        if (running.threadingMode != config.threadingMode())
        {
            throw new TransportException("the media driver embedded in this JVM at " + key + " runs with threading " +
                AeronTransportConfiguration.threadingName(running.threadingMode) +
                ", as the connection that started it asked, and this one asks for " +
                AeronTransportConfiguration.threadingName(config.threadingMode()) +
                ": a running driver keeps its threads. Give every connection of the JVM that uses this directory " +
                "the same threading, or give this one a directory of its own (aeronDir) for a driver of its own, " +
                "which shares no IPC topics and no queues with the others");
        }
    }

    /**
     * Gives the share back; the last one stops the driver. Idempotent.
     */
    @Override
    public void close()
    {
        synchronized (DRIVERS)
        {
            if (closed)
            {
                return;
            }
            closed = true;
            if (--running.shares == 0 && DRIVERS.get(key) == running)
            {
                DRIVERS.remove(key);
                running.driver.close();
            }
        }
    }

    private static final class Running
    {
        private final MediaDriver driver;
        private final ThreadingMode threadingMode;
        private int shares = 1;

        private Running(final MediaDriver driver, final ThreadingMode threadingMode)
        {
            this.driver = driver;
            this.threadingMode = threadingMode;
        }
    }
}
