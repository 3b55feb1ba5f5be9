package io.wirespeed.bench.scenario;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import javax.jms.Connection;

import io.wirespeed.bench.peer.JmsBlockingPingPong;
import io.wirespeed.bench.peer.JmsTarget;
import io.wirespeed.bench.peer.LoadCounts;
import io.wirespeed.bench.peer.TopicLoad;
import io.wirespeed.bench.rig.LatencyRun;
import io.wirespeed.bench.rig.Points;
import io.wirespeed.bench.rig.RunProfile;
import io.wirespeed.bench.rig.SharedMemory;

/**
 * S3, topic scalability, as issue 10 measures it: a pinger that blocks in {@code receive()} and a ponger whose listener
 * answers ({@link JmsBlockingPingPong}, 45 bytes, one message in flight), both connections also holding a listener
 * consumer on each of N other topics that a third connection loads at 20,000 msg/s in all ({@link TopicLoad}). N = 0,
 * 1,000 and 10,000 (long: also the paper's 1, 16, 64, 256 and 512; or those {@code s3topics=} names). The figure is the
 * round trip at N against N = 0. Publications get 64 KiB terms so that a stream per topic, as the provider has today,
 * fits 10,000 topics in memory. A load the sender could not keep marks the point saturated. The set-up of a point
 * (consumers, a first message to every topic) may take {@link #SETUP_SECONDS} (long: 10 minutes): one that takes
 * longer, or that the previous count's set-up time predicts would, ends the scenario with an error point. Between hosts
 * ({@code wirespeed-udp-netns}) a unicast topic reaches one host, so the ponger runs on the far host with a load of
 * that host's for its connection, and this host's load, routed here, loads the pinger's: each connection consumes N
 * topics at 20,000 msg/s, as on one host, and each host's load must be kept.
 */
public final class TopicLoadScenario
{
    /** Messages per second the third connection publishes over all N topics. */
    public static final double LOAD_RATE = 20_000;

    /** The most the set-up of one point (consumers and first sends) may take in the short suite. */
    public static final long SETUP_SECONDS = 60;

    /** Term length given to every publication of the scenario. */
    public static final int TERM_LENGTH = 64 * 1024;

    private static final int SIZE = 45;
    private static final double KEPT = 0.95;

    private TopicLoadScenario()
    {
    }

    /**
     * Measures the pair under each topic count, in increasing order; stops at the first count whose set-up fails.
     *
     * @param peer    a JMS peer's name.
     * @param profile the run's profile.
     * @param sink    takes each point as it is measured.
     * @throws Exception if the peer fails to start.
     */
    public static void s3(final String peer, final RunProfile profile, final Consumer<Map<String, Object>> sink)
        throws Exception
    {
        final List<Integer> counts = !profile.s3Topics().isEmpty() ? profile.s3Topics() : profile.longRun() ?
            List.of(0, 1, 16, 64, 256, 512, 1_000, 10_000) : List.of(0, 1_000, 10_000);
        final long setupSeconds = profile.longRun() ? 600 : SETUP_SECONDS;
        try (PeerRuns runs = new PeerRuns(peer, profile))
        {
            final JmsTarget target = runs.target().withOption("termLength=" + TERM_LENGTH);
            int lastCount = 0;
            double lastSetup = 0;
            for (final int count : counts)
            {
                final Map<String, Object> point = Points.of("S3", peer, target.settings(), profile);
                point.put("loadedTopics", count);
                point.put("loadTargetRate", count == 0 ? 0 : LOAD_RATE);
                final double predicted = lastCount == 0 ? 0 : lastSetup * count / lastCount;
                if (predicted > setupSeconds)
                {
                    point.put("error", String.format("not attempted: set-up of %,d topics took %.1f s, so %,d " +
                        "would take about %.0f s, over the %d s a point may take", lastCount, lastSetup, count,
                        predicted, setupSeconds));
                    point.put("saturated", true);
                    System.out.println("  [S3] " + peer + " " + count + " topics: " + point.get("error"));
                    sink.accept(point);
                    break;
                }
                try
                {
                    measure(target, count, setupSeconds, profile, point);
                    lastCount = count;
                    lastSetup = Points.number(point, "setupSeconds");
                }
                catch (final Exception ex)
                {
                    point.put("error", ex.toString());
                    point.put("saturated", true);
                    System.out.println("  [S3] " + peer + " " + count + " topics: " + ex);
                    sink.accept(point);
                    break;
                }
                Progress.print(point, String.format("%,d loaded topics, 45 B ping-pong", count));
                sink.accept(point);
            }
        }
    }

