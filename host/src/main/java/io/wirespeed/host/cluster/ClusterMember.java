package io.wirespeed.host.cluster;

import java.io.File;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

import org.agrona.CloseHelper;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.CompositeAgent;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.NoOpLock;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import org.agrona.concurrent.SystemNanoClock;
import org.agrona.concurrent.status.AtomicCounter;

import io.aeron.archive.Archive;
import io.aeron.archive.ArchiveThreadingMode;
import io.aeron.archive.client.AeronArchive;
import io.aeron.cluster.ClusterControl;
import io.aeron.cluster.ConsensusModule;
import io.aeron.cluster.RecordingLog;
import io.aeron.cluster.service.Cluster;
import io.aeron.cluster.service.ClusteredService;
import io.aeron.cluster.service.ClusteredServiceContainer;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.wirespeed.transport.aeron.DeadProcessFiles;

/**
 * One member of a queue host cluster, in this process: its own media driver, its own Aeron Archive (which records the
 * cluster's log and snapshots), its consensus module, and a service container running the caller's
 * {@link ClusteredService}. {@link #launch} starts them in that order; {@link #close()} stops them.
 * <p>
 * Ports and endpoints come from {@link ClusterMembers} (the member's {@code PORT} to {@code PORT+4}); the archive also
 * takes control requests on IPC from the consensus module and the container beside it. Replication (a follower's
 * archive copying a snapshot or log from the leader's) uses ephemeral UDP ports on the member's host. Timeouts, the
 * session count and the directories come from {@link ClusterMemberSettings}. What is not set here follows Aeron's
 * own properties and defaults (e.g. {@code aeron.cluster.log.channel}, whose term length is 64 MiB by default).
 * <p>
 * Everything runs on a few threads (the driver and the archive each one shared thread, the consensus module and the
 * service container one each) that idle as the settings' {@link ClusterMemberSettings#idle()} says: the driver's
 * {@code wirespeed.driver.idle}, by default backing off to 1 ms parks, never busy-spinning, as a member shares its
 * machine's cores with the rest of the process. The driver's term buffers are
 * sparse files, so a 64 MiB log term costs the pages written, not 64 MiB of zeros at start.
 * <p>
 * A member whose process was killed (SIGKILL, a crash) starts again at once in the same directories: the files its
 * parts left, which Aeron takes for a live member's until their heartbeats time out, are recognised by the pid they
 * record as a dead process's and removed ({@link #removeDeadProcessFiles}); a live member's are never touched.
 * Beside them runs the member's {@link SnapshotSchedule}: scheduled snapshots while it leads, and after each snapshot
 * its log purged behind the older of its two latest snapshots.
 * <p>
 * The queue host's service is {@link HostService} (issue 24; the driver process runs it with
 * {@code wirespeed.cluster.members} and {@code memberId}); a test may run any other.
 */
public final class ClusterMember implements AutoCloseable
{
    /** The channel the archive takes local control requests on. */
    public static final String LOCAL_CONTROL_CHANNEL = "aeron:ipc";

    private static final System.Logger LOGGER = System.getLogger(ClusterMember.class.getName());
    private final int memberId;
    private final ClusterMemberSettings settings;
    private final ReportingErrorHandler errorHandler;
    private MediaDriver driver;
    private Archive archive;
    private ConsensusModule consensusModule;
    private ClusteredServiceContainer container;
    private SnapshotSchedule.Running snapshotSchedule;
    private AgentRunner duties;
    private volatile boolean closed;
    private volatile boolean handedOver;

    private ClusterMember(final int memberId, final ClusterMemberSettings settings, final ErrorHandler errorHandler)
    {
        this.memberId = memberId;
        this.settings = settings;
        this.errorHandler = new ReportingErrorHandler(errorHandler, memberId, settings.appVersion());
    }

