package io.wirespeed.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.bench.rig.Points;
import io.wirespeed.bench.rig.RunProfile;
import io.wirespeed.bench.scenario.FailoverScenario;
import io.wirespeed.test.SlowTest;

/**
 * S10's short profile run as the suite runs it (a step JVM, three member processes of its own on loopback): a point
 * per signal, each kill counted with its failover times, the member settings recorded, nothing confirmed lost and
 * nothing twice unmarked; then cost-of-consensus points for the cluster and for the single host, one per kind of send
 * (synchronous and asynchronous PERSISTENT, NON_PERSISTENT), the cluster's synchronous sends to a topic with a
 * durable subscription, and Artemis's replicated pair 1->1 only ({@code s10artemis=1}; the suite measures 2->2 too),
 * nothing lost. Each cost-of-consensus point measures 1 s ({@code measure=0.5}) instead of the short profile's 3 s:
 * seventeen of them.
 * What the times are is the suite's business, not a test's: no threshold here.
 */
@SlowTest
@Timeout(240)
class FailoverStepTest
{
    @Test
    @SuppressWarnings("unchecked")
    void countsEveryKillWithItsTimesAndLosesNothingConfirmed(@TempDir final Path out) throws Exception
    {
        final StepJvm.Outcome outcome = StepJvm.run(new Plan.Step(FailoverScenario.ID, FailoverScenario.PEER),
            RunProfile.parse(new String[] {"measure=0.5", "s10artemis=1"}), out, 220);

        assertNull(outcome.error(), "the step's error");
        final List<Map<String, Object>> failovers =
            outcome.points().stream().filter(p -> p.containsKey("signal")).toList();
        assertEquals(FailoverScenario.SIGNALS, failovers.stream().map(p -> p.get("signal")).toList(),
            outcome.points().toString());
        final List<Map<String, Object>> consensus = outcome.points().stream()
            .filter(p -> FailoverScenario.CONSENSUS.equals(p.get("mode"))).toList();
        assertEquals(List.of("cluster 1->1 SYNC", "cluster 1->1 ASYNC", "cluster 1->1 NON_PERSISTENT",
            "cluster 2->2 SYNC", "cluster 2->2 ASYNC", "cluster 2->2 NON_PERSISTENT",
            "cluster 1->1 SYNC to durable topic", "cluster 1->1 ASYNC to durable topic",
            "single 1->1 SYNC", "single 1->1 ASYNC", "single 1->1 NON_PERSISTENT", "single 2->2 SYNC",
            "single 2->2 ASYNC", "single 2->2 NON_PERSISTENT", "artemis-pair 1->1 SYNC", "artemis-pair 1->1 ASYNC",
            "artemis-pair 1->1 NON_PERSISTENT"), consensus.stream().map(p -> p.get("host") + " " +
            p.get("pairs") + " " + p.get("sendKind") + ("queue".equals(p.get("destination")) ? "" : " to " +
            p.get("destination"))).toList(), outcome.points().toString());
        for (final Map<String, Object> point : consensus)
        {
            assertFalse(point.containsKey("error"), point.toString());
            assertTrue(Points.number(point, "msgPerSec") > 0 && Points.number(point, "send", "p50") > 0,
                point::toString);
            assertEquals(0L, ((Number)point.get("lost")).longValue(), point::toString);
        }
        for (final Map<String, Object> point : failovers)
        {
            assertFalse(point.containsKey("error"), point.toString());
            assertEquals(FailoverScenario.ID, point.get("scenario"));
            assertEquals(FailoverScenario.PEER, point.get("peer"));
            final int count = "SIGKILL".equals(point.get("signal")) ?
                FailoverScenario.SHORT.sigkills() : FailoverScenario.SHORT.sigterms();
            final List<Map<String, Object>> kills = (List<Map<String, Object>>)point.get("kills");
            assertEquals(count, kills.size(), point.toString());
            for (final Map<String, Object> kill : kills)
            {
                assertTrue(Points.number(kill, "sendMs") > 0 && Points.number(kill, "deliveryMs") > 0, kill::toString);
                assertTrue(Points.number(kill, "leader") >= 0 && Points.number(kill, "newLeader") >= 0,
                    kill::toString);
            }
            for (final String summary : List.of("failoverSendMs", "failoverDeliveryMs"))
            {
                assertEquals(count, Points.number(point, summary, "count"), point::toString);
                final double p50 = Points.number(point, summary, "p50");
                assertTrue(p50 > 0 && p50 <= Points.number(point, summary, "p99") &&
                    Points.number(point, summary, "p99") <= Points.number(point, summary, "max"), point::toString);
            }
            assertEquals(Map.of("wirespeed.cluster.leaderHeartbeatTimeout", "1s",
                "wirespeed.cluster.leaderHeartbeatInterval", "100ms", "wirespeed.cluster.electionTimeout", "500ms"),
                point.get("memberSettings"));
            assertTrue(Points.number(point, "confirmed") > 0, point::toString);
            assertEquals(point.get("confirmed"), point.get("consumedOfConfirmed"), point::toString);
            assertEquals(0L, ((Number)point.get("lost")).longValue(), point::toString);
            assertEquals(0L, ((Number)point.get("duplicatesUnmarked")).longValue(), point::toString);
            assertEquals(true, point.get("complete"), point::toString);
        }
    }
}
