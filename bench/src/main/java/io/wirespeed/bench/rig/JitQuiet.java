package io.wirespeed.bench.rig;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;

/**
 * Tells a warm-up when the JVM is warm: its minimum has passed and the JIT compiler's total compilation time has not
 * moved for a second, or its maximum has passed. On two cores a compiler thread takes a core from the threads being
 * measured, so a point measured while it still works measures the compiler. Asked from the warm-up's loop; reads
 * the compiler's clock at most every 10 ms.
 */
public final class JitQuiet
{
    private static final long QUIET_NS = TimeUnit.SECONDS.toNanos(1);
    private static final long CHECK_NS = TimeUnit.MILLISECONDS.toNanos(10);

    private final CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
    private final long startNs;
    private final long minNs;
    private final long maxNs;
    private long compiledMs = -1;
    private long quietSinceNs;
    private long checkedNs;
    private long warmAfterNs = -1;

    /**
     * @param minSeconds the shortest warm-up.
     * @param maxSeconds the longest: warm or not, the warm-up ends.
     */
    public JitQuiet(final double minSeconds, final double maxSeconds)
    {
        startNs = System.nanoTime();
        quietSinceNs = startNs;
        minNs = (long)(minSeconds * 1e9);
        maxNs = (long)(Math.max(minSeconds, maxSeconds) * 1e9);
    }

    /**
     * @return whether the warm-up may end now.
     */
    public boolean warm()
    {
        if (warmAfterNs >= 0)
        {
            return true;
        }
        final long now = System.nanoTime();
        if (now - checkedNs < CHECK_NS)
        {
            return false;
        }
        checkedNs = now;
        final long compiled = null != compiler && compiler.isCompilationTimeMonitoringSupported() ?
            compiler.getTotalCompilationTime() : 0;
        if (compiled != compiledMs)
        {
            compiledMs = compiled;
            quietSinceNs = now;
        }
        final long elapsed = now - startNs;
        if (elapsed >= minNs && (now - quietSinceNs >= QUIET_NS || elapsed >= maxNs))
        {
            warmAfterNs = elapsed;
            return true;
        }
        return false;
    }

    /**
     * @return the seconds the warm-up lasted, once {@link #warm()} said so.
     */
    public double seconds()
    {
        return warmAfterNs / 1e9;
    }

    /**
     * @return whether the compiler was quiet when the warm-up ended (false: it ended at its maximum).
     */
    public boolean settled()
    {
        return warmAfterNs >= 0 && warmAfterNs < maxNs;
    }
}
