package io.wirespeed.bench.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import io.wirespeed.bench.peer.Peers;
import io.wirespeed.bench.peer.PingPongPeer;
import io.wirespeed.bench.rig.LatencyRun;
import io.wirespeed.bench.rig.Points;
import io.wirespeed.bench.rig.RunProfile;

/**
 * S1, S4, S5 and S9: the reflector. For each message size, a ping-pong (one in flight, the unloaded
 * round trip) when asked, then each target rate with latency from the intended send time.
 */
public final class ReflectorScenario
{
    /** S4's message sizes: 001's from 32 bytes, then on to 64 KiB. */
    public static final int[] S4_SIZES = {32, 64, 128, 256, 400, 800, 1024, 1472, 2048, 4096, 16384, 65536};

    /** The largest payload of one UDP datagram over IPv4. */
    public static final int MAX_UDP_DATAGRAM = 65_507;

    /** S4's warm-up per size in the short suite, seconds. */
    public static final double S4_SHORT_WARMUP = 0.2;

    /** S4's measured time per size in the short suite, seconds. */
    public static final double S4_SHORT_MEASURE = 0.8;

    /** The unrecorded ping-pong before S4's first size in the short suite, seconds. */
    public static final double S4_JIT_SECONDS = 1.5;

    /**
     * How many times the profile's warm-up S1's and S9's ping-pong may warm up while the JIT compiler is still busy
     * (at most {@link LatencyRun#WARM_MAX_SECONDS}): their p50 and p99.9 are the targets' against raw Aeron, and in
     * the short profile's half second a provider's compiling (C2 taking a core of two for a second or more) was
     * what they measured: Wirespeed over UDP p99.9 1.6-3.0 ms in six runs, 35 µs after a 5 s warm-up.
     */
    public static final double PING_PONG_WARMUP_FACTOR = 10;

    /** How a pair's ping-pong point warms up. */
    private enum PingPong
    {
        /** No ping-pong point. */
        NONE,
        /** The profile's warm-up. */
        BRIEF,
        /** Until the JIT compiler is quiet, within {@link #PING_PONG_WARMUP_FACTOR} times the profile's warm-up. */
        WARM
    }

    private ReflectorScenario()
    {
    }

    /**
     * S1: 45-byte messages, ping-pong then 10k, 100k, 250k msg/s (long: 10k to 1M).
     *
     * @param peer    the peer's name.
     * @param profile the run's profile.
     * @param sink    takes each point as it is measured.
     * @throws Exception if the peer fails.
     */
    public static void s1(final String peer, final RunProfile profile, final Consumer<Map<String, Object>> sink)
        throws Exception
    {
        final double[] rates = profile.longRun() ?
            new double[]{10_000, 50_000, 100_000, 250_000, 500_000, 1_000_000} :
            new double[]{10_000, 100_000, 250_000};
        run("S1", peer, profile, new int[]{45}, rates, PingPong.WARM, false, sink);
    }

    /**
     * S5: 64 and 800-byte messages at 10k, 100k, 250k msg/s (long: 10k, 125k, 250k, 500k, 1M).
     *
     * @param peer    the peer's name.
     * @param profile the run's profile.
     * @param sink    takes each point as it is measured.
     * @throws Exception if the peer fails.
     */
    public static void s5(final String peer, final RunProfile profile, final Consumer<Map<String, Object>> sink)
        throws Exception
    {
        final double[] rates = profile.longRun() ?
            new double[]{10_000, 125_000, 250_000, 500_000, 1_000_000} :
            new double[]{10_000, 100_000, 250_000};
        run("S5", peer, profile, new int[]{64, 800}, rates, PingPong.NONE, false, sink);
    }

