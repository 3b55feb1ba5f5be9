package io.wirespeed.bench.scenario;

import java.util.Map;
import java.util.function.Consumer;

import io.wirespeed.bench.peer.JmsPingPong;
import io.wirespeed.bench.peer.JmsTarget;
import io.wirespeed.bench.rig.LatencyRun;
import io.wirespeed.bench.rig.Points;
import io.wirespeed.bench.rig.RunProfile;

/**
 * S3: topic scalability. The S1 reflector pair is measured at a target rate while a second pair
 * loads 1, 16, 256 or 1000 other topics (long: 1, 16, 64, 256, 512, 1000) at a modest aggregate
 * rate. Publications get 1 MiB terms so that a thousand topics fit in memory.
 */
public final class TopicLoadScenario
{
    /** Rate of the measured pair, as in the paper. */
    public static final double MEASURED_RATE = 100_000;

    private TopicLoadScenario()
    {
    }

    /**
     * Measures the pair under each topic count.
     *
     * @param peer    a Wirespeed peer's name.
     * @param profile the run's profile.
     * @param sink    takes each point as it is measured.
     * @throws Exception if the peer fails.
     */
    public static void s3(final String peer, final RunProfile profile, final Consumer<Map<String, Object>> sink)
        throws Exception
    {
        final int[] counts = profile.longRun() ? new int[]{1, 16, 64, 256, 512, 1000} : new int[]{1, 16, 256, 1000};
        final double loadRate = profile.longRun() ? 100_000 : 20_000;
        try (PeerRuns runs = new PeerRuns(peer, profile))
        {
            final JmsTarget target = runs.target().withOption("termLength=1048576");
            for (final int count : counts)
            {
                try (TopicLoad load = new TopicLoad(target, "s3.load" + count, count, loadRate);
                    JmsPingPong pair = new JmsPingPong(target, "s3.pair" + count))
                {
                    final LatencyRun run = new LatencyRun(pair, 45, profile);
                    final long loadBefore = load.delivered();
                    final long start = System.nanoTime();
                    final Map<String, Object> figures = run.atRate(MEASURED_RATE);
                    final double seconds = (System.nanoTime() - start) / 1e9;
                    final Map<String, Object> point = Points.of("S3", peer, pair.settings(), profile);
                    point.put("loadedTopics", count);
                    point.put("loadTargetRate", loadRate);
                    point.put("loadDeliveredPerSec", Math.round((load.delivered() - loadBefore) / seconds));
                    point.putAll(figures);
                    Progress.print(point, String.format("%d topics loaded, 45 B @ %,.0f/s", count, MEASURED_RATE));
                    sink.accept(point);
                }
            }
        }
    }
}
