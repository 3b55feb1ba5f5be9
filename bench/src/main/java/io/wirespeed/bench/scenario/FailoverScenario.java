package io.wirespeed.bench.scenario;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.Session;
import javax.jms.TextMessage;

import org.agrona.IoUtil;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

import io.wirespeed.bench.rig.LoopbackClusterSide;
import io.wirespeed.bench.rig.Points;
import io.wirespeed.bench.rig.RunProfile;
import io.wirespeed.host.cluster.ClusterMemberSettings;
import io.wirespeed.jms.JmsConnectionFactory;

/**
 * S10, failover (issue 24): three {@code wirespeed-driver} processes on loopback as the members of a clustered queue
 * host ({@link LoopbackClusterSide}) with the project's failure-detection profile (leader heartbeat timeout 1 s,
 * interval 100 ms, election timeout 500 ms: {@link ClusterMemberSettings}'s defaults, passed explicitly), and in this
 * JVM a client naming the members ({@code host=A:P,B:P,C:P}, its own embedded driver): a synchronous PERSISTENT
 * producer sending at a steady rate to a queue, and a consumer (AUTO_ACKNOWLEDGE listener) on another connection.
 * Once the cluster has settled (one leader, two followers) and the load has run a second, the leader's process is
 * killed (SIGKILL) and started again at once in its directories, as a supervisor would, so that the cluster stays
 * three; then the next. For each kill, the failover time as the client sees it: from the signal to the end of the
 * producer's longest stall after it (the return of the send that came longest after the one before it, measured
 * once the cluster settled again; after a SIGKILL that is the first send issued after the signal, but a stopping
 * leader may still commit a few sends before it goes), and to that message's delivery (or any later one's, whichever
 * came first); the first send's return after the signal is kept too ({@code firstSendMs}). p50, p99 and max over
 * the kills (nearest rank: with 20 kills p99 is the max). Then the same with SIGTERM (the member stops cleanly),
 * fewer of them. Each signal's phase has its own queue and connections; at its end the producer stops and the
 * consumer must have every confirmed message (lost = confirmed, never consumed), none twice unmarked.
 * <p>
 * Loopback, not network namespaces: the members' failure detection and election run over UDP either way, and a kill
 * is a kill; namespaces would add the suite's netns rig (root) for no difference in what is measured here.
 * Targets (issue 24): SIGKILL p99 ≤ 2 s, SIGTERM p99 ≤ 1 s.
 * <p>
 * Then the cost of consensus ({@link ConsensusCost}): queue sends 1→1 and 2→2 (synchronous PERSISTENT in a closed
 * loop, asynchronous PERSISTENT, NON_PERSISTENT) against
 * the cluster, then (the cluster stopped) against the single queue host over UDP with its archive, then (that
 * stopped) against ActiveMQ Artemis's replicated primary/backup pair ({@link ArtemisPair}: two broker processes on
 * loopback TCP, journal sync on, the backup in sync before the first send); a point each ({@code mode: consensus},
 * {@code host: cluster | single | artemis-pair}). Goals (issue 24): the cluster's rate ≥ 50 % of the single host's,
 * and above the Artemis pair's. In the long suite, last on the cluster, its top rate (asynchronous PERSISTENT
 * sends) carried for ten minutes while the members' leadership term is watched ({@code mode: stability},
 * {@code elections}): target, no election unasked.
 */
public final class FailoverScenario
{
    /** The scenario's id. */
    public static final String ID = "S10";
    /** The peer S10 runs: Wirespeed's clustered queue host. */
    public static final String PEER = "wirespeed-cluster";
    /**
     * The same cluster with Aeron Cluster's own failure-detection defaults (leader heartbeat timeout 10 s, interval
     * 200 ms, election timeout 1 s), for the kills only: what the project's profile buys.
     */
    public static final String PEER_AERON_DEFAULTS = "wirespeed-cluster-aeron-defaults";
    /** Target: failover p99 after SIGKILL of the leader, ms (send and delivery alike). */
    public static final double TARGET_SIGKILL_P99_MS = 2_000;
    /** Target: failover p99 after SIGTERM of the leader, ms. */
    public static final double TARGET_SIGTERM_P99_MS = 1_000;
    /** The signals, in the order the scenario sends them. */
    public static final List<String> SIGNALS = List.of("SIGKILL", "SIGTERM");
    /** Short suite (and the test): leader kills, leader stops. */
    public static final Plan SHORT = new Plan(3, 1, 200, 1.0, 3.0, 0);
    /** Long suite: the 20 leader kills, 5 stops, and 10 minutes at the top rate without an election. */
    public static final Plan LONG = new Plan(20, 5, 200, 2.0, 30.0, 600);
    /** With Aeron's defaults ({@link #PEER_AERON_DEFAULTS}): kills and a stop, each about ten seconds. */
    public static final Plan AERON_DEFAULTS = new Plan(3, 1, 200, 1.0, 0, 0);
    /** The cost-of-consensus points' mode. */
    public static final String CONSENSUS = "consensus";
    /** The stability point's mode: the top rate carried for {@link Plan#stabilitySeconds()}, elections counted. */
    public static final String STABILITY = "stability";
    /** A cost-of-consensus point's {@code host} for ActiveMQ Artemis's replicated primary/backup pair. */
    public static final String ARTEMIS_PAIR = "artemis-pair";
    /** The cost-of-consensus goal: the cluster's PERSISTENT sync sends per second ≥ this × the single host's. */
    public static final double TARGET_CONSENSUS_RATIO = 0.5;

