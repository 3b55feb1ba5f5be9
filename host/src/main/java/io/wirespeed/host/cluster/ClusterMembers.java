package io.wirespeed.host.cluster;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * The members of a queue host cluster as {@code wirespeed.cluster.members} names them, checked, and the strings Aeron
 * Cluster wants of them: the consensus module's {@code clusterMembers} and the client's {@code ingressEndpoints}.
 * <p>
 * The setting lists each member as {@code id=host:PORT}, separated by commas:
 * {@code 0=hostA:9000,1=hostB:9000,2=hostC:9000}. Each member uses five consecutive ports from its {@code PORT}:
 * <table>
 * <caption>A member's ports</caption>
 * <tr><th>port</th><th>what listens there</th></tr>
 * <tr><td>PORT</td><td>ingress: clients' messages to the leader ({@link #INGRESS_OFFSET})</td></tr>
 * <tr><td>PORT+1</td><td>consensus: the members' votes, appends and commit positions
 * ({@link #CONSENSUS_OFFSET})</td></tr>
 * <tr><td>PORT+2</td><td>log: the leader's log to this member as a follower ({@link #LOG_OFFSET})</td></tr>
 * <tr><td>PORT+3</td><td>catch-up: the log replayed to this member when it lags ({@link #CATCHUP_OFFSET})</td></tr>
 * <tr><td>PORT+4</td><td>archive control: the member's Aeron Archive, which the other members' archives replicate
 * from ({@link #ARCHIVE_CONTROL_OFFSET})</td></tr>
 * </table>
 * So two members on one host need ports at least {@link #PORTS_PER_MEMBER} apart. Only 1, 3 or 5 members are
 * accepted: a cluster of {@code n} members needs a majority ({@code n / 2 + 1}) to elect a leader and commit, so an
 * even count survives no more losses than the odd count below it, and 2 members survive none.
 * <p>
 * What is refused throws an {@link IllegalArgumentException} whose message says what to change.
 */
public final class ClusterMembers
{
    /** The setting that lists the members. */
    public static final String MEMBERS_PROP = "wirespeed.cluster.members";
    /** The setting that says which member this process is. */
    public static final String MEMBER_ID_PROP = "wirespeed.cluster.memberId";
    /** The consecutive ports each member uses, from its {@code PORT}. */
    public static final int PORTS_PER_MEMBER = 5;
    /** Ingress (clients to the leader) is at {@code PORT} plus this. */
    public static final int INGRESS_OFFSET = 0;
    /** Consensus (members to members) is at {@code PORT} plus this. */
    public static final int CONSENSUS_OFFSET = 1;
    /** The log (leader to this member) is at {@code PORT} plus this. */
    public static final int LOG_OFFSET = 2;
    /** Catch-up (log replay to this member) is at {@code PORT} plus this. */
    public static final int CATCHUP_OFFSET = 3;
    /** The member's archive control is at {@code PORT} plus this. */
    public static final int ARCHIVE_CONTROL_OFFSET = 4;
    /** The highest {@code PORT} a member may give: its last derived port must be a valid port. */
    public static final int MAX_BASE_PORT = 65535 - (PORTS_PER_MEMBER - 1);

    private static final String EXAMPLE = "0=hostA:9000,1=hostB:9000,2=hostC:9000";

    private final List<Member> members;

    private ClusterMembers(final List<Member> members)
    {
        this.members = Collections.unmodifiableList(members);
    }

    /**
     * One member: its id, its host and the first of its five ports.
     *
     * @param id   the member's id, 0 to the count less one.
     * @param host the host name or address, as written (an IPv6 address in brackets).
     * @param port the first of its ports, {@code PORT}; the rest follow.
     */
    public record Member(int id, String host, int port)
    {
        /**
         * One of the member's endpoints.
         *
         * @param offset one of {@link #INGRESS_OFFSET} ... {@link #ARCHIVE_CONTROL_OFFSET}.
         * @return {@code host:port} with the port offset.
         */
        public String endpoint(final int offset)
        {
            return host + ":" + (port + offset);
        }

        /**
         * Where clients reach this member.
         *
         * @return {@code host:PORT}.
         */
        public String ingressEndpoint()
        {
            return endpoint(INGRESS_OFFSET);
        }

        /**
         * Where the member's archive takes control requests.
         *
         * @return {@code host:PORT+4}.
         */
        public String archiveControlEndpoint()
        {
            return endpoint(ARCHIVE_CONTROL_OFFSET);
        }
    }

    /**
     * The members that {@code wirespeed.cluster.members} lists.
     *
     * @param settings e.g. the system properties.
     * @return the members, checked.
     * @throws IllegalArgumentException if the setting is missing or refused, saying what to change.
     */
    public static ClusterMembers fromProperties(final Properties settings)
    {
        return parse(settings.getProperty(MEMBERS_PROP));
    }

    /**
     * Parses and checks a member list.
     *
     * @param text e.g. {@code 0=hostA:9000,1=hostB:9000,2=hostC:9000}.
     * @return the members, checked.
     * @throws IllegalArgumentException if the list is refused, saying what to change.
     */
    public static ClusterMembers parse(final String text)
    {
        if (null == text || text.isBlank())
        {
            throw new IllegalArgumentException(MEMBERS_PROP + " is not set: give every member as id=host:port, " +
                "e.g. " + EXAMPLE);
        }
        final List<Member> members = new ArrayList<>();
        for (final String entry : text.split(",", -1))
        {
            members.add(parseMember(text, entry.trim()));
        }
        checkDuplicates(text, members);
        checkCount(members.size());
        checkIds(members);
        members.sort((a, b) -> Integer.compare(a.id(), b.id()));
        return new ClusterMembers(new ArrayList<>(members));
    }

    /**
     * The id of this process's member, from {@code wirespeed.cluster.memberId}, checked against the list.
     *
     * @param settings e.g. the system properties.
     * @return the member id.
     * @throws IllegalArgumentException if the setting is missing, not a number or names no member.
     */
    public int memberId(final Properties settings)
    {
        return memberId(settings.getProperty(MEMBER_ID_PROP));
    }

    /**
     * Checks a member id given as text.
     *
     * @param text the value of {@code wirespeed.cluster.memberId}.
     * @return the member id.
     * @throws IllegalArgumentException if the text is missing, not a number or names no member.
     */
    public int memberId(final String text)
    {
        if (null == text || text.isBlank())
        {
            throw new IllegalArgumentException(MEMBER_ID_PROP + " is not set: give this member's id from " +
                MEMBERS_PROP + " (" + ids() + ")");
        }
        final int id;
        try
        {
            id = Integer.parseInt(text.trim());
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException(MEMBER_ID_PROP + "='" + text + "' is not a member id: give this " +
                "member's id from " + MEMBERS_PROP + " (" + ids() + ")", ex);
        }
        return member(id).id();
    }

    /**
     * One member.
     *
     * @param id its id.
     * @return the member.
     * @throws IllegalArgumentException if no member has the id.
     */
    public Member member(final int id)
    {
        if (id < 0 || id >= members.size())
        {
            throw new IllegalArgumentException(MEMBER_ID_PROP + "=" + id + " names no member of " + MEMBERS_PROP +
                ": use one of its ids (" + ids() + ")");
        }
        return members.get(id);
    }

    /**
     * The members, by id.
     *
     * @return the members, in id order (the index is the id).
     */
    public List<Member> members()
    {
        return members;
    }

    /**
     * How many members there are.
     *
     * @return 1, 3 or 5.
     */
    public int size()
    {
        return members.size();
    }

    /**
     * The members as Aeron Cluster's consensus module takes them ({@code aeron.cluster.members}): per member
     * {@code id,ingress,consensus,log,catchup,archiveControl}, members separated by {@code |}.
     *
     * @return the consensus module's member list.
     */
    public String clusterMembers()
    {
        final StringBuilder builder = new StringBuilder();
        for (final Member member : members)
        {
            if (builder.length() > 0)
            {
                builder.append('|');
            }
            builder.append(member.id())
                .append(',').append(member.endpoint(INGRESS_OFFSET))
                .append(',').append(member.endpoint(CONSENSUS_OFFSET))
                .append(',').append(member.endpoint(LOG_OFFSET))
                .append(',').append(member.endpoint(CATCHUP_OFFSET))
                .append(',').append(member.endpoint(ARCHIVE_CONTROL_OFFSET));
        }
        return builder.toString();
    }

    /**
     * The members' ingress as Aeron Cluster's client takes them ({@code aeron.cluster.ingress.endpoints}):
     * {@code id=host:PORT}, separated by commas.
     *
     * @return the client's ingress endpoints.
     */
    public String ingressEndpoints()
    {
        final StringBuilder builder = new StringBuilder();
        for (final Member member : members)
        {
            if (builder.length() > 0)
            {
                builder.append(',');
            }
            builder.append(member.id()).append('=').append(member.ingressEndpoint());
        }
        return builder.toString();
    }

    /**
     * The list as {@code wirespeed.cluster.members} would give it.
     *
     * @return e.g. {@code 0=hostA:9000,1=hostB:9000,2=hostC:9000}.
     */
    @Override
    public String toString()
    {
        final StringBuilder builder = new StringBuilder();
        for (final Member member : members)
        {
            if (builder.length() > 0)
            {
                builder.append(',');
            }
            builder.append(member.id()).append('=').append(member.host()).append(':').append(member.port());
        }
        return builder.toString();
    }

    private String ids()
    {
        final StringBuilder builder = new StringBuilder();
        for (final Member member : members)
        {
            if (builder.length() > 0)
            {
                builder.append(", ");
            }
            builder.append(member.id());
        }
        return builder.toString();
    }

    private static Member parseMember(final String text, final String entry)
    {
        final int equals = entry.indexOf('=');
        final int colon = entry.lastIndexOf(':');
        if (equals <= 0 || colon < equals + 2 || colon == entry.length() - 1)
        {
            throw new IllegalArgumentException(MEMBERS_PROP + "='" + text + "': '" + entry + "' is not id=host:port; " +
                "give every member so, separated by commas, e.g. " + EXAMPLE);
        }
        final String host = entry.substring(equals + 1, colon);
        checkHost(text, entry, host);
        final int id = number(text, entry, entry.substring(0, equals), "member id", "a whole number from 0");
        final int port = number(text, entry, entry.substring(colon + 1), "port", "a whole number");
        if (port < 1 || port > MAX_BASE_PORT)
        {
            throw new IllegalArgumentException(MEMBERS_PROP + "='" + text + "': member " + id + "'s port " + port +
                " is out of range: a member uses it and the next " + (PORTS_PER_MEMBER - 1) + " ports, which must " +
                "all be in 1.." + 65535 + "; use a port from 1 to " + MAX_BASE_PORT);
        }
        return new Member(id, host, port);
    }

    private static void checkHost(final String text, final String entry, final String host)
    {
        final boolean bracketed = host.startsWith("[") && host.endsWith("]") && host.length() > 2;
        boolean bad = host.isEmpty() || (host.indexOf(':') >= 0 && !bracketed);
        for (int i = 0; i < host.length() && !bad; i++)
        {
            final char c = host.charAt(i);
            bad = Character.isWhitespace(c) || '=' == c || '|' == c || '/' == c || '?' == c;
        }
        if (bad)
        {
            throw new IllegalArgumentException(MEMBERS_PROP + "='" + text + "': '" + entry + "' has no valid host " +
                "before its port: give a host name or address (an IPv6 address in brackets, [::1]:9000)");
        }
    }

    private static int number(
        final String text, final String entry, final String digits, final String what, final String expected)
    {
        boolean valid = !digits.isEmpty() && digits.length() <= 9;
        for (int i = 0; i < digits.length() && valid; i++)
        {
            valid = digits.charAt(i) >= '0' && digits.charAt(i) <= '9';
        }
        if (!valid)
        {
            throw new IllegalArgumentException(MEMBERS_PROP + "='" + text + "': in '" + entry + "' the " + what +
                " '" + digits + "' is not " + expected + "; give every member as id=host:port, e.g. " + EXAMPLE);
        }
        return Integer.parseInt(digits);
    }

    private static void checkDuplicates(final String text, final List<Member> members)
    {
        for (int i = 0; i < members.size(); i++)
        {
            final Member a = members.get(i);
            for (int j = i + 1; j < members.size(); j++)
            {
                final Member b = members.get(j);
                if (a.id() == b.id())
                {
                    throw new IllegalArgumentException(MEMBERS_PROP + "='" + text + "': member id " + a.id() +
                        " is given twice; give each member its own id, 0 to the count less one");
                }
                if (sameHost(a, b) && a.port() == b.port())
                {
                    throw new IllegalArgumentException(MEMBERS_PROP + "='" + text + "': members " + a.id() + " and " +
                        b.id() + " are both " + a.host() + ":" + a.port() + "; give each member its own host:port");
                }
                if (sameHost(a, b) && Math.abs(a.port() - b.port()) < PORTS_PER_MEMBER)
                {
                    throw new IllegalArgumentException(MEMBERS_PROP + "='" + text + "': members " + a.id() + " and " +
                        b.id() + " share ports on " + a.host() + " (" + range(a) + " and " + range(b) + "): each " +
                        "member uses its port and the next " + (PORTS_PER_MEMBER - 1) + ", so members on one host " +
                        "need ports at least " + PORTS_PER_MEMBER + " apart");
                }
            }
        }
    }

    private static boolean sameHost(final Member a, final Member b)
    {
        return a.host().toLowerCase(Locale.ROOT).equals(b.host().toLowerCase(Locale.ROOT));
    }

    private static String range(final Member member)
    {
        return member.port() + ".." + (member.port() + PORTS_PER_MEMBER - 1);
    }

    private static void checkCount(final int count)
    {
        if (1 == count || 3 == count || 5 == count)
        {
            return;
        }
        final String why;
        if (2 == count)
        {
            why = "a cluster of 2 members cannot elect a leader once one is lost";
        }
        else if (0 == count % 2)
        {
            why = "a cluster of " + count + " members survives no more lost members than one of " + (count - 1) +
                ", and needs more of them to commit";
        }
        else
        {
            why = "a cluster of " + count + " members commits more slowly (every entry waits for " +
                (count / 2 + 1) + " members) and Wirespeed does not test it";
        }
        throw new IllegalArgumentException(MEMBERS_PROP + " lists " + count + " members: " + why +
            "; use 1, 3 or 5");
    }

    private static void checkIds(final List<Member> members)
    {
        final int[] ids = new int[members.size()];
        for (int i = 0; i < ids.length; i++)
        {
            ids[i] = members.get(i).id();
        }
        Arrays.sort(ids);
        for (int i = 0; i < ids.length; i++)
        {
            if (ids[i] != i)
            {
                throw new IllegalArgumentException(MEMBERS_PROP + " gives member ids " + Arrays.toString(ids) +
                    ": the ids of " + ids.length + " members must be 0 to " + (ids.length - 1) + ", each once");
            }
        }
    }
}
