package io.wirespeed.bench.peer;

import java.util.Map;

import javax.jms.ConnectionFactory;

/**
 * A JMS provider under test, ready to hand out connections: Wirespeed over IPC or UDP, or an
 * embedded ActiveMQ Artemis broker reached in-VM or over TCP. Closing it stops what it started.
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
}