    /**
     * Starts a member: its media driver, archive, consensus module and service container. It takes part in elections
     * at once; it serves clients once it is the leader, or passes the log on as a follower.
     *
     * @param members      the cluster's members, as every member must be given them.
     * @param memberId     which of them this one is.
     * @param settings     its timeouts, session count and directories.
     * @param service      the state machine that the container runs.
     * @param errorHandler told of errors in any part of the member (Aeron reports warnings, e.g. a lost peer, here
     *                     too).
     * @return the running member.
     * @throws IllegalArgumentException if the id names no member.
     * @throws IllegalStateException    if a live process holds the member's files (see
     *                                  {@link #removeDeadProcessFiles}), or a part failed to start (its exception the
     *                                  cause), naming the member's ports and directory, after the parts already
     *                                  started were closed.
     */
    public static ClusterMember launch(
        final ClusterMembers members,
        final int memberId,
        final ClusterMemberSettings settings,
        final ClusteredService service,
        final ErrorHandler errorHandler)
    {
        if (null == service || null == errorHandler)
        {
            throw new IllegalArgumentException("a cluster member needs a service to run and an error handler: pass " +
                "both (service " + service + ", error handler " + errorHandler + ")");
        }
        final ClusterMembers.Member self = members.member(memberId);
        removeDeadProcessFiles(memberId, settings);
        final ClusterMember member = new ClusterMember(memberId, settings, errorHandler);
        try
        {
            member.start(members, self, service);
            return member;
        }
        catch (final RuntimeException ex)
        {
            member.errorHandler.silence();
            try
            {
                member.closeParts();
            }
            catch (final RuntimeException closeEx)
            {
                ex.addSuppressed(closeEx);
            }
            throw new IllegalStateException("cluster member " + memberId + " did not start: " + ex.getMessage() +
                "; it uses " + ports(self) + " and the directory " + settings.baseDir() + " (a port in use by " +
                "another process needs another PORT in " + ClusterMembers.MEMBERS_PROP + ")", ex);
        }
    }

    /**
     * Removes the files that a member's killed process left in its directories (its media driver's CnC file, its
     * archive's, consensus module's and service container's mark files, where Aeron's {@code *.mark.file.dir}
     * properties put them), each if the pid it records is a process that has gone, so that the member starts again at
     * once rather than being refused until their heartbeats are older than their timeouts (10 s). Its log, snapshots
     * and recordings stay. {@link #launch} does this first; a caller may do it sooner, before it checks ports.
     *
     * @param memberId the member's id, for the message.
     * @param settings its directories.
     * @throws IllegalStateException naming the process and the directory if a live process holds any of the files
     *                               (the member runs already): then nothing is removed.
     */
    public static void removeDeadProcessFiles(final int memberId, final ClusterMemberSettings settings)
    {
        final long livePid = DeadProcessFiles.removeDeadClusterMembersFiles(settings.driverDir(),
            orDefault(Archive.Configuration.markFileDir(), settings.archiveDir()),
            orDefault(ClusteredServiceContainer.Configuration.markFileDir(), settings.clusterDir()));
        if (livePid > 0)
        {
            throw new IllegalStateException("cluster member " + memberId + " runs already in " + settings.baseDir() +
                ": its files there are held by process " + livePid + ", which is running; stop that process " +
                "first, or give this one another directory");
        }
    }

    /**
     * How long a member starting again in its directories waits before it takes part, for a supervisor that starts it
     * again at once: a leader that was killed has often appended entries that the others have not, which makes its
     * log the longest, and Raft lets only the member with the longest log lead. Started at once, it then holds up the
     * others' election until its new process has started, canvassed and nominated itself (S10 measured 4 to 5 s
     * against 1.2 to 1.9 s). Waiting one leader heartbeat timeout and one election timeout lets the others elect
     * among themselves first; it then follows, and the entries no majority had are dropped (none was committed, so no
     * client was told it was kept). A member that never ran there (no recording log) starts at once.
     *
     * @param settings the member's settings: its directories and timeouts.
     * @return the wait in nanoseconds; 0 for a member's first start.
     */
    public static long rejoinWaitNs(final ClusterMemberSettings settings)
    {
        return new File(settings.clusterDir(), RecordingLog.RECORDING_LOG_FILE_NAME).exists() ?
            settings.leaderHeartbeatTimeoutNs() + settings.electionTimeoutNs() : 0;
    }

    private static File orDefault(final String directory, final File otherwise)
    {
        return null == directory || directory.isEmpty() ? otherwise : new File(directory);
    }

    private static String ports(final ClusterMembers.Member self)
    {
        return self.endpoint(ClusterMembers.INGRESS_OFFSET) + " (ingress), " +
            self.endpoint(ClusterMembers.CONSENSUS_OFFSET) + " (consensus), " +
            self.endpoint(ClusterMembers.LOG_OFFSET) + " (log), " +
            self.endpoint(ClusterMembers.CATCHUP_OFFSET) + " (catch-up), " +
            self.endpoint(ClusterMembers.ARCHIVE_CONTROL_OFFSET) + " (archive control)";
    }

