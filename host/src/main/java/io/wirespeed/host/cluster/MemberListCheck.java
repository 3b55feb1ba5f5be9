package io.wirespeed.host.cluster;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import io.aeron.cluster.client.ClusterException;
import io.aeron.exceptions.AeronException;

/**
 * Whether this member was given the member list ({@code wirespeed.cluster.members}) that the leader was given. Aeron
 * Cluster does not compare the members' lists: a member given another list (a mistyped host or PORT, an id moved)
 * may take part in elections and apply the log while it reaches its peers at addresses that the others do not use.
 * So each member offers its list, in the form {@link ClusterMembers#toString()} writes it, as a service message
 * ({@link HostService#MEMBERS}) every {@link #INTERVAL_S} seconds of cluster time; only the leader's enters the log
 * (as with every service message, each member offers alike: Aeron counts them on the followers). A member that
 * applies the leader's list and finds it differs from its own reports a fatal error naming both lists, and the
 * process running it stops (the driver ends on a fatal error). Whichever member's list is wrong, the member that
 * finds the difference stops: the leader's list is the one the log carries.
 * <p>
 * Only what the leader offered after this member's process started is compared: when the members' lists are changed
 * (all of them stopped, the list changed everywhere, all started again) the log still holds the old list's messages,
 * which a member replays at its start. The check changes no state: every member applies the same log alike whether
 * or not it compares.
 */
final class MemberListCheck
{
    /** How often, in seconds of cluster time, each member offers its list (clients connected or not). */
    static final long INTERVAL_S = 10;
    /** The message: the kind byte, the offering member's id, then its list (US-ASCII). */
    private static final int ID_OFFSET = 1;
    private static final int LIST_OFFSET = ID_OFFSET + Integer.BYTES;

    private final String list;
    private final long startedMs;
    private final UnsafeBuffer message;
    private boolean reported;

    /**
     * @param members   the list this member was given.
     * @param startedMs when this member's process started it, epoch milliseconds (as cluster time is, by default):
     *                  what the leader offered before is replayed history and not compared.
     */
    MemberListCheck(final ClusterMembers members, final long startedMs)
    {
        this.list = members.toString();
        this.startedMs = startedMs;
        final byte[] text = list.getBytes(StandardCharsets.US_ASCII);
        this.message = new UnsafeBuffer(new byte[LIST_OFFSET + text.length]);
        message.putByte(0, HostService.MEMBERS);
        message.putBytes(LIST_OFFSET, text);
    }

    /**
     * Whether this tick is the first of a new period of {@link #INTERVAL_S} seconds, when every member offers its
     * list.
     *
     * @param unit   the unit of cluster time.
     * @param before the cluster time before this tick.
     * @param now    this tick's cluster time.
     * @return true if the list is due.
     */
    static boolean due(final TimeUnit unit, final long before, final long now)
    {
        return unit.toSeconds(before) / INTERVAL_S != unit.toSeconds(now) / INTERVAL_S;
    }

    /**
     * The message to offer: this member's list.
     *
     * @param memberId this member's id.
     * @return the message, from offset 0, {@link DirectBuffer#capacity()} long.
     */
    DirectBuffer message(final int memberId)
    {
        message.putInt(ID_OFFSET, memberId);
        return message;
    }

    /**
     * Compares the leader's list that the log carries with this member's.
     *
     * @param memberId    this member's id.
     * @param buffer      the service message.
     * @param offset      where it starts (its kind byte).
     * @param length      its length.
     * @param timestampMs when the leader appended it, epoch milliseconds.
     * @return the fatal error naming both lists if they differ in a message offered since this member started (once:
     *         null afterwards), or null.
     * @throws IllegalArgumentException if the message is too short to hold a member id: a malformed message, dropped
     *                                  as other malformed input is.
     */
    ClusterException check(
        final int memberId, final DirectBuffer buffer, final int offset, final int length, final long timestampMs)
    {
        if (length < LIST_OFFSET)
        {
            throw new IllegalArgumentException("a member list message is at least " + LIST_OFFSET + " bytes long, " +
                "not " + length);
        }
        if (reported || timestampMs < startedMs)
        {
            return null;
        }
        final String leaders = buffer.getStringWithoutLengthAscii(offset + LIST_OFFSET, length - LIST_OFFSET);
        if (list.equals(leaders))
        {
            return null;
        }
        reported = true;
        final int leaderId = buffer.getInt(offset + ID_OFFSET);
        return new ClusterException("cluster member " + memberId + " was given " + ClusterMembers.MEMBERS_PROP +
            "=" + list + ", but the leader, member " + leaderId + ", was given " + ClusterMembers.MEMBERS_PROP + "=" +
            leaders + ": every member must be given the same list, written alike (the same ids, hosts and PORTs). " +
            "Correct the list of the member that has it wrong, and start that member again; this one stops",
            AeronException.Category.FATAL);
    }
}
