package io.wirespeed.host;

import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Warnings about input the host drops (malformed requests and envelopes), at most one line a second with a count of
 * the drops it did not describe: a client that floods the host with garbage must not make it spend its thread, or
 * the disk, on a log line per frame. Used on the host's thread only.
 */
final class DropLog
{
    private static final long INTERVAL_NS = TimeUnit.SECONDS.toNanos(1);

    private final System.Logger logger;
    private long lastNs = System.nanoTime() - INTERVAL_NS;
    private long unreported;

    /**
     * @param logger where the warnings go.
     */
    DropLog(final System.Logger logger)
    {
        this.logger = logger;
    }

    /**
     * Reports a drop: its description if no warning went out in the last second, else only a count for later.
     *
     * @param what describes the drop; called only when it is logged.
     */
    void dropped(final Supplier<String> what)
    {
        final long now = System.nanoTime();
        if (now - lastNs < INTERVAL_NS)
        {
            unreported++;
            return;
        }
        logger.log(System.Logger.Level.WARNING, unreported == 0 ? what.get() : what.get() + " (and " + unreported +
            " more dropped since the last such warning)");
        lastNs = now;
        unreported = 0;
    }
}
