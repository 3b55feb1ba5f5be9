package io.wirespeed.driver;


import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.agrona.ErrorHandler;
import org.agrona.SemanticVersion;

import io.aeron.cluster.service.ClusterTerminationException;
import io.aeron.exceptions.AeronException;
import io.aeron.exceptions.ControlProtocolException;
import io.wirespeed.host.cluster.ClusterEgress;
import io.wirespeed.host.cluster.ClusterMember;
import io.wirespeed.host.cluster.ClusterMemberSettings;
import io.wirespeed.host.cluster.ClusterMembers;
import io.wirespeed.host.cluster.HostService;
import io.wirespeed.transport.TransportException;
import io.wirespeed.transport.aeron.ArchiveSpace;

/**
 * The driver process as one member of a clustered queue host ({@link DriverSettings#clusterMember()}): a
 * {@link ClusterMember} running the host's state machine as a {@link HostService}, with its own media driver, archive,
 * consensus module and service container under the member's base directory. The single queue host
 * ({@link QueueHosting}) does not run beside it: the queues are the cluster's. The process's own media driver, for the
 * applications on this machine (topics), runs as without a cluster.
 * <p>
 * The member's base directory ({@code wirespeed.cluster.dir}), and the default's parent, are made this user's alone
 * ({@code 0700}) before it starts: its log and archive hold the clients' messages.
 * <p>
 * A member whose process was killed starts again at once: the files that process left are recognised by its pid
 * ({@link ClusterMember#removeDeadProcessFiles}); a member that still runs in the directory refuses the start, naming
 * its process.
 * <p>
 * Before the member starts, each of its five ports is bound once on its host, so that a port another process holds,
 * or a host that is not an address of this machine, refuses the start naming the port and the setting to change,
 * instead of a member that starts and then fails on its own thread.
 */
final class ClusterHosting implements AutoCloseable
{
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");
    private static final String[] PORT_NAMES = { "ingress", "consensus", "log", "catch-up", "archive control" };

    private final ClusterMember member;
    private final ClusterMembers members;

    private ClusterHosting(final ClusterMember member, final ClusterMembers members)
    {
        this.member = member;
        this.members = members;
    }

    /**
     * Starts the member.
     *
     * @param settings     the driver process's settings, a cluster member's.
     * @param errorHandler told of every error the member reports, Aeron's warnings included.
     * @return the running member.
     * @throws TransportException if a port is in use or not of this machine, or the member does not start, saying
     *                            what to change.
     */
    static ClusterHosting start(final DriverSettings settings, final ErrorHandler errorHandler)
    {
        final ClusterMembers members = settings.clusterMembers();
        final int memberId = settings.memberId();
        final ClusterMemberSettings memberSettings = settings.clusterSettings();
        try
        {
            // before the ports: a member that runs already holds them too, but this says which process it is
            ClusterMember.removeDeadProcessFiles(memberId, memberSettings);
        }
        catch (final IllegalStateException ex)
        {
            throw new TransportException(ex.getMessage() + " (" + DriverSettings.CLUSTER_DIR_PROP + ")", ex);
        }
        checkPorts(members, memberId);
        final Path baseDir = memberSettings.baseDir().toPath().toAbsolutePath();
        if (!settings.clusterDirGiven())
        {
            ownersAlone(baseDir.getParent());
        }
        ownersAlone(baseDir);
        final long rejoinWaitNs = ClusterMember.rejoinWaitNs(memberSettings);
        if (rejoinWaitNs > 0)
        {
            System.out.println("wirespeed-driver cluster member " + memberId + " ran in " + baseDir + " before: it " +
                "waits " + TimeUnit.NANOSECONDS.toMillis(rejoinWaitNs) + " ms (the leader heartbeat timeout and the " +
                "election timeout) before it takes part, so that the others elect a leader among themselves first " +
                "if it led when it stopped");
            System.out.flush();
            LockSupport.parkNanos(rejoinWaitNs);
        }
        try
        {
            final HostService service = new HostService(settings.hostLimits(), new ClusterEgress())
                .watchLogSpace(new ArchiveSpace(baseDir, settings.archiveMinFree()))
                .checkMembers(members);
            return new ClusterHosting(
                ClusterMember.launch(members, memberId, memberSettings, service, errorHandler), members);
        }
        catch (final RuntimeException ex)
        {
            throw new TransportException(ex.getMessage() + "; where the directory is the cause, give " +
                DriverSettings.CLUSTER_DIR_PROP + " one that this user can create and write", ex);
        }
    }