    private static final int BODY_BYTES = 100;
    /** The cost of consensus with one producer and one consumer, then two of each. */
    /** What a cost-of-consensus point's {@code destination} says of sends to a topic with a durable subscription. */
    public static final String DURABLE_TOPIC = "durable topic";
    private static final int[] PAIRS = {1, 2};
    /**
     * The kinds of PERSISTENT send measured 1->1 to a topic with a durable subscription on the cluster: asynchronous
     * sends wait for room on the subscription ({@code TopicCredit}) as queue sends wait for room on the queue.
     */
    private static final List<ConsensusCost.Kind> TOPIC_KINDS = List.of(ConsensusCost.Kind.SYNC,
        ConsensusCost.Kind.ASYNC);
    private static final Duration SETTLE = Duration.ofSeconds(90);
    private static final Duration FAILOVER_LIMIT = Duration.ofSeconds(60);
    private static final Duration DRAIN = Duration.ofSeconds(30);

    private FailoverScenario()
    {
    }

    /**
     * How many kills, at which rate.
     *
     * @param sigkills      leader kills (SIGKILL).
     * @param sigterms      leader stops (SIGTERM).
     * @param rate          the producer's steady rate, msg/s (it sends no faster; a stalled send is not caught up).
     * @param steadySeconds how long the load runs on a settled cluster before each kill.
     * @param consensusSeconds how long the cost of consensus is measured on each host (after a quarter of it, at
     *                         least a second, unmeasured); 0 for not at all.
     * @param stabilitySeconds how long the cluster carries its top rate (asynchronous PERSISTENT sends) while the
     *                         elections are counted; 0 for not at all.
     */
    public record Plan(
        int sigkills, int sigterms, int rate, double steadySeconds, double consensusSeconds, double stabilitySeconds)
    {
        /**
         * This plan with the cost of consensus measured no longer than twice the profile's measured seconds: the
         * suite's short (1.5 s) and long (300 s) profiles keep the plan's, a test's {@code measure=0.5} takes 1 s.
         *
         * @param profile the run's profile.
         * @return the plan to run.
         */
        Plan measuredFor(final RunProfile profile)
        {
            return new Plan(sigkills, sigterms, rate, steadySeconds,
                Math.min(consensusSeconds, 2 * profile.measureSeconds()), stabilitySeconds);
        }
    }

    /**
     * Runs S10 with the profile's plan ({@link #SHORT} or {@link #LONG}).
     *
     * @param peer    {@link #PEER}, or {@link #PEER_AERON_DEFAULTS} for the kills with Aeron's failure detection.
     * @param profile short or long.
     * @param sink    takes each point as it is measured: one per signal.
     * @throws Exception if the cluster does not start.
     */
    public static void run(final String peer, final RunProfile profile, final Consumer<Map<String, Object>> sink)
        throws Exception
    {
        if (PEER_AERON_DEFAULTS.equals(peer))
        {
            run(profile, AERON_DEFAULTS, PEER_AERON_DEFAULTS, Map.of(
                ClusterMemberSettings.LEADER_HEARTBEAT_TIMEOUT_PROP, "10s",
                ClusterMemberSettings.LEADER_HEARTBEAT_INTERVAL_PROP, "200ms",
                ClusterMemberSettings.ELECTION_TIMEOUT_PROP, "1s"), sink);
            return;
        }
        if (!PEER.equals(peer))
        {
            throw new IllegalArgumentException("S10 runs " + PEER + " and " + PEER_AERON_DEFAULTS + " only, not " +
                peer);
        }
        run(profile, profile.longRun() ? LONG : SHORT, sink);
    }

