package io.wirespeed.bench;

import static io.wirespeed.bench.peer.Peers.AERON_IPC;
import static io.wirespeed.bench.peer.Peers.AERON_UDP;
import static io.wirespeed.bench.peer.Peers.ALL;
import static io.wirespeed.bench.peer.Peers.ARTEMIS_INVM;
import static io.wirespeed.bench.peer.Peers.ARTEMIS_TCP;
import static io.wirespeed.bench.peer.Peers.KERNEL_UDP;
import static io.wirespeed.bench.peer.Peers.WIRESPEED_IPC;
import static io.wirespeed.bench.peer.Peers.WIRESPEED_UDP;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.wirespeed.bench.peer.Peers;
import io.wirespeed.bench.rig.Placement;
import io.wirespeed.bench.rig.RunProfile;
import io.wirespeed.bench.scenario.FailoverScenario;

/** Which peers each scenario runs, in the order the suite runs them. */
public final class Plan
{
    /** What each scenario measures, for progress lines and the report. */
    public static final Map<String, String> SCENARIOS = scenarios();

    /**
     * The scenarios whose pairs and streams can span hosts ({@link Placement}): those built on
     * {@code PeerRuns.pingPong} and {@code PeerRuns.stream}, whose far side runs in a JVM of its own, S3, whose
     * ponger runs there with a load of that host's, and S8, whose matching engine runs there.
     */
    public static final Set<String> ACROSS_HOSTS = Set.of("S1", "S2", "S3", "S4", "S5", "S8", "S9");

    /**
     * The scenarios that between hosts also run Wirespeed with a clustered queue host,
     * {@link Peers#WIRESPEED_CLUSTER_NETNS}, right after {@code wirespeed-udp-netns} (whose queue host is single).
     */
    public static final Set<String> CLUSTERED_ACROSS_HOSTS = Set.of("S8");

    private Plan()
    {
    }

    /**
     * One step: a scenario for a peer, run in a JVM of its own.
     *
     * @param scenario the scenario id.
     * @param peer     the peer's name.
     */
    public record Step(String scenario, String peer)
    {
    }

    /**
     * The steps of a run on loopback.
     *
     * @param profile   short or long.
     * @param scenarios the scenario ids to run, or empty for all.
     * @param peers     the peers to run, or empty for all.
     * @return the steps in order.
     */
    public static List<Step> steps(final RunProfile profile, final Set<String> scenarios, final Set<String> peers)
    {
        return steps(profile, scenarios, peers, false);
    }

    /**
     * The steps of a run.
     *
     * @param profile     short or long.
     * @param scenarios   the scenario ids to run, or empty for all.
     * @param peers       the peers to run, or empty for all.
     * @param acrossHosts whether the scenarios of {@link #ACROSS_HOSTS} also run their network peers between hosts
     *                    (each as its twin {@code <peer>-netns}, right after it), and those of
     *                    {@link #CLUSTERED_ACROSS_HOSTS} the clustered queue host.
     * @return the steps in order.
     */
    public static List<Step> steps(
        final RunProfile profile, final Set<String> scenarios, final Set<String> peers, final boolean acrossHosts)
    {
        final Map<String, List<String>> plan = new LinkedHashMap<>();
        plan.put("S1", ALL);
        plan.put("S2", ALL);
        plan.put("S3", List.of(WIRESPEED_IPC, WIRESPEED_UDP, ARTEMIS_INVM));
        plan.put("S4", List.of(WIRESPEED_IPC, AERON_IPC, WIRESPEED_UDP, AERON_UDP, KERNEL_UDP));
        plan.put("S5", List.of(WIRESPEED_IPC, AERON_IPC, WIRESPEED_UDP, AERON_UDP, KERNEL_UDP));
        plan.put("S6", List.of(WIRESPEED_IPC, WIRESPEED_UDP, ARTEMIS_INVM));
        plan.put("S7", List.of(WIRESPEED_IPC, ARTEMIS_INVM));
        plan.put("S8", List.of(WIRESPEED_IPC, WIRESPEED_UDP, ARTEMIS_INVM, ARTEMIS_TCP));
        plan.put("S9", List.of(WIRESPEED_UDP, AERON_UDP, KERNEL_UDP));
        plan.put("DEF", List.of(WIRESPEED_IPC, ARTEMIS_INVM));
        plan.put("QS", List.of(WIRESPEED_IPC));
        plan.put("WC", List.of(WIRESPEED_IPC));
        plan.put("CH", List.of(WIRESPEED_IPC, ARTEMIS_INVM, ARTEMIS_TCP));
        plan.put("SEL", List.of(WIRESPEED_IPC, ARTEMIS_INVM));
        plan.put(FailoverScenario.ID, List.of(FailoverScenario.PEER, FailoverScenario.PEER_AERON_DEFAULTS));
        final List<Step> steps = new ArrayList<>();
        plan.forEach((scenario, scenarioPeers) ->
        {
            if (scenarios.isEmpty() || scenarios.contains(scenario))
            {
                for (final String peer : scenarioPeers)
                {
                    if (peers.isEmpty() || peers.contains(peer))
                    {
                        steps.add(new Step(scenario, peer));
                    }
                    final String twin = Placement.twin(peer);
                    if (acrossHosts && ACROSS_HOSTS.contains(scenario) && Peers.ACROSS_HOSTS.contains(peer) &&
                        (peers.isEmpty() || peers.contains(twin)))
                    {
                        steps.add(new Step(scenario, twin));
                    }
                    if (acrossHosts && CLUSTERED_ACROSS_HOSTS.contains(scenario) && WIRESPEED_UDP.equals(peer) &&
                        (peers.isEmpty() || peers.contains(Peers.WIRESPEED_CLUSTER_NETNS)))
                    {
                        steps.add(new Step(scenario, Peers.WIRESPEED_CLUSTER_NETNS));
                    }
                }
            }
        });
        return steps;
    }