    private static void measure(
        final JmsTarget target,
        final int count,
        final long setupSeconds,
        final RunProfile profile,
        final Map<String, Object> point) throws Exception
    {
        final long setupStart = System.nanoTime();
        final long deadline = setupStart + TimeUnit.SECONDS.toNanos(setupSeconds);
        final boolean acrossHosts = null != target.farHost() && count > 0;
        final String prefix = "s3.load" + count;
        // Over unicast a topic reaches one host: each host has a load of its own, this one routed to this host.
        final JmsTarget here = acrossHosts ? target.receivingHere(prefix + ".*") : target;
        final Path farCountsFile = acrossHosts ? SharedMemory.newFile("s3-load") : null;
        final TopicLoad.Remote farLoad = acrossHosts ?
            new TopicLoad.Remote("s3.farload" + count, count, LOAD_RATE, farCountsFile, setupSeconds) : null;
        try (JmsBlockingPingPong pair = new JmsBlockingPingPong(here, "s3.pair" + count, farLoad);
            TopicLoad load = count == 0 ? null : new TopicLoad(here.factory(), prefix, count, LOAD_RATE))
        {
            final LatencyRun run = new LatencyRun(pair, SIZE, profile);
            point.put("pairStartSeconds", seconds(System.nanoTime() - setupStart));
            final List<LoadCounts> loads = new ArrayList<>();
            if (null != load)
            {
                try
                {
                    for (final Connection connection : pair.connections())
                    {
                        load.subscribe(connection, deadline);
                    }
                    point.put("subscribeSeconds", seconds(System.nanoTime() - setupStart));
                    load.start(deadline);
                }
                catch (final TopicLoad.SetupTooSlow ex)
                {
                    throw !acrossHosts ? ex : new IllegalStateException(ex.getMessage() + " (the far host's " +
                        "ponger, its consumers and its first round took the first " + point.get("pairStartSeconds") +
                        " s of it)", ex);
                }
                loads.add(load.counts());
            }
            if (acrossHosts)
            {
                loads.add(LoadCounts.mapped(farCountsFile));
            }
            point.put("setupSeconds", seconds(System.nanoTime() - setupStart));
            point.putAll(pair.settings());

            final long[] sentBefore = new long[loads.size()];
            final long[] deliveredBefore = new long[loads.size()];
            for (int i = 0; i < loads.size(); i++)
            {
                sentBefore[i] = loads.get(i).sent();
                deliveredBefore[i] = loads.get(i).delivered();
            }
            final long start = System.nanoTime();
            final Map<String, Object> figures = run.pingPong();
            final double elapsed = (System.nanoTime() - start) / 1e9;
            final List<Long> sentEach = new ArrayList<>();
            final List<Long> deliveredEach = new ArrayList<>();
            // On one host every load message reaches both connections; between hosts each host's reaches one.
            final int copies = acrossHosts ? 1 : 2;
            boolean kept = true;
            for (int i = 0; i < loads.size(); i++)
            {
                final long sent = Math.round((loads.get(i).sent() - sentBefore[i]) / elapsed);
                final long delivered = Math.round((loads.get(i).delivered() - deliveredBefore[i]) / elapsed);
                kept &= sent >= KEPT * LOAD_RATE && delivered >= KEPT * copies * sent;
                sentEach.add(sent);
                deliveredEach.add(delivered);
            }
            point.putAll(figures);
            point.put("loadSenders", loads.size());
            point.put("loadSentPerSec", sentEach.stream().mapToLong(Long::longValue).sum());
            point.put("loadDeliveredPerSec", deliveredEach.stream().mapToLong(Long::longValue).sum());
            if (acrossHosts)
            {
                point.put("loadSentPerSecEachHost", sentEach);
                point.put("loadDeliveredPerSecEachHost", deliveredEach);
                // Since each load started: a short window on a loaded machine may see a host's sender stalled.
                point.put("loadSentEachHost", loads.stream().map(LoadCounts::sent).toList());
                point.put("loadDeliveredEachHost", loads.stream().map(LoadCounts::delivered).toList());
            }
            point.put("loadKept", kept);
            point.put("saturated", !kept || Boolean.TRUE.equals(figures.get("saturated")));
            final long closeStart = System.nanoTime();
            pair.close();
            point.put("closeSeconds", seconds(System.nanoTime() - closeStart));
        }
        finally
        {
            if (null != farCountsFile)
            {
                Files.deleteIfExists(farCountsFile);
            }
        }
    }

    private static double seconds(final long nanos)
    {
        return Math.round(nanos / 1e7) / 100.0;
    }
}
