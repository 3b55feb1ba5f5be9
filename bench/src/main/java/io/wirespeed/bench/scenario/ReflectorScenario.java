package io.wirespeed.bench.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import io.wirespeed.bench.peer.PingPongPeer;
import io.wirespeed.bench.rig.LatencyRun;
import io.wirespeed.bench.rig.Points;
import io.wirespeed.bench.rig.RunProfile;

/**
 * S1 and S5: the reflector. For each message size, a ping-pong (one in flight, the unloaded round
 * trip) when asked, then each target rate with latency from the intended send time.
 */
public final class ReflectorScenario
{
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
        run("S1", peer, profile, new int[]{45}, rates, true, sink);
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
        run("S5", peer, profile, new int[]{64, 800}, rates, false, sink);
    }

    private static void run(
        final String scenario,
        final String peer,
        final RunProfile profile,
        final int[] sizes,
        final double[] rates,
        final boolean pingPong,
        final Consumer<Map<String, Object>> sink) throws Exception
    {
        try (PeerRuns runs = new PeerRuns(peer, profile))
        {
            for (final int size : sizes)
            {
                try (PingPongPeer pair = runs.pingPong(scenario))
                {
                    final LatencyRun run = new LatencyRun(pair, size, profile);
                    final List<Map<String, Object>> points = new ArrayList<>();
                    if (pingPong)
                    {
                        final Map<String, Object> point = Points.of(scenario, peer, pair.settings(), profile);
                        point.putAll(run.pingPong());
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