    /**
     * Checks the ids an {@code only=} option names.
     *
     * @param only the ids given.
     * @throws IllegalArgumentException naming the ids the suite knows, if one of them is not a scenario or JMH.
     */
    public static void checkScenarioIds(final Set<String> only)
    {
        for (final String id : only)
        {
            if (!SCENARIOS.containsKey(id) && !"JMH".equals(id))
            {
                throw new IllegalArgumentException("only=" + String.join(",", only) + " names " + id +
                    ", which is no scenario: give some of " + String.join(",", SCENARIOS.keySet()) + ",JMH");
            }
        }
    }

    private static Map<String, String> scenarios()
    {
        final Map<String, String> scenarios = new LinkedHashMap<>();
        scenarios.put("S1",
            "reflector: 45-byte round trip, ping-pong and at target rates, latency from intended send time");
        scenarios.put("S2", "maximum lossless throughput, one publisher to one subscriber, 32/45/100/1000 bytes");
        scenarios.put("S3", "blocking-receive ping-pong while both connections consume N = 0, 1,000, 10,000 topics " +
            "loaded at 20k msg/s");
        scenarios.put("S4", "latency vs message size, ping-pong, 32 bytes to 64 KiB");
        scenarios.put("S5", "latency vs rate at 64 and 800 bytes");
        scenarios.put("S6", "10 publishers x 10 topics (12-byte names) x 10 subscribers, 100 bytes, one-way latency");
        scenarios.put("S7", "fan-out to 1...32 consumers; 1...1024 non-matching subscriptions");
        scenarios.put("S8",
            "stock exchange: gateway -> matching engine -> confirmations/trades/quotes, completion time");
        scenarios.put("S9", "UDP half-RTT percentiles at 70 bytes; rate achieved vs target up to 3M msg/s");
        scenarios.put("DEF", "default configuration (wirespeed:ipc, no option): blocking-receive ping-pong, 45 bytes");
        scenarios.put("QS", "the quickstart (examples) as its README runs it: 45 bytes at 50k msg/s");
        scenarios.put("WC", "one wildcard consumer vs 1,000 exact consumers over 1,000 topics at 100k msg/s: " +
            "one-way p50 ratio, target <= 1.1");
        scenarios.put("CH", "connection churn: a connection (or createContext()), one send, close, per cycle, on a " +
            "queue and a topic, a long-lived consumer checking arrival and order; targets p50 <= 100 us, p99 <= 1 ms");
        scenarios.put("SEL", "selectors at scale: one matching consumer beside 0, 63, 255, 1,023 others with equal, " +
            "distinct equality or general selectors on one topic, publisher at full speed; target: distinct " +
            "equality at 1,024 consumers >= 50% of 1 consumer's rate");
        scenarios.put(FailoverScenario.ID, "failover: a 3-member clustered queue host on loopback, a synchronous " +
            "PERSISTENT producer and a consumer at a steady rate, the leader killed (SIGKILL; then SIGTERM) and " +
            "restarted: time to the first send returned and delivery after it; targets p99 <= 2 s, <= 1 s; beside it " +
            "the kills with Aeron Cluster's own failure detection (10 s heartbeat timeout)");
        return scenarios;
    }
}
