package io.wirespeed.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportWriterTest
{
    @TempDir
    Path directory;

    @Test
    void namesTheCommitAndWhetherTheTreeWasDirtyBesideTheMachineAndItsLoad()
    {
        final Map<String, Object> results = new LinkedHashMap<>();
        results.put("machine", Map.of("host", "lab1", "cores", 2, "loadAverage", "10.40 9.80 7.10",
            "loadAverageAtEnd", "12.00 10.10 7.50"));
        results.put("commit", "d7d5ed9c0ffee");
        results.put("dirty", true);
        final String dirty = MarkdownRenderer.render(ReportWriter.build(results), Map.of());
        assertTrue(dirty.contains("Commit: d7d5ed9c0ffee with changes not committed"), dirty);
        assertTrue(dirty.contains("Machine: lab1"), dirty);
        assertTrue(dirty.contains("load average (1, 5, 15 min) 10.40 9.80 7.10 at the start, 12.00 10.10 7.50 at " +
            "the end"), dirty);

        results.put("dirty", false);
        assertTrue(MarkdownRenderer.render(ReportWriter.build(results), Map.of())
            .contains("Commit: d7d5ed9c0ffee (a clean tree)."));
    }

    @Test
    void judgesTargetsFromPointsOfTheSameRun()
    {
        final List<Map<String, Object>> points = List.of(
            pingPong("wirespeed-ipc", 2.0, 40), pingPong("aeron-ipc", 1.8, 30),
            pingPong("wirespeed-udp", 30, 400), pingPong("kernel-udp", 20, 300));

        final List<Map<String, Object>> targets = Targets.evaluate(points);

        assertEquals("MET", status(targets, "p50 RTT ≤ 1.25 × raw Aeron IPC"));
        assertEquals("MET", status(targets, "p99.9 RTT ≤ 2 × raw Aeron IPC"));
        assertEquals("NOT MET", status(targets, "p50 RTT ≤ 1.3 × kernel UDP"));
        assertEquals("NOT MEASURED", status(targets, "vs Artemis in-VM: p50"));
    }

    @Test
    void judgesIssueTensTargetsForDefaultsQuickstartAllocationAndTopicScaling()
    {
        final List<Map<String, Object>> points = List.of(
            blocking("wirespeed-ipc", 6, 9, 40), blocking("artemis-invm", 200, 320, 3_000),
            quickstart(300),
            throughput("wirespeed-ipc", "listener", 0, 0), throughput("wirespeed-ipc", "sync", 0, 488),
            topics("wirespeed-ipc", 0, 6, true), topics("wirespeed-ipc", 1_000, 7, true),
            topicsError("wirespeed-ipc", 10_000, "set-up too slow: 5368 of 10000 first sends"),
            topics("wirespeed-udp", 0, 20, true), topics("wirespeed-udp", 1_000, 22, false));

        final List<Map<String, Object>> targets = Targets.evaluate(points);

        assertEquals("MET", status(targets, "p90 RTT ≤ 2 × its p50"));
        assertEquals("MET", status(targets, "Default configuration vs Artemis in-VM: p50"));
        assertEquals("MET", status(targets, "Default configuration vs Artemis in-VM: p99.9"));
        assertEquals("NOT MET", status(targets, "Quickstart"));
        assertEquals("MET", status(targets, "on send"));
        assertEquals("MET", status(targets, "on listener delivery"));
        assertEquals("NOT MET", status(targets, "on synchronous receive"));
        assertEquals("MET", status(targets, "S3 (wirespeed-ipc): p50 RTT with 1,000"));
        assertEquals("NOT MET", status(targets, "S3 (wirespeed-ipc): p50 RTT with 10,000"));
        assertTrue(detail(targets, "S3 (wirespeed-ipc): p50 RTT with 10,000").contains("set-up too slow"));
        assertEquals("NOT MET", status(targets, "S3 (wirespeed-udp): p50 RTT with 1,000"));
        assertTrue(detail(targets, "S3 (wirespeed-udp): p50 RTT with 1,000").contains("the load was not kept"));
        assertEquals("NOT MEASURED", status(targets, "S3 (wirespeed-udp): p50 RTT with 10,000"));
    }

    @Test
    void showsEveryFigureBesideItsPeers()
    {
        final List<Map<String, Object>> points = List.of(
            pingPong("wirespeed-ipc", 2.0, 40), pingPong("aeron-ipc", 1.6, 30),
            topics("wirespeed-ipc", 0, 6, true), topics("wirespeed-ipc", 1_000, 12, true),
            topics("artemis-invm", 1_000, 240, true),
            blocking("wirespeed-ipc", 6, 9, 40), blocking("artemis-invm", 200, 320, 3_000));
        final Map<String, Object> results = new LinkedHashMap<>();
        results.put("points", points);

        final String markdown = MarkdownRenderer.render(ReportWriter.build(results), Map.of());

        assertTrue(markdown.contains("| 1.25× aeron-ipc | 1.33× aeron-ipc |"), markdown);
        assertTrue(markdown.contains("| 2.00× | "), "S3 ÷ N=0: " + markdown);
        assertTrue(markdown.contains("| 0.050× artemis-invm |"), "S3 ÷ Artemis at the same N: " + markdown);
        assertTrue(markdown.contains("| 1.50× | 0.030× artemis-invm | 0.013× artemis-invm |"),
            "DEF p90 ÷ p50 and ÷ Artemis: " + markdown);
    }

    @Test
    void showsWhereS8sPartsRanBetweenHostsBesideTheOtherPeers()
    {
        final Map<String, Object> single = stockExchange("wirespeed-udp-netns", 900);
        single.put("hosts", "near -> far");
        single.put("queueHost", "single, 10.0.0.3:40400");
        final Map<String, Object> cluster = stockExchange("wirespeed-cluster-netns", 2_400);
        cluster.put("hosts", "near -> far, queues through the members 10.0.0.3:20000,10.0.0.4:20000,10.0.0.5:20000");
        cluster.put("queueHost", "cluster of 3, 10.0.0.3:20000,10.0.0.4:20000,10.0.0.5:20000");
        cluster.put("memberHosts", List.of("member0 10.0.0.3", "member1 10.0.0.4", "member2 10.0.0.5"));
        final Map<String, Object> results = new LinkedHashMap<>();
        results.put("points", List.of(stockExchange("wirespeed-ipc", 40), single, cluster));

        final String markdown = MarkdownRenderer.render(ReportWriter.build(results), Map.of());

        assertTrue(markdown.contains("| wirespeed-cluster-netns | 8,000 | 1,000 |"), markdown);
        assertTrue(markdown.contains("| wirespeed-udp-netns | udp-netns | single, 10.0.0.3:40400 | – | near -> far |"),
            markdown);
        assertTrue(markdown.contains("| wirespeed-cluster-netns | udp-netns | cluster of 3, 10.0.0.3:20000,10.0.0.4:" +
            "20000,10.0.0.5:20000 | member0 10.0.0.3; member1 10.0.0.4; member2 10.0.0.5 |"), markdown);
        assertTrue(!markdown.contains("| wirespeed-ipc | udp"), "a peer on one host has no layout row: " + markdown);
    }

    @Test
    void judgesConnectionChurnByItsCycleTimesLossAndOrderAndShowsItBesideArtemis()
    {
        final List<Map<String, Object>> points = List.of(
            churn("wirespeed-ipc", "queue", "connection", 80, 900, 0),
            churn("wirespeed-ipc", "queue", "context", 120, 900, 0),
            churn("wirespeed-ipc", "topic", "connection", 60, 400, 2),
            firstMessage("queue", 30, 29), firstMessage("topic", 40, 10),
            churn("artemis-invm", "queue", "connection", 800, 6_000, 0));

        final List<Map<String, Object>> targets = Targets.evaluate(points);

        assertEquals("MET", status(targets, "churn (wirespeed:ipc, CH), queue, a connection per send"));
        assertTrue(detail(targets, "churn (wirespeed:ipc, CH), queue, a connection per send")
            .contains("artemis-invm p50 800.0 µs"));
        assertEquals("NOT MET", status(targets, "churn (wirespeed:ipc, CH), queue, createContext() per send"));
        assertEquals("NOT MET", status(targets, "churn (wirespeed:ipc, CH), topic, a connection per send"));
        assertTrue(detail(targets, "churn (wirespeed:ipc, CH), topic, a connection per send")
            .contains("out of order 2"));
        assertEquals("NOT MEASURED", status(targets, "churn (wirespeed:ipc, CH), topic, createContext() per send"));
        assertEquals("MET", status(targets, "churn (wirespeed:ipc, CH), queue, a consumer per message"));
        assertEquals("NOT MET", status(targets, "churn (wirespeed:ipc, CH), topic, a consumer per message"));
        assertTrue(detail(targets, "churn (wirespeed:ipc, CH), topic, a consumer per message")
            .contains("first message p50 40.0 µs, long-lived p50 10.0 µs"));

        final Map<String, Object> results = new LinkedHashMap<>();
        results.put("points", points);
        final String markdown = MarkdownRenderer.render(ReportWriter.build(results), Map.of());
        assertTrue(markdown.contains("| wirespeed-ipc | queue | connection | 80.00 | 90.00 | 900 | 900 | 900 | " +
            "240 / 3,600 | – / – | 0.10× artemis-invm | 2,000 |"), markdown);
    }

    @Test
    void judgesFailoverByTheWorseP99OfSendAndDeliveryAndByLossAndListsEachKill()
    {
        final List<Map<String, Object>> points = List.of(
            failover("SIGKILL", 1_500, 1_900, 0), failover("SIGTERM", 800, 1_200, 0));

        final List<Map<String, Object>> targets = Targets.evaluate(points);

        assertEquals("MET", status(targets, "Failover (S10, wirespeed-cluster), SIGKILL of the leader"));
        assertTrue(detail(targets, "Failover (S10, wirespeed-cluster), SIGKILL of the leader")
            .contains("send p50 1,500 ms, p99 1,600 ms"));
        assertEquals("NOT MET", status(targets, "Failover (S10, wirespeed-cluster), SIGTERM of the leader"));
        assertEquals("NOT MET", status(Targets.evaluate(List.of(failover("SIGKILL", 100, 200, 1))),
            "Failover (S10, wirespeed-cluster), SIGKILL of the leader"));
        assertEquals("NOT MEASURED", status(Targets.evaluate(List.of()),
            "Failover (S10, wirespeed-cluster), SIGTERM of the leader"));

        final Map<String, Object> results = new LinkedHashMap<>();
        results.put("points", points);
        final String markdown = MarkdownRenderer.render(ReportWriter.build(results), Map.of());
        assertTrue(markdown.contains("| wirespeed-cluster | {wirespeed.cluster.leaderHeartbeatTimeout=1s} | " +
            "SIGKILL | 2 | 1,500 | 1,600 | 1,600 | 1,900 | 1,900 | 1,900 | 2,000 | 200 / 190 | 5,000 | 0 | 0 | 0 |  |"),
            markdown);
        assertTrue(markdown.contains("| wirespeed-cluster | SIGKILL | 2 | 2 | 1 | 1,600 | 1,900 | 90 | 4,000 |"),
            markdown);
    }

    @Test
    void judgesFanOutAsThePublishRateToThirtyTwoConsumersOverTheRateToOne()
    {
        final String target = "Fan-out (wirespeed-ipc, S7)";
        assertEquals("MET", status(Targets.evaluate(List.of(fanOut(1, 1_000_000), fanOut(32, 500_000))), target));
        assertEquals("NOT MET", status(Targets.evaluate(List.of(fanOut(1, 4_000_000), fanOut(32, 250_000))),
            target));
        assertTrue(detail(Targets.evaluate(List.of(fanOut(1, 4_000_000), fanOut(32, 250_000))), target)
            .contains("250,000 vs 4,000,000 msg/s: 6%"));
        final Map<String, Object> nonMatching = fanOut(1, 100);
        nonMatching.put("variant", "non-matching-topics");
        assertEquals("NOT MEASURED", status(Targets.evaluate(List.of(nonMatching, fanOut(32, 250_000))), target),
            "a non-matching point is no fan-out base");
    }

    private static Map<String, Object> fanOut(final int consumers, final long published)
    {
        final Map<String, Object> point = new LinkedHashMap<>();
        point.put("scenario", "S7");
        point.put("peer", "wirespeed-ipc");
        point.put("variant", "fan-out");
        point.put("consumers", consumers);
        point.put("msgPerSec", published);
        return point;
    }

    @Test
    void judgesTheCostOfConsensusAsTheClustersRateOverTheSingleHostsAndShowsBoth()
    {
        final List<Map<String, Object>> points =
            List.of(consensus("cluster", 474, 1_994), consensus("single", 900, 521));

        assertEquals("MET", status(Targets.evaluate(points), "Cost of consensus (S10)"));
        assertEquals("NOT MET", status(Targets.evaluate(List.of(consensus("cluster", 474, 1_994),
            consensus("single", 1_726, 521))), "Cost of consensus (S10)"));
        assertEquals("NOT MEASURED", status(Targets.evaluate(List.of(consensus("cluster", 474, 1_994))),
            "Cost of consensus (S10)"));

        final Map<String, Object> results = new LinkedHashMap<>();
        results.put("points", points);
        final String markdown = MarkdownRenderer.render(ReportWriter.build(results), Map.of());
        assertTrue(markdown.contains("| cluster | queue | PERSISTENT, synchronous send, closed loop | 1->1 | 474 | " +
            "1,994 | 3,988 | 9,970 | 10,000 | 0 |  |"), markdown);
    }

    @Test
    void judgesTheClusterAboveArtemissReplicatedPairAndShowsThePairsRow()
    {
        final String target = "Cost of consensus vs Artemis (S10)";
        final List<Map<String, Object>> points =
            List.of(consensus("cluster", 4_000, 250), consensus("artemis-pair", 3_000, 330));

        assertEquals("MET", status(Targets.evaluate(points), target));
        assertEquals("NOT MET", status(Targets.evaluate(List.of(consensus("cluster", 4_000, 250),
            consensus("artemis-pair", 4_000, 250))), target));
        final Map<String, Object> failed = consensus("artemis-pair", 0, 0);
        failed.put("error", "the Artemis pair did not start: no backup");
        assertEquals("NOT MEASURED", status(Targets.evaluate(List.of(consensus("cluster", 4_000, 250), failed)),
            target));

        final Map<String, Object> results = new LinkedHashMap<>();
        results.put("points", points);
        final String markdown = MarkdownRenderer.render(ReportWriter.build(results), Map.of());
        assertTrue(markdown.contains("| artemis-pair | queue | PERSISTENT, synchronous send, closed loop | 1->1 | " +
            "3,000 | 330 | 660 | 1,650 | 10,000 | 0 |  |"), markdown);
    }

    @Test
    void judgesStabilityByTheElectionsWhileTheClusterCarriedItsTopRate()
    {
        final String target = "No election unasked (S10, long suite)";
        assertEquals("MET", status(Targets.evaluate(List.of(stability(0))), target));
        assertTrue(detail(Targets.evaluate(List.of(stability(0))), target).startsWith("0 election(s) in 600 s at " +
            "25,000 msg/s"), () -> detail(Targets.evaluate(List.of(stability(0))), target));
        assertEquals("NOT MET", status(Targets.evaluate(List.of(stability(1))), target));
        assertEquals("NOT MEASURED", status(Targets.evaluate(List.of(consensus("cluster", 474, 1_994))), target));

        final Map<String, Object> results = new LinkedHashMap<>();
        results.put("points", List.of(stability(2)));
        final String markdown = MarkdownRenderer.render(ReportWriter.build(results), Map.of());
        assertTrue(markdown.contains("for 600 s at 25,000 msg/s: 2 election(s)"), markdown);
    }

    private static Map<String, Object> stability(final long elections)
    {
        final Map<String, Object> point = consensus("cluster", 25_000, 4_000);
        point.put("mode", "stability");
        point.put("sendKind", "ASYNC");
        point.put("measureSeconds", 600.0);
        point.put("confirmed", 15_000_000L);
        point.put("elections", elections);
        return point;
    }

    private static Map<String, Object> consensus(final String host, final long msgPerSec, final double p50)
    {
        final Map<String, Object> point = new LinkedHashMap<>();
        point.put("scenario", "S10");
        point.put("peer", "wirespeed-cluster");
        point.put("mode", "consensus");
        point.put("host", host);
        point.put("pairs", "1->1");
        point.put("sendKind", "SYNC");
        point.put("deliveryMode", "PERSISTENT, synchronous send, closed loop");
        point.put("msgPerSec", msgPerSec);
        point.put("send", Map.of("p50", p50, "p99", p50 * 2, "max", p50 * 5));
        point.put("measuredSends", 10_000L);
        point.put("lost", 0L);
        return point;
    }

    @Test
    void writesMarkdownWithChartFilesAndHtmlWithInlineSvg() throws Exception
    {
        final Map<String, Object> results = new LinkedHashMap<>();
        results.put("machine", Map.of("cores", 2, "cpuModel", "Test CPU"));
        results.put("profile", Map.of("mode", "short"));
        final List<Map<String, Object>> points = new ArrayList<>(List.of(
            pingPong("wirespeed-ipc", 2.0, 40), pingPong("aeron-ipc", 1.8, 30)));
        results.put("points", points);
        results.put("targets", Targets.evaluate(points));

        ReportWriter.write(results, directory);

        final String markdown = Files.readString(directory.resolve("report.md"));
        final String html = Files.readString(directory.resolve("report.html"));
        assertTrue(markdown.contains("# Wirespeed benchmark report — 2 cores, Test CPU"));
        assertTrue(markdown.contains("| wirespeed-ipc | ipc | 1.00 |"), markdown);
        assertTrue(markdown.contains("![s1-pingpong-percentiles](charts/s1-pingpong-percentiles.svg)"));
        assertTrue(Files.readString(directory.resolve("charts/s1-pingpong-percentiles.svg")).startsWith("<svg"));
        assertTrue(html.contains("<svg") && html.contains("class=\"met\""));
        assertTrue(!html.contains("<script"));
    }

    private static String status(final List<Map<String, Object>> targets, final String fragment)
    {
        for (final Map<String, Object> target : targets)
        {
            if (String.valueOf(target.get("target")).contains(fragment))
            {
                return String.valueOf(target.get("status"));
            }
        }
        throw new AssertionError("no target " + fragment);
    }

    private static String detail(final List<Map<String, Object>> targets, final String fragment)
    {
        for (final Map<String, Object> target : targets)
        {
            if (String.valueOf(target.get("target")).contains(fragment))
            {
                return String.valueOf(target.get("detail"));
            }
        }
        throw new AssertionError("no target " + fragment);
    }

    private static Map<String, Object> blocking(
        final String peer, final double p50, final double p90, final double p999)
    {
        final Map<String, Object> point = new LinkedHashMap<>();
        point.put("scenario", "DEF");
        point.put("peer", peer);
        point.put("mode", "pingpong");
        point.put("rtt", Map.of("p50", p50, "p90", p90, "p99.9", p999));
        return point;
    }

    private static Map<String, Object> stockExchange(final String peer, final double meanMicros)
    {
        final Map<String, Object> point = new LinkedHashMap<>();
        point.put("scenario", "S8");
        point.put("peer", peer);
        point.put("transport", peer.endsWith("-netns") ? "udp-netns" : "ipc");
        point.put("targetRate", 8_000.0);
        point.put("received", 1_000L);
        point.put("lost", 0L);
        point.put("saturated", false);
        point.put("latency", Map.of("mean", meanMicros * 1_000, "p50", meanMicros * 1_000, "p99", meanMicros * 2_000,
            "p99.9", meanMicros * 3_000, "max", meanMicros * 4_000));
        return point;
    }

    private static Map<String, Object> churn(final String peer, final String destination, final String variant,
        final double p50, final double p99, final long outOfOrder)
    {
        final Map<String, Object> point = new LinkedHashMap<>();
        point.put("scenario", "CH");
        point.put("peer", peer);
        point.put("destination", destination);
        point.put("variant", variant);
        point.put("cycles", 2_000);
        point.put("cycle", Map.of("p50", p50, "p90", p50 + 10, "p99", p99, "p99.9", p99, "max", p99));
        point.put("coldCycle", Map.of("p50", p50 * 3, "p99", p99 * 4));
        point.put("cyclesPerSec", 5_000);
        point.put("lost", 0L);
        point.put("outOfOrder", outOfOrder);
        point.put("duplicates", 0L);
        point.put("complete", true);
        return point;
    }

    private static Map<String, Object> firstMessage(final String destination, final double first, final double lasting)
    {
        final Map<String, Object> point = new LinkedHashMap<>();
        point.put("scenario", "CH");
        point.put("peer", "wirespeed-ipc");
        point.put("destination", destination);
        point.put("variant", "consumer");
        point.put("cycles", 2_000L);
        point.put("cycle", Map.of("p50", 100.0, "p99", 200.0));
        point.put("firstMessage", Map.of("p50", first, "p99", first * 3));
        point.put("longLived", Map.of("p50", lasting, "p99", lasting * 3));
        point.put("lost", 0L);
        point.put("complete", true);
        return point;
    }

    private static Map<String, Object> quickstart(final double p99)
    {
        final Map<String, Object> point = new LinkedHashMap<>();
        point.put("scenario", "QS");
        point.put("peer", "wirespeed-ipc");
        point.put("targetRate", 50_000);
        point.put("complete", true);
        point.put("latency", Map.of("p50", 10.0, "p99", p99));
        return point;
    }

    private static Map<String, Object> throughput(
        final String peer, final String receive, final double sendBytes, final double receiveBytes)
    {
        final Map<String, Object> point = new LinkedHashMap<>();
        point.put("scenario", "S2");
        point.put("peer", peer);
        point.put("messageSize", 32);
        point.put("receive", receive);
        point.put("msgPerSec", 1_000_000);
        point.put("sendAllocBytesPerMsg", sendBytes);
        point.put("receiveAllocBytesPerMsg", receiveBytes);
        return point;
    }

    private static Map<String, Object> topics(final String peer, final int count, final double p50, final boolean kept)
    {
        final Map<String, Object> point = new LinkedHashMap<>();
        point.put("scenario", "S3");
        point.put("peer", peer);
        point.put("loadedTopics", count);
        point.put("loadTargetRate", count == 0 ? 0 : 20_000);
        point.put("loadSentPerSec", kept ? 20_000 : 9_000);
        point.put("loadDeliveredPerSec", kept ? 40_000 : 18_000);
        point.put("loadKept", kept);
        point.put("measuredMessages", 1_000);
        point.put("mode", "pingpong");
        point.put("rtt", Map.of("p50", p50, "p99.9", p50 * 10));
        return point;
    }

    private static Map<String, Object> topicsError(final String peer, final int count, final String error)
    {
        final Map<String, Object> point = new LinkedHashMap<>();
        point.put("scenario", "S3");
        point.put("peer", peer);
        point.put("loadedTopics", count);
        point.put("error", error);
        point.put("saturated", true);
        return point;
    }

    private static Map<String, Object> pingPong(final String peer, final double p50, final double p999)
    {
        final Map<String, Object> point = new LinkedHashMap<>();
        point.put("scenario", "S1");
        point.put("peer", peer);
        point.put("transport", peer.endsWith("ipc") ? "ipc" : "udp-loopback");
        point.put("mode", "pingpong");
        point.put("rtt", Map.of("p50", p50, "p99.9", p999));
        point.put("halfRtt", Map.of("p50", p50 / 2, "p99.9", p999 / 2,
            "curve", List.of(List.of(50.0, p50 / 2), List.of(99.0, p999 / 4), List.of(99.9, p999 / 2))));
        return point;
    }

    private static Map<String, Object> failover(
        final String signal, final double send, final double delivery, final long lost)
    {
        final Map<String, Object> point = new LinkedHashMap<>();
        point.put("scenario", "S10");
        point.put("peer", "wirespeed-cluster");
        point.put("signal", signal);
        point.put("memberSettings", Map.of("wirespeed.cluster.leaderHeartbeatTimeout", "1s"));
        point.put("targetRate", 200);
        point.put("targetP99Ms", "SIGKILL".equals(signal) ? 2_000.0 : 1_000.0);
        point.put("kills", List.of(kill(0, 2, send, delivery), kill(2, 1, send + 100, delivery)));
        point.put("failoverSendMs", Map.of("count", 2, "p50", send, "p99", send + 100, "max", send + 100));
        point.put("failoverDeliveryMs", Map.of("count", 2, "p50", delivery, "p99", delivery, "max", delivery));
        point.put("achievedRate", 190);
        point.put("confirmed", 5_000L);
        point.put("lost", lost);
        point.put("duplicatesUnmarked", 0L);
        point.put("unaskedLeaderChanges", 0);
        point.put("complete", 0 == lost);
        return point;
    }

    private static Map<String, Object> kill(final int leader, final int newLeader, final double send,
        final double delivery)
    {
        final Map<String, Object> kill = new LinkedHashMap<>();
        kill.put("leader", leader);
        kill.put("newLeader", newLeader);
        kill.put("sendMs", send);
        kill.put("deliveryMs", delivery);
        kill.put("exitMs", 90.0);
        kill.put("restartedMs", 4_000.0);
        return kill;
    }
}
