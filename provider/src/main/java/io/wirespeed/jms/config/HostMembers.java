package io.wirespeed.jms.config;

import java.util.ArrayList;
import java.util.List;

import io.wirespeed.codec.control.QueueStreams;

/**
 * The {@code host} option's form for a clustered queue host: the members' {@code ADDRESS:PORT}, comma-separated, in
 * member-id order, each {@code PORT} the member's base port of {@code wirespeed.cluster.members} (its ingress). A
 * cluster has 3 or 5 members; one {@code ADDRESS:PORT} alone names a single host.
 */
public final class HostMembers
{
    private HostMembers()
    {
    }

    /**
     * Whether a host option names a cluster's members rather than one host.
     *
     * @param host the option's value, or null.
     * @return true for comma-separated endpoints.
     */
    public static boolean isCluster(final String host)
    {
        return null != host && host.indexOf(',') >= 0;
    }

    /**
     * The members' endpoints.
     *
     * @param host the option's value.
     * @return each {@code ADDRESS:PORT}, in member-id order.
     * @throws IllegalArgumentException naming an entry that is not {@code ADDRESS:PORT}, or a count other than 3 or 5.
     */
    public static List<String> parse(final String host)
    {
        final List<String> endpoints = new ArrayList<>();
        for (final String entry : host.split(",", -1))
        {
            final String endpoint = entry.trim();
            QueueStreams.port(endpoint);
            endpoints.add(endpoint);
        }
        if (endpoints.size() != 3 && endpoints.size() != 5)
        {
            throw new IllegalArgumentException("a cluster has 3 or 5 members, and '" + host + "' names " +
                endpoints.size() + ": name every member's ADDRESS:PORT, in member-id order (a cluster of 2 or 4 " +
                "cannot elect a leader once half its members are lost)");
        }
        return endpoints;
    }
}