    /**
     * Runs S10.
     *
     * @param profile the run's profile (recorded with the points).
     * @param plan    how many kills, at which rate.
     * @param sink    takes each point as it is measured: one per signal with a count above zero.
     * @throws Exception if the cluster does not start.
     */
    public static void run(final RunProfile profile, final Plan plan, final Consumer<Map<String, Object>> sink)
        throws Exception
    {
        run(profile, plan, PEER, Map.of(
            ClusterMemberSettings.LEADER_HEARTBEAT_TIMEOUT_PROP, "1s",
            ClusterMemberSettings.LEADER_HEARTBEAT_INTERVAL_PROP, "100ms",
            ClusterMemberSettings.ELECTION_TIMEOUT_PROP, "500ms"), sink);
    }

    private static void run(
        final RunProfile profile, final Plan planned, final String peer, final Map<String, String> settings,
        final Consumer<Map<String, Object>> sink) throws Exception
    {
        final Plan plan = planned.measuredFor(profile);
        final Map<String, String> memberSettings = new TreeMap<>(settings);
        if (plan.stabilitySeconds() > 0)
        {
            // the top rate writes about 11 MB/s of log per member: snapshots each minute and the log purged behind
            // them keep the members' directories (in /dev/shm, memory) bounded through the ten minutes
            memberSettings.put(ClusterMemberSettings.SNAPSHOT_INTERVAL_PROP, "60s");
        }
        final long startNs = System.nanoTime();
        try (LoopbackClusterSide cluster = LoopbackClusterSide.start(memberSettings))
        {
            final double startSeconds = (System.nanoTime() - startNs) / 1e9;
            for (final String signal : SIGNALS)
            {
                final int count = "SIGKILL".equals(signal) ? plan.sigkills() : plan.sigterms();
                if (count < 1)
                {
                    continue;
                }
                final Map<String, Object> point = new LinkedHashMap<>();
                point.put("scenario", ID);
                point.put("peer", peer);
                point.put("api", "JMS 2.0");
                point.put("transport", "udp (loopback), 3 member processes");
                point.put("profile", profile.describe());
                point.put("signal", signal);
                point.put("memberSettings", memberSettings);
                point.put("members", cluster.members());
                point.put("memberRunningLine", cluster.runningLine(0));
                point.put("clusterStartSeconds", Math.round(startSeconds * 10) / 10.0);
                point.put("targetRate", plan.rate());
                point.put("messageBytes", BODY_BYTES);
                point.put("deliveryMode", "PERSISTENT, synchronous send");
                point.put("restart", "at once, in the same directories");
                point.put("targetP99Ms", "SIGKILL".equals(signal) ? TARGET_SIGKILL_P99_MS : TARGET_SIGTERM_P99_MS);
                try
                {
                    measure(cluster, signal, count, plan, point);
                }
                catch (final Exception ex)
                {
                    point.put("error", String.valueOf(ex));
                    System.out.println("  [" + ID + "] " + peer + " " + signal + ": " + point.get("error"));
                }
                print(point);
                sink.accept(point);
            }
            for (final int pairs : plan.consensusSeconds() > 0 ? PAIRS : new int[0])
            {
                for (final ConsensusCost.Kind kind : ConsensusCost.Kind.values())
                {
                    final Map<String, Object> point = consensusPoint(profile, "cluster", memberSettings, pairs);
                    point.put("members", cluster.members());
                    consensus("wirespeed:ipc?driver=embedded&aeronDir=" + cluster.root().resolve("client-" + kind +
                        "-" + pairs) + "&host=" + cluster.hostOption() + "&queueHostTimeout=30000&sendTimeout=30000",
                        kind, plan.consensusSeconds(), pairs, false, point, sink);
                }
            }
            final List<ConsensusCost.Kind> topicKinds = plan.consensusSeconds() > 0 ? TOPIC_KINDS : List.of();
            for (final ConsensusCost.Kind kind : topicKinds)
            {
                // the same sends to a topic with a durable subscription: each forwarded into the log (issue 24's spike)
                final Map<String, Object> point = consensusPoint(profile, "cluster", memberSettings, 1);
                point.put("members", cluster.members());
                consensus("wirespeed:ipc?driver=embedded&aeronDir=" + cluster.root().resolve("client-topic-" + kind) +
                    "&host=" + cluster.hostOption() + "&queueHostTimeout=30000&sendTimeout=30000", kind,
                    plan.consensusSeconds(), 1, true, point, sink);
            }
            if (plan.stabilitySeconds() > 0)
            {
                // no election unasked while the cluster carries its top rate: the leader's heartbeats get through
                final Map<String, Object> point = consensusPoint(profile, "cluster", memberSettings, 1);
                point.put("mode", STABILITY);
                point.put("members", cluster.members());
                final long termBefore = cluster.leadershipTermId();
                consensus("wirespeed:ipc?driver=embedded&aeronDir=" + cluster.root().resolve("client-stability") +
                    "&host=" + cluster.hostOption() + "&queueHostTimeout=30000&sendTimeout=30000",
                    ConsensusCost.Kind.ASYNC, plan.stabilitySeconds(), 1, false, point, (measured) ->
                    {
                        final long elections = cluster.leadershipTermId() - termBefore;
                        measured.put("elections", elections);
                        System.out.printf("  [%s] %s stability: %d election(s) in %.0f s%n", ID, PEER, elections,
                            plan.stabilitySeconds());
                        sink.accept(measured);
                    });
            }
        }
        if (plan.consensusSeconds() > 0)
        {
            final Path root = Files.createTempDirectory(Path.of(new File("/dev/shm").isDirectory() ? "/dev/shm" :
                System.getProperty("java.io.tmpdir")), "wirespeed-bench-s10-single-");
            try
            {
                try (ConsensusCost.SingleHost host = ConsensusCost.startSingleHost(root))
                {
                    for (final int pairs : PAIRS)
                    {
                        for (final ConsensusCost.Kind kind : ConsensusCost.Kind.values())
                        {
                            final Map<String, Object> point = consensusPoint(profile, "single", Map.of(), pairs);
                            point.put("hostRunningLine", host.runningLine());
                            consensus("wirespeed:ipc?driver=embedded&aeronDir=" + root.resolve("client-" + kind +
                                "-" + pairs) + "&host=" + host.endpoint() + "&queueHostTimeout=30000" +
                                "&sendTimeout=30000", kind, plan.consensusSeconds(), pairs, false, point, sink);
                        }
                    }
                }
            }
            finally
            {
                IoUtil.delete(root.toFile(), true);
            }
            artemisPair(profile, plan, sink);
        }
    }

