package io.wirespeed.host.cluster;

import java.util.concurrent.TimeUnit;

import org.agrona.ErrorHandler;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.NanoClock;
import org.agrona.concurrent.status.AtomicCounter;

import io.aeron.cluster.ElectionState;
import io.aeron.exceptions.AeronException;

/**
 * Tells the operator when a member has gone without a leader for a while: a member whose election does not end (it
 * cannot reach a majority of the members, or the others were given another {@code wirespeed.cluster.members} and
 * ignore it) says so as a warning to its error handler after {@link #FIRST_REPORT_NS}, then after twice as long each
 * time up to {@link #LONGEST_REPORT_INTERVAL_NS}, naming how long, the election's state, its list and what a leader
 * needs; and once more when an election ends, naming how long it took. A member cannot name the others' lists before
 * it reaches them (the leader's list comes through the log), so this is what a member with a list the others do not
 * share shows while it reaches none of them. An election that ends within the first report's time (a failover, a
 * start) says nothing.
 */
final class LeaderlessWatch implements Agent
{
    /** How long without a leader before the first report. */
    static final long FIRST_REPORT_NS = TimeUnit.SECONDS.toNanos(10);
    /** The longest time between two reports while the member stays without a leader. */
    static final long LONGEST_REPORT_INTERVAL_NS = TimeUnit.MINUTES.toNanos(5);

    private final int memberId;
    private final ClusterMembers members;
    private final AtomicCounter electionState;
    private final ErrorHandler reports;
    private final NanoClock clock;
    private final long firstReportNs;
    private long leaderlessSinceNs;
    private long nextReportNs;
    private long intervalNs;
    private boolean reported;

    /**
     * Watches a member's election state.
     *
     * @param memberId      the member's id.
     * @param members       the list it was given.
     * @param electionState its consensus module's election state counter.
     * @param reports       told each report, as an {@link AeronException} of category {@code WARN}.
     * @param clock         the time.
     * @param firstReportNs how long without a leader before the first report: {@link #FIRST_REPORT_NS}, shorter in
     *                      tests.
     */
    LeaderlessWatch(
        final int memberId,
        final ClusterMembers members,
        final AtomicCounter electionState,
        final ErrorHandler reports,
        final NanoClock clock,
        final long firstReportNs)
    {
        this.memberId = memberId;
        this.members = members;
        this.electionState = electionState;
        this.reports = reports;
        this.clock = clock;
        this.firstReportNs = firstReportNs;
        this.leaderlessSinceNs = clock.nanoTime();
        this.nextReportNs = leaderlessSinceNs + firstReportNs;
        this.intervalNs = firstReportNs;
    }

    @Override
    public String roleName()
    {
        return "wirespeed-leaderless-watch-" + memberId;
    }

    /**
     * Reads the election state; reports when it has not been closed (a leader known) for long enough.
     *
     * @return 1 when it reported, else 0.
     */
    @Override
    public int doWork()
    {
        if (electionState.isClosed())
        {
            return 0;
        }
        final long nowNs = clock.nanoTime();
        final ElectionState state = ElectionState.get(electionState.get());
        if (ElectionState.CLOSED == state)
        {
            final boolean wasReported = reported;
            if (wasReported)
            {
                reports.onError(new AeronException("cluster member " + memberId + " has a leader again after " +
                    seconds(nowNs - leaderlessSinceNs) + " s without one", AeronException.Category.WARN));
            }
            leaderlessSinceNs = Long.MIN_VALUE;
            reported = false;
            return wasReported ? 1 : 0;
        }
        if (Long.MIN_VALUE == leaderlessSinceNs)
        {
            leaderlessSinceNs = nowNs;
            nextReportNs = nowNs + firstReportNs;
            intervalNs = firstReportNs;
            return 0;
        }
        if (nowNs - nextReportNs < 0)
        {
            return 0;
        }
        reports.onError(new AeronException("cluster member " + memberId + " has had no leader for " +
            seconds(nowNs - leaderlessSinceNs) + " s (its election is in state " + state + "): a leader needs " +
            (members.size() / 2 + 1) + " of the " + members.size() + " members of " + ClusterMembers.MEMBERS_PROP +
            "=" + members + " running, each given this same list, and reaching each other on their consensus " +
            "ports (PORT+1); check that they run, that this list is theirs, and that its hosts are reachable from " +
            "here", AeronException.Category.WARN));
        reported = true;
        intervalNs = Math.min(intervalNs * 2, LONGEST_REPORT_INTERVAL_NS);
        nextReportNs = nowNs + intervalNs;
        return 1;
    }

    private static long seconds(final long nanos)
    {
        return TimeUnit.NANOSECONDS.toSeconds(nanos);
    }
}
