package io.wirespeed.host.cluster;

import org.agrona.SemanticVersion;

import io.aeron.cluster.client.ClusterException;
import io.aeron.exceptions.AeronException;

/**
 * The version of the queue host's state machine that a cluster member runs, as Aeron Cluster's {@code appVersion},
 * and the error a member reports when the cluster's log or a snapshot records another.
 * <p>
 * The log and the snapshots carry the messages of three SBE schemas: envelope, control and snapshot. Aeron Cluster
 * checks the {@code appVersion} recorded in each new leader's term and in each snapshot against the member's own and
 * lets only equal majors through; a member that finds another major ends (Aeron terminates its consensus module)
 * instead of applying messages that it would read differently from the other members. So the major is the sum of
 * the three schemas' versions and the version of the service's own messages in the log ({@link #SERVICE_MESSAGES}),
 * which only ever grow: a change of any of them is a new major. The minor and patch are
 * the control and snapshot schemas' versions, for the description. A member of another release cannot join the
 * cluster, nor can a release that changed a schema restart on an older one's log; releases of one version restart
 * member by member (docs/deployment.md, upgrades).
 */
public final class StateMachineVersion
{
    private static final int ENVELOPE = io.wirespeed.codec.sbe.MessageHeaderDecoder.SCHEMA_VERSION;
    private static final int CONTROL = io.wirespeed.codec.control.sbe.MessageHeaderDecoder.SCHEMA_VERSION;
    private static final int SNAPSHOT = io.wirespeed.codec.snapshot.sbe.MessageHeaderDecoder.SCHEMA_VERSION;

    /**
     * The version of the messages that the service itself puts into the log (HostService's kinds and their layout),
     * and of what the schemas' messages do when applied where their layout stays: 1 since the leader's member list
     * ({@code MEMBERS}) joined the disk's state ({@code LOG_SPACE}); 2 since a new leadership term holds each
     * consumer's deliveries until its client's {@code Resync}; 3 since the state machine is ticked (a timer in the
     * log) every second while no cluster session is open, from each new leadership term on; 4 since a transaction's
     * queue messages are staged ({@code STAGED_QUEUE_MESSAGE}) and committed in one entry ({@code Commit}); 0 before.
     */
    public static final int SERVICE_MESSAGES = 4;

    /** The version this build's queue host writes and reads. */
    public static final int CURRENT = of(ENVELOPE, CONTROL, SNAPSHOT);

    private StateMachineVersion()
    {
    }

    /**
     * The version of a state machine whose schemas have the given versions.
     *
     * @param envelope the envelope schema's version.
     * @param control  the control schema's version.
     * @param snapshot the snapshot schema's version.
     * @return the version, as {@link SemanticVersion#compose}.
     */
    public static int of(final int envelope, final int control, final int snapshot)
    {
        return SemanticVersion.compose(envelope + control + snapshot + SERVICE_MESSAGES, control, snapshot);
    }

    /**
     * Whether an error is Aeron's about a log or snapshot of another {@code appVersion}.
     *
     * @param error the error a member reported.
     * @return true for Aeron's "incompatible version" / "incompatible app version" (after the category that an
     *         {@link AeronException}'s message starts with).
     */
    public static boolean isOtherVersion(final Throwable error)
    {
        final String message = error.getMessage();
        return error instanceof ClusterException && null != message &&
            (message.contains("incompatible version: ") || message.contains("incompatible app version: "));
    }

    /**
     * The error a member reports when it found the cluster's log or a snapshot of another version: Aeron's own as
     * the cause, with a message that names both versions and what to do.
     *
     * @param memberId the member.
     * @param own      the member's version.
     * @param cause    Aeron's error ({@link #isOtherVersion}), which ends with {@code log=} or {@code snapshot=} and
     *                 the version found.
     * @return the error, fatal.
     */
    public static ClusterException explain(final int memberId, final int own, final Throwable cause)
    {
        final String message = cause.getMessage();
        final String found = message.substring(message.lastIndexOf('=') + 1).trim();
        return new ClusterException("cluster member " + memberId + " runs the queue host's state machine version " +
            describe(own) + ", but the cluster's log or snapshot was written by version " + describe(found) +
            ": a member reads only its own version's log and snapshots, so it stops here. Run the same Wirespeed " +
            "release on every member (each member's running line says its state-machine version); a release of " +
            "another version needs a cluster of its own (docs/deployment.md, upgrades)",
            cause, AeronException.Category.FATAL);
    }

    /**
     * A version as {@code major.minor.patch (control schema N, snapshot schema N, envelope schema and service
     * messages N)}: the last is the rest of the major, the sum of the envelope schema's version and
     * {@link #SERVICE_MESSAGES}.
     *
     * @param version the composed version.
     * @return the text.
     */
    public static String describe(final int version)
    {
        final int control = SemanticVersion.minor(version);
        final int snapshot = SemanticVersion.patch(version);
        return SemanticVersion.toString(version) + " (control schema " + control + ", snapshot schema " + snapshot +
            ", envelope schema and service messages " + (SemanticVersion.major(version) - control - snapshot) + ")";
    }

    private static String describe(final String version)
    {
        final String[] parts = version.split("\\.");
        try
        {
            return describe(SemanticVersion.compose(
                Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), Integer.parseInt(parts[2])));
        }
        catch (final RuntimeException ex)
        {
            return version;
        }
    }
}