    /**
     * The cost of consensus on ActiveMQ Artemis's replicated primary/backup pair, queue sends as on the single host
     * (at the profile's {@code s10artemis=} pair counts, or both); each point says what went wrong if the pair did not
     * start, and the run goes on.
     */
    private static void artemisPair(
        final RunProfile profile, final Plan plan, final Consumer<Map<String, Object>> sink) throws IOException
    {
        final List<Integer> pairCounts = profile.s10ArtemisPairs().isEmpty() ?
            Arrays.stream(PAIRS).boxed().toList() : profile.s10ArtemisPairs();
        final Path root = Files.createTempDirectory(Path.of(new File("/dev/shm").isDirectory() ? "/dev/shm" :
            System.getProperty("java.io.tmpdir")), "wirespeed-bench-s10-artemis-");
        try
        {
            final ArtemisPair pair;
            try
            {
                pair = ArtemisPair.start(root);
            }
            catch (final Exception ex)
            {
                for (final int pairs : pairCounts)
                {
                    for (final ConsensusCost.Kind kind : ConsensusCost.Kind.values())
                    {
                        final Map<String, Object> point = consensusPoint(profile, ARTEMIS_PAIR, Map.of(), pairs);
                        point.put("sendKind", kind.name());
                        point.put("destination", "queue");
                        point.put("deliveryMode", kind.description());
                        point.put("error", "the Artemis pair did not start: " + ex);
                        report(kind, false, point, sink);
                    }
                }
                return;
            }
            try (pair)
            {
                for (final int pairs : pairCounts)
                {
                    for (final ConsensusCost.Kind kind : ConsensusCost.Kind.values())
                    {
                        final Map<String, Object> point = consensusPoint(profile, ARTEMIS_PAIR, Map.of(), pairs);
                        point.putAll(pair.settings());
                        try (ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(pair.uri()))
                        {
                            ConsensusCost.measure(factory, true, kind, warmupFor(plan.consensusSeconds()),
                                plan.consensusSeconds(), BODY_BYTES, pairs, false, point);
                        }
                        catch (final Exception ex)
                        {
                            point.put("error", String.valueOf(ex));
                        }
                        report(kind, false, point, sink);
                    }
                }
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
        }
        finally
        {
            IoUtil.delete(root.toFile(), true);
        }
    }

    private static Map<String, Object> consensusPoint(
        final RunProfile profile, final String host, final Map<String, String> memberSettings, final int pairs)
    {
        final Map<String, Object> point = new LinkedHashMap<>();
        point.put("scenario", ID);
        point.put("peer", PEER);
        point.put("api", "JMS 2.0");
        point.put("mode", CONSENSUS);
        point.put("host", host);
        point.put("transport", switch (host)
        {
            case "cluster" -> "udp (loopback), 3 member processes";
            case ARTEMIS_PAIR -> ArtemisPair.TRANSPORT;
            default -> "udp (loopback), one wirespeed-driver process, archive on";
        });
        point.put("profile", profile.describe());
        point.put("pairs", pairs + "->" + pairs);
        point.put("messageBytes", BODY_BYTES);
        if (!memberSettings.isEmpty())
        {
            point.put("memberSettings", memberSettings);
        }
        return point;
    }

    private static void consensus(
        final String uri, final ConsensusCost.Kind kind, final double seconds, final int pairs,
        final boolean durableTopic, final Map<String, Object> point, final Consumer<Map<String, Object>> sink)
    {
        try
        {
            ConsensusCost.measure(uri, kind, warmupFor(seconds), seconds, BODY_BYTES, pairs, durableTopic, point);
        }
        catch (final Exception ex)
        {
            point.put("error", String.valueOf(ex));
        }
        report(kind, durableTopic, point, sink);
    }

    /** A quarter of the measured time unmeasured first, at least a second and at most ten. */
    private static double warmupFor(final double seconds)
    {
        return Math.max(1.0, Math.min(seconds / 4, 10));
    }

    private static void report(
        final ConsensusCost.Kind kind, final boolean durableTopic, final Map<String, Object> point,
        final Consumer<Map<String, Object>> sink)
    {
        System.out.printf("  [%s] %-13s %-43s %,.0f msg/s, send µs p50 %s p99 %s max %s, lost %s%s%n", ID, PEER,
            "consensus " + point.get("pairs") + ", " + point.get("host") + " " + kind +
                (durableTopic ? " topic" : ""),
            Points.number(point, "msgPerSec"),
            Points.number(point, "send", "p50"), Points.number(point, "send", "p99"),
            Points.number(point, "send", "max"), point.get("lost"),
            point.containsKey("error") ? ": " + point.get("error") : "");
        sink.accept(point);
    }

    private static void measure(
        final LoopbackClusterSide cluster, final String signal, final int count, final Plan plan,
        final Map<String, Object> point) throws Exception
    {
        final String uri = "wirespeed:ipc?driver=embedded&aeronDir=" +
            cluster.root().resolve("client-" + signal.toLowerCase()) + "&host=" + cluster.hostOption() +
            "&queueHostTimeout=30000&sendTimeout=30000";
        final List<Map<String, Object>> kills = new ArrayList<>();
        point.put("kills", kills);
        int unasked = 0;
        final long phaseStartNs = System.nanoTime();
        try (Load load = new Load(new JmsConnectionFactory(uri), "bench.s10." + signal.toLowerCase() + "." +
            System.nanoTime(), plan.rate()).countInto(point))
        {
            int expectedLeader = -1;
            for (int k = 0; k < count; k++)
            {
                final int leader = (int)await("one leader and two followers", SETTLE, cluster::settledLeader, load);
                if (-1 != expectedLeader && leader != expectedLeader)
                {
                    unasked++;
                }
                final long confirmedAtSettle = load.confirmed();
                final long steady = Math.max(1, (long)(plan.steadySeconds() * plan.rate()));
                await(steady + " sends confirmed on the settled cluster", SETTLE,
                    () -> load.confirmed() >= confirmedAtSettle + steady ? 1 : -1, load);
                if (cluster.settledLeader() != leader)
                {
                    k--;
                    unasked++;
                    continue;
                }

                final long signalNs = System.nanoTime();
                if ("SIGKILL".equals(signal))
                {
                    cluster.kill(leader);
                }
                else
                {
                    cluster.terminate(leader);
                }
                final long goneNs = System.nanoTime();
                cluster.restart(leader);
                final long firstSendNs = await("a send issued after the " + signal + " returned", FAILOVER_LIMIT,
                    () -> load.firstReturnAfter(signalNs), load);
                await("a message sent after the " + signal + " delivered", FAILOVER_LIMIT,
                    () -> load.firstDeliveryAfter(signalNs), load);
                cluster.awaitRunning(leader);
                final long runningNs = System.nanoTime();
                expectedLeader = (int)await("one leader and two followers after the restart", SETTLE,
                    cluster::settledLeader, load);
                // the pause: a stopping leader may still commit the first sends after its signal, so the failover
                // ends with the send that ended the producer's longest stall since the signal (a SIGKILL's first)
                // (once a send issued after the settling returned: the producer may still have been stalled then)
                final long settledNs = System.nanoTime();
                final long resumedNs = await("a send issued after the cluster settled again returned", FAILOVER_LIMIT,
                    () -> load.firstReturnAfter(settledNs), load);
                final long stallEnd = load.endOfLongestStall(signalNs, resumedNs);
                final long sendNs = load.returnedAt(stallEnd);
                final long deliveryNs = await("the message that ended the stall, or a later one, delivered",
                    FAILOVER_LIMIT, () -> load.firstDeliveryFrom(stallEnd), load);

                final Map<String, Object> kill = new LinkedHashMap<>();
                kill.put("leader", leader);
                kill.put("newLeader", expectedLeader);
                kill.put("sendMs", millis(sendNs - signalNs));
                kill.put("deliveryMs", millis(deliveryNs - signalNs));
                kill.put("firstSendMs", millis(firstSendNs - signalNs));
                kill.put("exitMs", millis(goneNs - signalNs));
                kill.put("restartedMs", millis(runningNs - goneNs));
                kills.add(kill);
                System.out.printf("  [%s] %s %d/%d: leader %d, send %.0f ms, delivery %.0f ms, new leader %d%n",
                    ID, signal, k + 1, count, leader, kill.get("sendMs"), kill.get("deliveryMs"), expectedLeader);
            }
        }
        finally
        {
            point.put("unaskedLeaderChanges", unasked);
            point.put("failoverSendMs", summary(kills, "sendMs"));
            point.put("failoverDeliveryMs", summary(kills, "deliveryMs"));
            point.put("phaseSeconds", Math.round((System.nanoTime() - phaseStartNs) / 1e8) / 10.0);
        }
    }

    private static void count(final Load load, final Map<String, Object> point)
    {
        point.put("sent", load.issued());
        point.put("confirmed", load.confirmed());
        point.put("consumedOfConfirmed", load.consumedOfConfirmed());
        point.put("lost", load.confirmed() - load.consumedOfConfirmed());
        point.put("redelivered", load.redelivered());
        point.put("duplicatesUnmarked", load.duplicatesUnmarked());
        point.put("outOfOrder", load.outOfOrder());
        point.put("achievedRate", Math.round(load.achievedRate()));
        point.put("complete", load.confirmed() == load.consumedOfConfirmed() && 0 == load.duplicatesUnmarked() &&
            null == load.failure());
        if (null != load.failure())
        {
            point.put("error", "the application saw " + load.failure());
        }
    }

    /**
     * Nearest-rank percentiles over the kills.
     *
     * @param kills the kills' figures.
     * @param key   which figure.
     * @return count, p50, p99, max, min, mean (ms).
     */
    static Map<String, Object> summary(final List<Map<String, Object>> kills, final String key)
    {
        final double[] values = new double[kills.size()];
        for (int i = 0; i < values.length; i++)
        {
            values[i] = ((Number)kills.get(i).get(key)).doubleValue();
        }
        Arrays.sort(values);
        final Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("count", values.length);
        if (0 == values.length)
        {
            return summary;
        }
        summary.put("p50", rank(values, 50));
        summary.put("p99", rank(values, 99));
        summary.put("max", values[values.length - 1]);
        summary.put("min", values[0]);
        summary.put("mean", Math.round(Arrays.stream(values).average().orElse(0) * 10) / 10.0);
        return summary;
    }

    private static double rank(final double[] sorted, final double percentile)
    {
        final int index = (int)Math.ceil(percentile / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }

    private static double millis(final long nanos)
    {
        return Math.round(nanos / 1e5) / 10.0;
    }

    private static long await(
        final String what, final Duration limit, final LongSupplier value, final Load load) throws Exception
    {
        final long deadline = System.nanoTime() + limit.toNanos();
        while (true)
        {
            final long v = value.getAsLong();
            if (v >= 0)
            {
                return v;
            }
            if (null != load.failure())
            {
                throw new IllegalStateException("waiting for " + what + ", the application saw " + load.failure(),
                    load.failure());
            }
            if (System.nanoTime() - deadline > 0)
            {
                throw new IllegalStateException("no " + what + " within " + limit.toSeconds() + " s");
            }
            Thread.sleep(1);
        }
    }

    private static void print(final Map<String, Object> point)
    {
        final StringBuilder line = new StringBuilder(String.format("  [%s] %-13s %-28s", ID, point.get("peer"),
            point.get("signal") + " of the leader x" + (long)Points.number(point, "failoverSendMs", "count")));
        line.append(String.format(" failover ms send p50 %s p99 %s max %s, delivery p50 %s p99 %s max %s",
            Points.number(point, "failoverSendMs", "p50"), Points.number(point, "failoverSendMs", "p99"),
            Points.number(point, "failoverSendMs", "max"), Points.number(point, "failoverDeliveryMs", "p50"),
            Points.number(point, "failoverDeliveryMs", "p99"), Points.number(point, "failoverDeliveryMs", "max")));
        line.append(String.format("; confirmed %,.0f, lost %,.0f, unmarked duplicates %,.0f",
            Points.number(point, "confirmed"), Points.number(point, "lost"),
            Points.number(point, "duplicatesUnmarked")));
        System.out.println(line);
        System.out.flush();
    }

    /**
     * The client's load: a producer thread sending numbered PERSISTENT messages synchronously at a steady rate, and a
     * consumer's listener; when each send began and returned, and when each message first arrived.
     */
    static final class Load implements AutoCloseable
    {
        private final Connection producing;
        private final Connection consuming;
        private final Thread producer;
        private final AtomicReference<Throwable> failure = new AtomicReference<>();
        private final Times started = new Times();
        private final Times returned = new Times();
        private final Times arrived = new Times();
        private final long firstNs;
        private volatile boolean stopped;
        private volatile long issued;
        private volatile long confirmed;
        private volatile long lastReturnNs;
        private long highestArrived = -1;
        private volatile long redelivered;
        private volatile long duplicatesUnmarked;
        private volatile long outOfOrder;
        private Map<String, Object> point;

        Load(final JmsConnectionFactory factory, final String queueName, final int rate) throws JMSException
        {
            consuming = factory.createConnection();
            producing = factory.createConnection();
            consuming.setExceptionListener(ex -> failure.compareAndSet(null, ex));
            producing.setExceptionListener(ex -> failure.compareAndSet(null, ex));
            final Session consumerSession = consuming.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Queue queue = consumerSession.createQueue(queueName);
            consumerSession.createConsumer(queue).setMessageListener(this::onMessage);
            consuming.start();
            final Session session = producing.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final MessageProducer messageProducer = session.createProducer(queue);
            messageProducer.setDeliveryMode(DeliveryMode.PERSISTENT);
            final TextMessage message = session.createTextMessage("x".repeat(BODY_BYTES));
            final long periodNs = TimeUnit.SECONDS.toNanos(1) / rate;
            firstNs = System.nanoTime();
            producer = new Thread(() ->
            {
                try
                {
                    long nextNs = System.nanoTime();
                    for (long seq = 0; !stopped; seq++)
                    {
                        final long waitNs = nextNs - System.nanoTime();
                        if (waitNs > 0)
                        {
                            LockSupport.parkNanos(waitNs);
                        }
                        message.setLongProperty("seq", seq);
                        final long beganNs = System.nanoTime();
                        started.put(seq, beganNs);
                        issued = seq + 1;
                        messageProducer.send(message);
                        final long endNs = System.nanoTime();
                        returned.put(seq, endNs);
                        lastReturnNs = endNs;
                        confirmed = seq + 1;
                        nextNs = Math.max(nextNs + periodNs, endNs);
                    }
                }
                catch (final Throwable ex)
                {
                    failure.compareAndSet(null, ex);
                }
            }, "S10 producer");
            producer.setDaemon(true);
            producer.start();
        }

        private void onMessage(final Message message)
        {
            final long now = System.nanoTime();
            try
            {
                final long seq = message.getLongProperty("seq");
                if (message.getJMSRedelivered())
                {
                    redelivered = redelivered + 1;
                }
                if (arrived.get(seq) > 0)
                {
                    if (!message.getJMSRedelivered())
                    {
                        duplicatesUnmarked = duplicatesUnmarked + 1;
                    }
                    return;
                }
                arrived.put(seq, now);
                if (seq < highestArrived)
                {
                    outOfOrder = outOfOrder + 1;
                }
                highestArrived = Math.max(highestArrived, seq);
            }
            catch (final JMSException ex)
            {
                failure.compareAndSet(null, ex);
            }
        }

        Throwable failure()
        {
            return failure.get();
        }

        long issued()
        {
            return issued;
        }

        long confirmed()
        {
            return confirmed;
        }

        long redelivered()
        {
            return redelivered;
        }

        long duplicatesUnmarked()
        {
            return duplicatesUnmarked;
        }

        long outOfOrder()
        {
            return outOfOrder;
        }

        double achievedRate()
        {
            final long endNs = lastReturnNs;
            return endNs > firstNs ? confirmed * 1e9 / (endNs - firstNs) : 0;
        }

        /** The first message issued at or after a time: its sequence number, or -1 if none yet. */
        private long firstIssuedAfter(final long ns)
        {
            for (long seq = issued - 1; seq >= 0; seq--)
            {
                final long began = started.get(seq);
                if (began < ns)
                {
                    return seq + 1 < issued ? seq + 1 : -1;
                }
            }
            return issued > 0 ? 0 : -1;
        }

        /** When the first send issued at or after a time returned, or -1 if it has not. */
        long firstReturnAfter(final long ns)
        {
            final long seq = firstIssuedAfter(ns);
            return seq < 0 ? -1 : returned.get(seq) > 0 ? returned.get(seq) : -1;
        }

        /**
         * The send that ended the producer's longest stall between two times: of the sends that returned in that
         * window, the one whose return came longest after the previous return (or after {@code fromNs} for the
         * first). One thread sends, so returns come in sequence order.
         *
         * @return its sequence number, or -1 if no send returned in the window.
         */
        long endOfLongestStall(final long fromNs, final long toNs)
        {
            final long confirmedNow = confirmed;
            long seq = confirmedNow - 1;
            while (seq >= 0 && returned.get(seq) > fromNs)
            {
                seq--;
            }
            long end = -1;
            long longest = -1;
            long previous = fromNs;
            for (seq++; seq < confirmedNow && returned.get(seq) <= toNs; seq++)
            {
                final long at = returned.get(seq);
                if (at - previous > longest)
                {
                    longest = at - previous;
                    end = seq;
                }
                previous = at;
            }
            return end;
        }

        /** When a send returned; 0 if it has not. */
        long returnedAt(final long seq)
        {
            return seq < 0 ? 0 : returned.get(seq);
        }

        /** When the first message issued at or after a time, or any later one, first arrived; -1 if none has. */
        long firstDeliveryAfter(final long ns)
        {
            return firstDeliveryFrom(firstIssuedAfter(ns));
        }

        /** When a message, or any later one, first arrived; -1 if none has. */
        long firstDeliveryFrom(final long first)
        {
            if (first < 0)
            {
                return -1;
            }
            long earliest = -1;
            for (long seq = first; seq < issued; seq++)
            {
                final long at = arrived.get(seq);
                if (at > 0 && (earliest < 0 || at < earliest))
                {
                    earliest = at;
                }
            }
            return earliest;
        }

        /** How many of the confirmed messages arrived. */
        long consumedOfConfirmed()
        {
            final long confirmedNow = confirmed;
            long consumed = 0;
            for (long seq = 0; seq < confirmedNow; seq++)
            {
                consumed += arrived.get(seq) > 0 ? 1 : 0;
            }
            return consumed;
        }

        /**
         * Stops the producer after the send under way, waits (up to 30 s) for every confirmed message to arrive, puts
         * the counts in the point given to {@link #countInto(Map)}, and closes the connections.
         */
        @Override
        public void close() throws Exception
        {
            stopped = true;
            producer.join(FAILOVER_LIMIT.toMillis());
            final long deadline = System.nanoTime() + DRAIN.toNanos();
            while (consumedOfConfirmed() < confirmed && System.nanoTime() - deadline < 0 && null == failure())
            {
                Thread.sleep(10);
            }
            if (null != point)
            {
                count(this, point);
            }
            try
            {
                producing.close();
            }
            finally
            {
                consuming.close();
            }
        }

        /**
         * Where {@link #close()} puts the counts.
         *
         * @param point the point.
         * @return this.
         */
        Load countInto(final Map<String, Object> point)
        {
            this.point = point;
            return this;
        }
    }

    /** Nanosecond times by sequence number, growing as needed; 0 for none. */
    static final class Times
    {
        private long[] values = new long[1 << 16];

        synchronized void put(final long seq, final long ns)
        {
            if (seq >= values.length)
            {
                values = Arrays.copyOf(values, Math.max(values.length * 2, (int)seq + 1));
            }
            values[(int)seq] = ns;
        }

        synchronized long get(final long seq)
        {
            return seq < values.length ? values[(int)seq] : 0;
        }
    }
}
