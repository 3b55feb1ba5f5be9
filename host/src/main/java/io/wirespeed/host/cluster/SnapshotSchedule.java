package io.wirespeed.host.cluster;

import java.io.File;
import java.util.concurrent.TimeUnit;

import org.agrona.CloseHelper;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.SleepingMillisIdleStrategy;

import io.aeron.Counter;
import io.aeron.archive.client.AeronArchive;
import io.aeron.cluster.ClusterControl;
import io.aeron.cluster.ClusterMembership;
import io.aeron.cluster.ClusterTool;
import io.aeron.cluster.ConsensusModule;
import io.aeron.cluster.service.Cluster;
import io.aeron.cluster.service.ClusterMarkFile;
import io.aeron.exceptions.AeronException;

/**
 * Keeps a member's disk bounded, on a thread of its own that looks every {@value #TICK_MS} ms:
 * <ul>
 *     <li>while the member leads, it asks the cluster for a snapshot ({@link ClusterControl.ToggleState#SNAPSHOT}, as
 *     {@code ClusterTool snapshot} does) once the snapshot interval has passed since the last snapshot this member
 *     took or since it became the leader, whichever is later; every member then takes one at the same log position.
 *     But only once every member's log (as the leader knows it: {@code ClusterTool list-members}) has reached the
 *     latest snapshot: so when the new snapshot lets the members purge the log behind the one before it, no member
 *     still needs that log (a follower behind the leader's log start could never catch up, Aeron Cluster replays
 *     the leader's log to it). A member that lags or is down holds the schedule back (with one warning) until it
 *     catches up. An interval of 0 asks for none (snapshots asked for otherwise, which this check does not guard,
 *     are still followed by a purge);</li>
 *     <li>after every snapshot this member takes (and once at start), it purges its log behind the older of its two
 *     latest snapshots, and the snapshots before that ({@link LogPurge}), through its own archive.</li>
 * </ul>
 * A purge the archive refuses (a replay of that part under way) is tried again a second later, and reported once per
 * snapshot as a warning ({@link AeronException.Category#WARN}); nothing of it stops the member.
 */
final class SnapshotSchedule implements Agent
{
    /** How often the schedule looks at the member's counters. */
    static final long TICK_MS = 100;
    private static final long RETRY_NS = TimeUnit.SECONDS.toNanos(1);
    private static final long NOT_LEADER = Long.MIN_VALUE;
    private static final long QUERY_TIMEOUT_MS = 1_000;

    private final int memberId;
    private final Counter snapshotCounter;
    private final Counter roleCounter;
    private final Counter controlToggle;
    private final AeronArchive.Context archiveContext;
    private final File clusterDir;
    private final long intervalNs;
    private final ErrorHandler errorHandler;
    private AeronArchive archive;
    private ClusterMarkFile markFile;
    private long snapshots = -1;
    private long nextCheckNs;
    private boolean waitWarned;
    private long lastSnapshotNs;
    private long leaderSinceNs = NOT_LEADER;
    private boolean purgePending = true;
    private boolean purgeWarned;
    private long nextPurgeNs;
    private volatile LogPurge.Result lastPurge;

    private SnapshotSchedule(
        final int memberId,
        final ConsensusModule.Context consensusModule,
        final AeronArchive.Context archiveContext,
        final long intervalNs,
        final ErrorHandler errorHandler)
    {
        this.memberId = memberId;
        this.snapshotCounter = consensusModule.snapshotCounter();
        this.roleCounter = consensusModule.clusterNodeRoleCounter();
        this.controlToggle = consensusModule.controlToggleCounter();
        this.clusterDir = consensusModule.clusterDir();
        this.archiveContext = archiveContext;
        this.intervalNs = intervalNs;
        this.errorHandler = errorHandler;
        this.lastSnapshotNs = System.nanoTime();
        this.nextPurgeNs = lastSnapshotNs;
    }

    /**
     * Starts the schedule of a running member on its own thread.
     *
     * @param memberId        the member's id, in the thread's name.
     * @param consensusModule the member's consensus module's context (its counters and directory).
     * @param archiveContext  how to reach the member's archive (a copy is connected when a purge is due).
     * @param intervalNs      how often to ask for a snapshot while leading; 0 for never.
     * @param errorHandler    told of warnings and of errors.
     * @return the running schedule, to close before the member's parts.
     */
    static Running start(
        final int memberId,
        final ConsensusModule.Context consensusModule,
        final AeronArchive.Context archiveContext,
        final long intervalNs,
        final ErrorHandler errorHandler)
    {
        final SnapshotSchedule schedule =
            new SnapshotSchedule(memberId, consensusModule, archiveContext, intervalNs, errorHandler);
        final AgentRunner runner = new AgentRunner(new SleepingMillisIdleStrategy(TICK_MS), errorHandler, null,
            schedule);
        AgentRunner.startOnThread(runner);
        return new Running(schedule, runner);
    }