    /**
     * Makes a directory, or finds it, this user's alone ({@code 0700}): the member's log and archive hold every
     * message its clients sent.
     *
     * @param directory the directory.
     * @throws TransportException if it cannot be made or its permissions cannot be set (it belongs to another user).
     */
    static void ownersAlone(final Path directory)
    {
        try
        {
            if (!Files.isDirectory(directory))
            {
                Files.createDirectories(directory, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
            }
            Files.setPosixFilePermissions(directory, OWNER_ONLY);
        }
        catch (final IOException | UnsupportedOperationException ex)
        {
            throw new TransportException("the cluster member's directory " + directory + " cannot be made this " +
                "user's alone (0700): " + ex + "; give " + DriverSettings.CLUSTER_DIR_PROP + " a directory this " +
                "user can create and own", ex);
        }
    }

    /**
     * Binds each of the member's ports once, on its host, and lets it go.
     *
     * @param members  the cluster's members.
     * @param memberId this process's member.
     * @throws TransportException naming the first port that cannot be bound and what to change.
     */
    static void checkPorts(final ClusterMembers members, final int memberId)
    {
        final ClusterMembers.Member self = members.member(memberId);
        final String host = self.host().startsWith("[") ? self.host().substring(1, self.host().length() - 1) :
            self.host();
        for (int offset = 0; offset < ClusterMembers.PORTS_PER_MEMBER; offset++)
        {
            final int port = self.port() + offset;
            final InetSocketAddress address = new InetSocketAddress(host, port);
            if (address.isUnresolved())
            {
                throw new TransportException(ClusterMembers.MEMBERS_PROP + " gives member " + memberId + " the host " +
                    self.host() + ", which does not resolve: give an address or a name of this machine for member " +
                    memberId + ", or the id of the entry that names this machine in " + ClusterMembers.MEMBER_ID_PROP);
            }
            try (DatagramSocket socket = new DatagramSocket(address))
            {
                socket.getLocalPort();
            }
            catch (final SocketException ex)
            {
                throw new TransportException(ClusterMembers.MEMBERS_PROP + ": member " + memberId + "'s " +
                    PORT_NAMES[offset] + " port " + host + ":" + port + " (PORT+" + offset + ") cannot be bound: " +
                    ex.getMessage() + ". If another process uses it, give member " + memberId + " another PORT in " +
                    ClusterMembers.MEMBERS_PROP + " (on every member), one whose next " +
                    (ClusterMembers.PORTS_PER_MEMBER - 1) + " ports are free too; if " + self.host() + " is not an " +
                    "address of this machine, " + ClusterMembers.MEMBER_ID_PROP + " must name this machine's entry",
                    ex);
            }
        }
    }

    /** @return what the running line says of the member. */
    String describe()
    {
        return " queue-host=cluster cluster-member=" + member.memberId() + " cluster-members=" + members +
            " cluster-dir=" + member.settings().baseDir().getAbsolutePath() + " state-machine-version=" +
            SemanticVersion.toString(member.settings().appVersion());
    }

    @Override
    public void close()
    {
        member.close();
    }

    /**
     * Whether an error a member reports may be lived with: Aeron's warnings (a lost peer, an election's events, a
     * client's session closed).
     *
     * @param error the error.
     * @return true for a warning.
     */
    static boolean isWarning(final Throwable error)
    {
        return error instanceof AeronException && AeronException.Category.WARN == ((AeronException)error).category();
    }

    /**
     * Whether an error is the member's media driver refusing a request of one of the member's own parts (e.g. the
     * consensus module's catch-up publication to a restarted follower clashing with one its driver still lingers on):
     * the part is told and tries again, as Aeron's own members do; the member and its driver go on.
     *
     * @param error the error.
     * @return true for a refused request.
     */
    static boolean isRefusedRequest(final Throwable error)
    {
        return error instanceof ControlProtocolException;
    }

    /**
     * Whether an error is the member's service ending because the cluster ends it as asked ({@code ClusterTool
     * shutdown}): then the process stops cleanly.
     *
     * @param error the error.
     * @return true for an expected termination.
     */
    static boolean isExpectedTermination(final Throwable error)
    {
        return error instanceof ClusterTerminationException && ((ClusterTerminationException)error).isExpected();
    }
}