    private void start(final ClusterMembers members, final ClusterMembers.Member self, final ClusteredService service)
    {
        final String aeronDir = settings.driverDir().getAbsolutePath();
        final String ephemeralEndpoint = "aeron:udp?endpoint=" + self.host() + ":0";

        driver = MediaDriver.launch(new MediaDriver.Context()
            .aeronDirectoryName(aeronDir)
            .threadingMode(ThreadingMode.SHARED)
            .sharedIdleStrategy(settings.idle().newIdleStrategy())
            .termBufferSparseFile(true)
            .statusMessageTimeoutNs(LeaderHandOff.STATUS_MESSAGE_TIMEOUT_NS)
            .timerIntervalNs(LeaderHandOff.TIMER_INTERVAL_NS)
            .dirDeleteOnShutdown(true)
            .errorHandler(errorHandler));

        archive = Archive.launch(new Archive.Context()
            .aeronDirectoryName(aeronDir)
            .archiveDir(settings.archiveDir())
            .archiveId(memberId)
            .controlChannel("aeron:udp?endpoint=" + self.archiveControlEndpoint())
            .localControlChannel(LOCAL_CONTROL_CHANNEL)
            .replicationChannel(ephemeralEndpoint)
            .archiveClientContext(new AeronArchive.Context()
                .controlResponseChannel(ephemeralEndpoint)
                .errorHandler(errorHandler))
            .recordingEventsEnabled(false)
            .threadingMode(ArchiveThreadingMode.SHARED)
            .idleStrategySupplier(settings.idle()::newIdleStrategy)
            .errorHandler(errorHandler));

        final AeronArchive.Context localArchive = new AeronArchive.Context()
            .aeronDirectoryName(aeronDir)
            .controlRequestChannel(archive.context().localControlChannel())
            .controlRequestStreamId(archive.context().localControlStreamId())
            .controlResponseChannel(LOCAL_CONTROL_CHANNEL)
            .lock(NoOpLock.INSTANCE)
            .errorHandler(errorHandler);

        consensusModule = ConsensusModule.launch(new ConsensusModule.Context()
            .aeronDirectoryName(aeronDir)
            .clusterMemberId(memberId)
            .clusterMembers(members.clusterMembers())
            .clusterDir(settings.clusterDir())
            .archiveContext(localArchive.clone())
            .ingressChannel("aeron:udp")
            .replicationChannel(ephemeralEndpoint)
            .serviceCount(1)
            .leaderHeartbeatTimeoutNs(settings.leaderHeartbeatTimeoutNs())
            .leaderHeartbeatIntervalNs(settings.leaderHeartbeatIntervalNs())
            .electionTimeoutNs(settings.electionTimeoutNs())
            .maxConcurrentSessions(settings.maxSessions())
            .appVersion(settings.appVersion())
            .idleStrategySupplier(settings.idle()::newIdleStrategy)
            .errorHandler(errorHandler));

        container = ClusteredServiceContainer.launch(new ClusteredServiceContainer.Context()
            .aeronDirectoryName(aeronDir)
            .clusterDir(settings.clusterDir())
            .archiveContext(localArchive.clone())
            .clusteredService(service)
            .serviceId(0)
            .appVersion(settings.appVersion())
            .idleStrategySupplier(settings.idle()::newIdleStrategy)
            .errorHandler(errorHandler));

        duties = new AgentRunner(new SleepingMillisIdleStrategy(LeaderHandOff.TICK_MS), errorHandler, null,
            new CompositeAgent(new LeaderHandOff(memberId, consensusModule.context()), new LeaderlessWatch(memberId,
            members, consensusModule.context().electionStateCounter(), errorHandler, SystemNanoClock.INSTANCE,
            LeaderlessWatch.FIRST_REPORT_NS)));
        AgentRunner.startOnThread(duties);

        snapshotSchedule = SnapshotSchedule.start(
            memberId, consensusModule.context(), localArchive.clone(), settings.snapshotIntervalNs(), errorHandler);
    }

    /** @return whether this member, closed as the leader, handed over ({@link LeaderHandOff}). */
    public boolean handedOver()
    {
        return handedOver;
    }

    /** @return its consensus module's state (active, suspended, ...), as its counter says. */
    public ConsensusModule.State moduleState()
    {
        return ConsensusModule.State.get(consensusModule.context().moduleStateCounter());
    }

    /**
     * Asks the cluster for a snapshot through this member's control toggle (as {@code ClusterTool snapshot} does):
     * on the leader, every member's service takes one at the same log position.
     *
     * @return whether the toggle was set (false while another action is under way).
     */
    public boolean requestSnapshot()
    {
        return ClusterControl.ToggleState.SNAPSHOT.toggle(consensusModule.context().controlToggleCounter());
    }

    /**
     * How many snapshots this member took since it started.
     *
     * @return the count.
     */
    public long snapshotCount()
    {
        return consensusModule.context().snapshotCounter().get();
    }

