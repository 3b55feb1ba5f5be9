package io.wirespeed.host.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.AtomicCounter;
import org.agrona.concurrent.status.CountersManager;
import org.junit.jupiter.api.Test;

import io.aeron.cluster.ElectionState;
import io.aeron.exceptions.AeronException;

class LeaderlessWatchTest
{
    private static final ClusterMembers MEMBERS =
        ClusterMembers.parse("0=10.0.0.1:9000,1=10.0.0.2:9000,2=10.0.0.3:9000");

    private final AtomicCounter electionState = new CountersManager(
        new UnsafeBuffer(new byte[64 * 1024]), new UnsafeBuffer(new byte[16 * 1024])).newCounter("election state");
    private final List<Throwable> reports = new ArrayList<>();
    private long now = 1_000_000_000L;
    private final LeaderlessWatch watch = new LeaderlessWatch(1, MEMBERS, electionState, reports::add, () -> now,
        LeaderlessWatch.FIRST_REPORT_NS);

    @Test
    void aMemberWithoutALeaderSaysSoAfterTenSecondsThenLessOftenAndOnceMoreWhenItHasOne()
    {
        electionState.set(ElectionState.CANVASS.code());
        assertEquals(0, after(9));
        assertEquals(1, after(1));
        assertEquals(1, reports.size());
        final String first = reports.get(0).getMessage();
        for (final String part : List.of("cluster member 1 has had no leader for 10 s", "CANVASS", "2 of the 3",
            "wirespeed.cluster.members=0=10.0.0.1:9000,1=10.0.0.2:9000,2=10.0.0.3:9000", "this same list"))
        {
            assertTrue(first.contains(part), part + " in: " + first);
        }
        assertEquals(AeronException.Category.WARN, ((AeronException)reports.get(0)).category());

        assertEquals(0, after(19));
        assertEquals(1, after(1));
        assertTrue(reports.get(1).getMessage().contains("no leader for 30 s"), reports.get(1).getMessage());

        electionState.set(ElectionState.CLOSED.code());
        assertEquals(1, after(5));
        assertEquals(3, reports.size());
        assertTrue(reports.get(2).getMessage().contains("cluster member 1 has a leader again after 35 s"),
            reports.get(2).getMessage());
        assertEquals(0, after(60));
        assertEquals(3, reports.size());
    }

    @Test
    void anElectionThatEndsWithinTenSecondsSaysNothingAndTheNextOneIsTimedFromItsOwnStart()
    {
        electionState.set(ElectionState.CANVASS.code());
        assertEquals(0, after(5));
        electionState.set(ElectionState.CLOSED.code());
        assertEquals(0, after(60));

        electionState.set(ElectionState.NOMINATE.code());
        assertEquals(0, after(0));
        assertEquals(0, after(9));
        electionState.set(ElectionState.FOLLOWER_LOG_INIT.code());
        assertEquals(1, after(1));
        assertTrue(reports.get(0).getMessage().contains("no leader for 10 s (its election is in state " +
            "FOLLOWER_LOG_INIT)"), reports.get(0).getMessage());
        assertEquals(1, reports.size());
    }

    @Test
    void aClosedCounterIsLeftAlone()
    {
        electionState.set(ElectionState.CANVASS.code());
        electionState.close();
        assertEquals(0, after(600));
        assertEquals(List.of(), reports);
    }

    private int after(final long seconds)
    {
        now += TimeUnit.SECONDS.toNanos(seconds);
        return watch.doWork();
    }
}
