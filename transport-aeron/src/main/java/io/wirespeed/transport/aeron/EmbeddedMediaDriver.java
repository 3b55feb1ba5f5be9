package io.wirespeed.transport.aeron;

import io.aeron.driver.MediaDriver;

import java.nio.file.Paths;
import java.util.HashMap;
import java.util.Map;

/**
 * A share of the media driver that runs in this JVM for one directory. The first share starts the
 * driver; closing the last share stops it (joining its threads and, by default, deleting its
 * directory). Later shares use the running driver as the first configuration started it. Its threads
 * are daemon threads: the driver serves the application's connections and never keeps its JVM alive.
 */
final class EmbeddedMediaDriver implements AutoCloseable
{
    private static final Map<String, Running> DRIVERS = new HashMap<>();

    private final String key;
    private boolean closed;

    private EmbeddedMediaDriver(final String key)
    {
        this.key = key;
    }

    /**
     * Takes a share of the driver at the configured directory, starting it if this JVM runs none there.
     *
     * @param config the configuration; only the first share's configuration starts the driver.
     * @return the share, to be closed when no longer needed.
     */
    static EmbeddedMediaDriver acquire(final AeronTransportContext config)
    {
        final String key = Paths.get(config.directory()).toAbsolutePath().normalize().toString();
        synchronized (DRIVERS)
        {
            final Running running = DRIVERS.get(key);
            if (null != running)
            {
                running.shares++;
            }
            else
            {
                DRIVERS.put(key, new Running(MediaDriverLauncher.launch(config, DaemonThreadFactory.INSTANCE)));
            }
        }
        return new EmbeddedMediaDriver(key);
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
            final Running running = DRIVERS.get(key);
            if (--running.shares == 0)
            {
                DRIVERS.remove(key);
                running.driver.close();
            }
        }
    }

    private static final class Running
    {
        private final MediaDriver driver;
        private int shares = 1;

        private Running(final MediaDriver driver)
        {
            this.driver = driver;
        }
    }
}
