package io.wirespeed.driver.stat;

import java.io.File;
import java.io.IOException;
import java.util.Locale;

import org.agrona.concurrent.status.CountersReader;

import io.aeron.AeronCounters;
import io.aeron.cluster.ClusterMembership;
import io.aeron.cluster.ClusterTool;
import io.aeron.cluster.ElectionState;
import io.aeron.cluster.service.Cluster;
import io.aeron.cluster.service.ClusterCounters;
import io.aeron.cluster.service.ClusterMarkFile;

/**
 * What a cluster member's files show of its part in the cluster, read as Aeron's {@code ClusterTool} reads them
 * ({@code is-leader}, {@code list-members}), never as a client of the cluster: the consensus module's mark file
 * ({@code cluster/cluster-mark.dat}) names the member, its cluster and its media driver; that driver's counters hold
 * the member's role, commit position, election state and count, leadership term and snapshot count (the consensus
 * module's counters, found by type and cluster id). Only the leader's id is asked of the running consensus module,
 * through its control channel on the member's own driver (as {@code ClusterTool list-members} does), and only by a
 * follower whose election is closed: a leader names itself, and during an election there is no leader to name.
 *
 * @param memberId         the member's id.
 * @param role             {@code leader}, {@code follower} or {@code candidate}.
 * @param leaderMemberId   the leader's id, or -1 while unknown (an election under way, or no answer in time).
 * @param commitPosition   the log position that a majority holds.
 * @param electionState    the election's state, {@code closed} between elections.
 * @param electionCount    how many elections the member took part in since it started.
 * @param leadershipTermId the leadership term it is in.
 * @param snapshotCount    how many snapshots it took since it started.
 */