    /**
     * S4: latency vs message size, ping-pong (one message in flight) at 001's sizes from 32 bytes (32, 64, 128, 256,
     * 400, 800, 1024, 1472, 2048) and on to 64 KiB (4096, 16384, 65536); the kernel's UDP stops at its largest
     * datagram (65,507 bytes). The short suite measures each size briefly ({@link #S4_SHORT_WARMUP} s warm-up,
     * {@link #S4_SHORT_MEASURE} s measured).
     *
     * @param peer    the peer's name.
     * @param profile the run's profile.
     * @param sink    takes each point as it is measured.
     * @throws Exception if the peer fails.
     */
    public static void s4(final String peer, final RunProfile profile, final Consumer<Map<String, Object>> sink)
        throws Exception
    {
        final List<Integer> sizes = new ArrayList<>();
        for (final int size : S4_SIZES)
        {
            if (!peer.startsWith(Peers.KERNEL_UDP) || size <= MAX_UDP_DATAGRAM)
            {
                sizes.add(size);
            }
        }
        final RunProfile brief = profile.longRun() ? profile : profile.withDurations(S4_SHORT_WARMUP, S4_SHORT_MEASURE);
        run("S4", peer, brief, sizes.stream().mapToInt(Integer::intValue).toArray(), new double[0], PingPong.BRIEF,
            !profile.longRun(), sink);
    }

    /**
     * S9: UDP half-RTT percentiles at 70 bytes (ping-pong: min, p50, mean, p95, p99 as 004 reports them), then the
     * rate achieved against target rates up to 004's 3M msg/s: 100k, 1M, 3M (long: 100k, 250k, 500k, 1M, 2M, 3M).
     *
     * @param peer    a UDP peer's name.
     * @param profile the run's profile.
     * @param sink    takes each point as it is measured.
     * @throws Exception if the peer fails.
     */
    public static void s9(final String peer, final RunProfile profile, final Consumer<Map<String, Object>> sink)
        throws Exception
    {
        final double[] rates = profile.longRun() ?
            new double[]{100_000, 250_000, 500_000, 1_000_000, 2_000_000, 3_000_000} :
            new double[]{100_000, 1_000_000, 3_000_000};
        run("S9", peer, profile, new int[]{70}, rates, PingPong.WARM, false, sink);
    }

    private static void run(
        final String scenario,
        final String peer,
        final RunProfile profile,
        final int[] sizes,
        final double[] rates,
        final PingPong pingPong,
        final boolean jitPass,
        final Consumer<Map<String, Object>> sink) throws Exception
    {
        try (PeerRuns runs = new PeerRuns(peer, profile))
        {
            if (jitPass)
            {
                // An unrecorded pass first: S4's brief warm-up per size would leave JIT to its first sizes.
                try (PingPongPeer jit = runs.pingPong(scenario))
                {
                    new LatencyRun(jit, sizes[0], profile.withDurations(S4_JIT_SECONDS, 0)).pingPong();
                }
            }
            for (final int size : sizes)
            {
                try (PingPongPeer pair = runs.pingPong(scenario))
                {
                    final LatencyRun run = new LatencyRun(pair, size, profile);
                    final List<Map<String, Object>> points = new ArrayList<>();
                    if (PingPong.NONE != pingPong)
                    {
                        final Map<String, Object> point = Points.of(scenario, peer, pair.settings(), profile);
                        point.putAll(PingPong.WARM == pingPong ? run.pingPongWarm(Math.min(
                            LatencyRun.WARM_MAX_SECONDS, PING_PONG_WARMUP_FACTOR * profile.warmupSeconds())) :
                            run.pingPong());
                        Progress.print(point, size + " B ping-pong");
                        points.add(point);
                        sink.accept(point);
                    }
                    for (final double rate : rates)
                    {
                        final Map<String, Object> point = Points.of(scenario, peer, pair.settings(), profile);
                        point.put("messageSize", size);
                        point.put("targetRate", rate);
                        try
                        {
                            point.putAll(run.atRate(rate));
                        }
                        catch (final Exception ex)
                        {
                            // A send that fails (e.g. back-pressure beyond the provider's send timeout) ends
                            // this pair; the point says why, and the next size starts a fresh pair.
                            point.put("error", ex.toString());
                            point.put("saturated", true);
                            System.out.println(
                                "  [" + scenario + "] " + peer + " " + size + " B @ " + rate + ": " + ex);
                            sink.accept(point);
                            break;
                        }
                        Progress.print(point, String.format("%d B @ %,.0f/s", size, rate));
                        sink.accept(point);
                    }
                }
            }
        }
    }
}
