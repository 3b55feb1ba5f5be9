package io.wirespeed.transport.aeron;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What happens to this JVM's embedded media drivers when the JVM exits (SIGTERM, {@code System.exit}, the last
 * thread ending): one shutdown hook runs what was registered to run before them (the hosts beside the drivers
 * close), then stops every embedded driver still running, which deletes its directory (unless configured to keep
 * it). Without it, a driver's daemon threads would die with the JVM and leave its directory behind.
 */
public final class EmbeddedDriverExit
{
    private static final System.Logger LOGGER = System.getLogger(EmbeddedDriverExit.class.getName());
    private static final List<Runnable> BEFORE_DRIVERS_STOP = new CopyOnWriteArrayList<>();
    private static boolean hookAdded;

    private EmbeddedDriverExit()
    {
    }

    /**
     * Runs an action at JVM exit before the embedded drivers stop, e.g. closing what uses them.
     *
     * @param action run once by the shutdown hook; what it throws is logged.
     */
    public static void beforeDriversStop(final Runnable action)
    {
        ensureHook();
        BEFORE_DRIVERS_STOP.add(action);
    }

    static synchronized void ensureHook()
    {
        if (!hookAdded)
        {
            Runtime.getRuntime().addShutdownHook(new Thread(EmbeddedDriverExit::run, "wirespeed-embedded-driver-exit"));
            hookAdded = true;
        }
    }

    private static void run()
    {
        for (final Runnable action : BEFORE_DRIVERS_STOP)
        {
            try
            {
                action.run();
            }
            catch (final RuntimeException ex)
            {
                LOGGER.log(System.Logger.Level.WARNING, "at JVM exit, before the embedded drivers stop: " + ex, ex);
            }
        }
        EmbeddedMediaDriver.stopAll();
    }
}
