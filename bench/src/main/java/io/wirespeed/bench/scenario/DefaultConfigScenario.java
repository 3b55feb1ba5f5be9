package io.wirespeed.bench.scenario;

import java.util.Map;
import java.util.function.Consumer;

import io.wirespeed.bench.peer.JmsBlockingPingPong;
import io.wirespeed.bench.peer.JmsTarget;
import io.wirespeed.bench.peer.Peers;
import io.wirespeed.bench.peer.WirespeedTarget;
import io.wirespeed.bench.rig.LatencyRun;
import io.wirespeed.bench.rig.Points;
import io.wirespeed.bench.rig.RunProfile;

/**
 * DEF: the ping-pong a new user writes, with the configuration a new user gets. Wirespeed is {@code wirespeed:ipc}
 * with no option at all (whatever the run's idle strategy and threading), Artemis is its in-VM connector as
 * shipped; a pinger blocks in {@code receive()} and a ponger's listener answers ({@link JmsBlockingPingPong}), 45
 * bytes, one message in flight. Issue 10's targets read its p50, p90 and p99.9. The warm-up lasts until the JIT
 * compiler has been quiet for a second (at least the run's warm-up, at most 15 s, {@link LatencyRun#pingPongWarm}):
 * with the short profile's half second the compiler threads still took a core during the measured second and a
 * half, and the point measured them (p50 30-60 µs against 3-5 µs warm, same build, same machine).
 */
public final class DefaultConfigScenario
{
    /** The scenario's id. */
    public static final String ID = "DEF";

    private static final int SIZE = 45;

    private DefaultConfigScenario()
    {
    }

    /**
     * Measures the ping-pong.
     *
     * @param peer    {@code wirespeed-ipc} or an Artemis peer.
     * @param profile the run's profile (durations only, for Wirespeed).
     * @param sink    takes the point.
     * @throws Exception if the peer fails.
     */
    public static void run(final String peer, final RunProfile profile, final Consumer<Map<String, Object>> sink)
        throws Exception
    {
        try (JmsTarget target =
                Peers.WIRESPEED_IPC.equals(peer) ? WirespeedTarget.defaults() : Peers.jms(peer, profile);
            JmsBlockingPingPong pair = new JmsBlockingPingPong(target, "def.pingpong"))
        {
            final LatencyRun run = new LatencyRun(pair, SIZE, profile);
            final Map<String, Object> point = Points.of(ID, peer, pair.settings(), profile);
            point.put("configuration", "defaults");
            point.putAll(run.pingPongWarm());
            Progress.print(point, "45 B blocking ping-pong");
            sink.accept(point);
        }
    }
}