    /**
     * A schedule running on its thread.
     *
     * @param schedule the schedule.
     * @param runner   its thread's runner.
     */
    record Running(SnapshotSchedule schedule, AgentRunner runner) implements AutoCloseable
    {
        /** Stops the thread and closes the archive client. */
        @Override
        public void close()
        {
            CloseHelper.close(runner);
        }
    }

    @Override
    public String roleName()
    {
        return "wirespeed-snapshot-schedule-" + memberId;
    }

    /**
     * What the last purge left.
     *
     * @return the log's recording and start position after it, or null before the first purge with two snapshots.
     */
    LogPurge.Result lastPurge()
    {
        return lastPurge;
    }

    @Override
    public int doWork()
    {
        if (snapshotCounter.isClosed() || roleCounter.isClosed() || controlToggle.isClosed())
        {
            return 0;
        }
        final long nowNs = System.nanoTime();
        final long count = snapshotCounter.get();
        if (count != snapshots)
        {
            if (snapshots >= 0)
            {
                lastSnapshotNs = nowNs;
                purgePending = true;
                purgeWarned = false;
                nextPurgeNs = nowNs;
            }
            snapshots = count;
        }
        int work = 0;
        if (intervalNs > 0)
        {
            work += schedule(nowNs);
        }
        if (purgePending && nowNs - nextPurgeNs >= 0)
        {
            work += purge(nowNs);
        }
        return work;
    }

    private int schedule(final long nowNs)
    {
        if (Cluster.Role.LEADER != Cluster.Role.get(roleCounter))
        {
            leaderSinceNs = NOT_LEADER;
            return 0;
        }
        if (NOT_LEADER == leaderSinceNs)
        {
            leaderSinceNs = nowNs;
        }
        final long dueNs = Math.max(Math.max(lastSnapshotNs, leaderSinceNs) + intervalNs, nextCheckNs);
        if (nowNs - dueNs < 0)
        {
            return 0;
        }
        final String behind = memberBehindLatestSnapshot();
        if (null != behind)
        {
            nextCheckNs = nowNs + RETRY_NS;
            if (!waitWarned)
            {
                waitWarned = true;
                errorHandler.onError(new AeronException("cluster member " + memberId + " holds back its scheduled " +
                    "snapshot: " + behind + ", so a snapshot now would let the members purge log it still needs; " +
                    "it waits until that member catches up (one that is down keeps the log growing: start it " +
                    "again, or replace it)", AeronException.Category.WARN));
            }
            return 0;
        }
        if (ClusterControl.ToggleState.SNAPSHOT.toggle(controlToggle))
        {
            lastSnapshotNs = nowNs;
            waitWarned = false;
            return 1;
        }
        return 0;
    }

    /**
     * Asks this member's consensus module (the leader's) for every member's log position, as {@code ClusterTool
     * list-members} does.
     *
     * @return which member's log is not yet at this member's latest snapshot, or null when every one's is.
     */
    private String memberBehindLatestSnapshot()
    {
        final long latest = LogPurge.latestSnapshotPosition(clusterDir);
        if (latest < 0)
        {
            return null;
        }
        if (null == markFile)
        {
            markFile = new ClusterMarkFile(clusterDir, ClusterMarkFile.FILENAME, System::currentTimeMillis,
                QUERY_TIMEOUT_MS, null);
        }
        final ClusterMembership membership = new ClusterMembership();
        ClusterTool.queryClusterMembers(markFile, QUERY_TIMEOUT_MS, membership);
        if (null == membership.activeMembers)
        {
            return "its consensus module did not list the members' log positions within " + QUERY_TIMEOUT_MS + " ms";
        }
        for (final io.aeron.cluster.ClusterMember member : membership.activeMembers)
        {
            if (member.logPosition() < latest)
            {
                return "member " + member.id() + "'s log is at " + member.logPosition() + " (-1: not heard from " +
                    "since this member leads), behind the latest snapshot at " + latest;
            }
        }
        return null;
    }

    private int purge(final long nowNs)
    {
        try
        {
            final LogPurge.Plan plan = LogPurge.plan(clusterDir);
            if (null != plan)
            {
                if (null == archive)
                {
                    archive = AeronArchive.connect(archiveContext.clone());
                }
                lastPurge = LogPurge.purge(archive, plan);
            }
            purgePending = false;
            return 1;
        }
        catch (final RuntimeException ex)
        {
            nextPurgeNs = nowNs + RETRY_NS;
            if (!purgeWarned)
            {
                purgeWarned = true;
                errorHandler.onError(new AeronException("cluster member " + memberId + " could not purge its log " +
                    "behind the older of its two latest snapshots yet (trying again every second): " + ex,
                    AeronException.Category.WARN));
            }
            if (null != archive && archive.context().aeron().isClosed())
            {
                CloseHelper.quietClose(archive);
                archive = null;
            }
            return 0;
        }
    }

    @Override
    public void onClose()
    {
        CloseHelper.quietCloseAll(archive, markFile);
        archive = null;
        markFile = null;
    }
}
