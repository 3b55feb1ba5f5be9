package io.wirespeed.bench.peer;

import java.util.Map;

import javax.jms.ConnectionFactory;

import io.wirespeed.netns.NamespaceHost;

/**
 * A JMS provider under test, ready to hand out connections: Wirespeed over IPC or UDP, or an
 * embedded ActiveMQ Artemis broker reached in-VM or over TCP; on loopback, or between hosts. Closing it stops what
 * it started.
 */
public interface JmsTarget extends AutoCloseable
{
    /**
     * The factory connections come from.
     *
     * @return the connection factory.
     */
    ConnectionFactory factory();

    /**
     * What the provider is and how it is configured.
     *
     * @return an ordered map: api, transport, threading, idle and details.
     */
    Map<String, Object> settings();

    /**
     * A copy of this target whose Wirespeed URI carries one more option (ignored by other providers).
     *
     * @param option a {@code name=value} URI option.
     * @return a target with that option.
     */
    JmsTarget withOption(String option);

    /**
     * Where connections of this target connect: a Wirespeed URI or Artemis's URL, which a JVM on another host can
     * use as well.
     *
     * @return the URI.
     */
    String uri();

    /**
     * The host the far side of a pair or stream runs on, when the peer spans hosts
     * ({@link io.wirespeed.bench.rig.Placement}).
     *
     * @return the far host, or null when both sides run in this JVM.
     */
    default NamespaceHost farHost()
    {
        return null;
    }

    /**
     * Whether connections of this target already name a queue host of the peer's own (a cluster's members), so that
     * a scenario between hosts starts none for them.
     *
     * @return true where the URI carries {@code host=}.
     */
    default boolean namesQueueHost()
    {
        return false;
    }

    /**
     * A copy of this target on which a topic that the far side publishes reaches this side: for Wirespeed over UDP
     * unicast, a route that sends the topic to this host's address (the default channel goes to the far host's).
     *
     * @param topic the topic the far side publishes, or a {@code route.<pattern>} pattern ({@code prefix.*}) of such
     *              topics.
     * @return the target to connect both sides with; this one where nothing is needed.
     */
    default JmsTarget receivingHere(final String topic)
    {
        return this;
    }
}
