package io.wirespeed.bench.scenario;

import java.util.Map;
import java.util.function.Consumer;

import io.wirespeed.bench.peer.Peers;
import io.wirespeed.bench.peer.StreamPeer;
import io.wirespeed.bench.rig.Points;
import io.wirespeed.bench.rig.RunProfile;
import io.wirespeed.bench.rig.ThroughputRun;

/**
 * S2: maximum lossless throughput, one publisher to one subscriber, at 32, 45, 100 and 1000 bytes, received by a
 * listener; for Wirespeed over IPC also at 32 bytes received by a thread blocking in {@code receive()}, whose bytes
 * allocated per message are issue 10's synchronous-receive target.
 */
public final class ThroughputScenario
{
    /** The message sizes: the papers' 45, 100, 1000 and the 32 bytes of the throughput target. */
    public static final int[] SIZES = {32, 45, 100, 1000};

    /** The size of the synchronous-receive point. */
    public static final int SYNC_RECEIVE_SIZE = 32;

    private ThroughputScenario()
    {
    }

    /**
     * Measures each size with a fresh stream.
     *
     * @param peer    the peer's name.
     * @param profile the run's profile.
     * @param sink    takes each point as it is measured.
     * @throws Exception if the peer fails.
     */
    public static void s2(final String peer, final RunProfile profile, final Consumer<Map<String, Object>> sink)
        throws Exception
    {
        try (PeerRuns runs = new PeerRuns(peer, profile))
        {
            try (StreamPeer jit = runs.stream("S2"))
            {
                // An unrecorded pass first, so that the first size measured is not the one that pays for JIT.
                ThroughputRun.run(jit, 100, profile);
            }
            for (final int size : SIZES)
            {
                try (StreamPeer stream = runs.stream("S2"))
                {
                    measure(peer, profile, sink, stream, size, size + " B");
                }
            }
            if (Peers.WIRESPEED_IPC.equals(peer))
            {
                try (StreamPeer stream = runs.syncReceiveStream("S2"))
                {
                    measure(peer, profile, sink, stream, SYNC_RECEIVE_SIZE, SYNC_RECEIVE_SIZE + " B, sync receive");
                }
            }
        }
    }

    private static void measure(
        final String peer,
        final RunProfile profile,
        final Consumer<Map<String, Object>> sink,
        final StreamPeer stream,
        final int size,
        final String what) throws Exception
    {
        final Map<String, Object> figures = ThroughputRun.run(stream, size, profile);
        final Map<String, Object> point = Points.of("S2", peer, stream.settings(), profile);
        point.putAll(figures);
        Progress.print(point, what);
        sink.accept(point);
    }
}