    /**
     * This member's id.
     *
     * @return its id in {@link ClusterMembers}.
     */
    public int memberId()
    {
        return memberId;
    }

    /**
     * The settings it runs with.
     *
     * @return its settings.
     */
    public ClusterMemberSettings settings()
    {
        return settings;
    }

    /**
     * The idle strategies the member's threads run, as its parts were given them: for checking the settings reached
     * every part.
     *
     * @return the media driver's, the archive's, the consensus module's and the service container's, in that order.
     */
    public List<IdleStrategy> idleStrategies()
    {
        return List.of(driver.context().sharedIdleStrategy(), archive.context().idleStrategy(),
            consensusModule.context().idleStrategy(), container.context().idleStrategy());
    }

    /**
     * The member's role now, as its consensus module counts it.
     *
     * @return leader, follower or candidate; {@code null} once closed.
     */
    public Cluster.Role role()
    {
        final AtomicCounter roleCounter = closed ? null : consensusModule.context().clusterNodeRoleCounter();
        return null == roleCounter || roleCounter.isClosed() ? null : Cluster.Role.get(roleCounter);
    }

    /**
     * Whether the member is the leader now.
     *
     * @return true if it is.
     */
    public boolean isLeader()
    {
        return Cluster.Role.LEADER == role();
    }

    /**
     * Whether {@link #close()} or {@link #kill()} was called.
     *
     * @return true once stopped.
     */
    public boolean isClosed()
    {
        return closed;
    }

    /**
     * Stops the member abruptly, for tests that lose a member: no snapshot, no leave (a static cluster has none), and
     * errors that the stop causes in this member are not reported, and a leader does not hand over. The parts stop in
     * {@link #close()}'s order, as
     * Aeron's own system tests stop a member: stopping the media driver first would be closer to a crash, but then
     * the service container's and consensus module's clients wait out the driver timeout (10 s) on close, blocking
     * the caller. So the driver still ends this member's publications (end of stream) and its peers may notice the
     * loss sooner than after a crash; a test of real crashes kills the process.
     */
    public void kill()
    {
        if (!closed)
        {
            closed = true;
            errorHandler.silence();
            closeParts();
        }
    }

    /**
     * Stops the member: a leader first hands over ({@link LeaderHandOff}: it suspends the cluster, so that it appends
     * nothing more, and waits until all it appended is committed, so that the followers read its log to its end and
     * elect at once); then consensus module, service container, archive, media driver, in that order. No snapshot is
     * taken and no leave is announced (a static cluster has none), but its files are whole. Errors that the parts
     * report while closing are not passed on; one thrown by a close is.
     */
    @Override
    public void close()
    {
        if (!closed)
        {
            // its own duty would resume the cluster it suspends
            CloseHelper.close(duties);
            handedOver = null != consensusModule && LeaderHandOff.handOff(consensusModule.context());
            if (handedOver)
            {
                LOGGER.log(System.Logger.Level.INFO, "cluster member " + memberId + " (the leader) handed over: " +
                    "it suspended the cluster and all it appended is committed; the member that leads next resumes");
            }
            closed = true;
            errorHandler.silence();
            closeParts();
        }
    }

    private void closeParts()
    {
        CloseHelper.closeAll(snapshotSchedule, duties, consensusModule);
        if (handedOver)
        {
            // the closed log publication's end of stream goes with the driver's next heartbeat: it must be up then
            LockSupport.parkNanos(LeaderHandOff.END_OF_STREAM_LINGER_NS);
        }
        CloseHelper.closeAll(container, archive, driver);
    }

    @Override
    public String toString()
    {
        return "cluster member " + memberId + " (" + settings.baseDir() + ")";
    }

    /**
     * Passes each error on until the member is closed; an error of Aeron's about another state machine version in the
     * log or a snapshot ({@link StateMachineVersion}) is passed on explained, naming both versions.
     */
    private static final class ReportingErrorHandler implements ErrorHandler
    {
        private final ErrorHandler delegate;
        private final int memberId;
        private final int appVersion;
        private volatile boolean silenced;

        ReportingErrorHandler(final ErrorHandler delegate, final int memberId, final int appVersion)
        {
            this.delegate = delegate;
            this.memberId = memberId;
            this.appVersion = appVersion;
        }

        void silence()
        {
            silenced = true;
        }

        @Override
        public void onError(final Throwable throwable)
        {
            if (!silenced)
            {
                delegate.onError(StateMachineVersion.isOtherVersion(throwable) ?
                    StateMachineVersion.explain(memberId, appVersion, throwable) : throwable);
            }
        }
    }
}