record ClusterMemberStat(
    int memberId,
    String role,
    int leaderMemberId,
    long commitPosition,
    String electionState,
    long electionCount,
    long leadershipTermId,
    long snapshotCount)
{
    /** The consensus module's directory under a member's base directory ({@code wirespeed.cluster.dir}). */
    static final String CLUSTER_DIR = "cluster";
    /** How long to wait for the consensus module to name the leader. */
    static final long QUERY_TIMEOUT_MS = 1_000;
    /** How long to wait for a mark file that is being written to become readable. */
    private static final long MARK_FILE_TIMEOUT_MS = 1_000;

    /**
     * The consensus module's directory of a cluster member, if a directory is one: a member's base directory (with
     * {@code cluster/cluster-mark.dat}), its {@code cluster/} directory itself, or the member's own media driver's
     * directory beside its {@code cluster/} (whose mark file names that driver).
     *
     * @param directory the directory given to {@code wirespeed-stat}.
     * @return the directory holding the consensus module's mark file, or null when it is no member's.
     */
    static File clusterDir(final String directory)
    {
        final File dir = new File(directory);
        if (new File(dir, ClusterMarkFile.FILENAME).isFile())
        {
            return dir;
        }
        final File below = new File(dir, CLUSTER_DIR);
        if (new File(below, ClusterMarkFile.FILENAME).isFile())
        {
            return below;
        }
        final File parent = dir.getAbsoluteFile().getParentFile();
        final File beside = null == parent ? null : new File(parent, CLUSTER_DIR);
        if (null != beside && new File(beside, ClusterMarkFile.FILENAME).isFile())
        {
            try (ClusterMarkFile markFile = openMarkFile(beside))
            {
                if (sameFile(markFile.loadControlProperties().aeronDirectoryName, dir))
                {
                    return beside;
                }
            }
        }
        return null;
    }

    /**
     * Opens the consensus module's mark file of a member.
     *
     * @param clusterDir the directory holding it.
     * @return the mark file, to close after use.
     * @throws IllegalStateException naming the directory if the mark file is not readable.
     */
    static ClusterMarkFile openMarkFile(final File clusterDir)
    {
        try
        {
            return new ClusterMarkFile(clusterDir, ClusterMarkFile.FILENAME, System::currentTimeMillis,
                MARK_FILE_TIMEOUT_MS, null);
        }
        catch (final RuntimeException ex)
        {
            throw new IllegalStateException("the cluster member's mark file in " + clusterDir + " cannot be read (" +
                ex.getMessage() + "): is the member starting?", ex);
        }
    }

    /**
     * The directory of the member's own media driver, whose counters hold the consensus module's.
     *
     * @param markFile the consensus module's mark file.
     * @return the directory.
     */
    static String driverDirectory(final ClusterMarkFile markFile)
    {
        return markFile.loadControlProperties().aeronDirectoryName;
    }

    /**
     * Reads the member's figures once.
     *
     * @param markFile the consensus module's mark file.
     * @param counters the counters of the member's media driver.
     * @return the figures; a counter not (yet) there reads -1, a role or state not there {@code unknown}.
     */
    static ClusterMemberStat read(final ClusterMarkFile markFile, final CountersReader counters)
    {
        final int clusterId = markFile.clusterId();
        final int memberId = markFile.memberId();
        final long roleCode = value(counters, AeronCounters.CLUSTER_NODE_ROLE_TYPE_ID, clusterId);
        final long electionCode = value(counters, AeronCounters.CLUSTER_ELECTION_STATE_TYPE_ID, clusterId);
        final Cluster.Role role = roleCode < 0 ? null : Cluster.Role.get(roleCode);
        final ElectionState election = electionCode < 0 ? null : ElectionState.get(electionCode);
        int leaderMemberId = -1;
        if (ElectionState.CLOSED == election)
        {
            if (Cluster.Role.LEADER == role)
            {
                leaderMemberId = memberId;
            }
            else if (Cluster.Role.FOLLOWER == role)
            {
                leaderMemberId = queryLeader(markFile);
            }
        }
        return new ClusterMemberStat(
            memberId,
            name(role),
            leaderMemberId,
            value(counters, AeronCounters.CLUSTER_COMMIT_POSITION_TYPE_ID, clusterId),
            name(election),
            value(counters, AeronCounters.CLUSTER_ELECTION_COUNT_TYPE_ID, clusterId),
            value(counters, AeronCounters.CLUSTER_LEADERSHIP_TERM_ID_TYPE_ID, clusterId),
            value(counters, AeronCounters.CLUSTER_SNAPSHOT_COUNTER_TYPE_ID, clusterId));
    }

    private static int queryLeader(final ClusterMarkFile markFile)
    {
        final ClusterMembership membership = new ClusterMembership();
        membership.leaderMemberId = -1;
        ClusterTool.queryClusterMembers(markFile, QUERY_TIMEOUT_MS, membership);
        return membership.leaderMemberId;
    }

    private static long value(final CountersReader counters, final int typeId, final int clusterId)
    {
        final int counterId = ClusterCounters.find(counters, typeId, clusterId);
        return CountersReader.NULL_COUNTER_ID == counterId ? -1 : counters.getCounterValue(counterId);
    }

    private static String name(final Enum<?> value)
    {
        return null == value ? "unknown" : value.name().toLowerCase(Locale.ROOT);
    }

    private static boolean sameFile(final String path, final File dir)
    {
        try
        {
            return new File(path).getCanonicalFile().equals(dir.getCanonicalFile());
        }
        catch (final IOException ex)
        {
            return false;
        }
    }

    /**
     * The figures as one line of text.
     *
     * @return e.g. {@code CLUSTER member 1: follower, leader 0, commit position 4096, election closed (2 elections,
     *         leadership term 1), snapshots 3}.
     */
    String text()
    {
        return "CLUSTER member " + memberId + ": " + role + ", leader " +
            (leaderMemberId < 0 ? "unknown" : Integer.toString(leaderMemberId)) + ", commit position " +
            commitPosition + ", election " + electionState + " (" + electionCount + " elections, leadership term " +
            leadershipTermId + "), snapshots " + snapshotCount;
    }

    /**
     * The figures as JSON members, to put in the sample's object.
     *
     * @return {@code "clusterMemberId":..,"clusterRole":..,"leaderMemberId":..,"commitPosition":..,
     *         "electionState":..,"electionCount":..,"leadershipTermId":..,"snapshotCount":..}.
     */
    String jsonMembers()
    {
        return "\"clusterMemberId\":" + memberId + ",\"clusterRole\":" + StatJson.quote(role) +
            ",\"leaderMemberId\":" + leaderMemberId + ",\"commitPosition\":" + commitPosition +
            ",\"electionState\":" + StatJson.quote(electionState) + ",\"electionCount\":" + electionCount +
            ",\"leadershipTermId\":" + leadershipTermId + ",\"snapshotCount\":" + snapshotCount;
    }
}
