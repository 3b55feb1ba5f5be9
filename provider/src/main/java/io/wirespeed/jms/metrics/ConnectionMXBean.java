package io.wirespeed.jms.metrics;

/**
 * A connection's figures over JMX: {@code io.wirespeed:type=Connection,connection=<number>}, registered while the
 * connection is open ({@link WirespeedMBeans}).
 */
public interface ConnectionMXBean
{
    /** @return the connection's id. */
    String getConnectionId();

    /** @return the process id owning the connection. */
    long getProcessId();

    /** @return sends that waited on back-pressure. */
    long getSendBackPressureWaits();

    /** @return sends that failed. */
    long getSendFailures();

    /** @return bytes the connection's topic consumers lost under {@code slowConsumers=drop}. */
    long getConsumerLossBytes();

    /** @return {@code UNUSED}, {@code REACHABLE} or {@code UNREACHABLE}: whether it reaches its queue host. */
    String getQueueHost();

    /** @return how many times a clustered queue host's new leader took over while the connection used it. */
    long getQueueHostFailovers();

    /** @return how long those failovers lasted in all, in milliseconds, as the connection saw each. */
    long getQueueHostFailoverMillis();

    /** @return whether the media driver of the connection beats; true for a transport without a driver. */
    boolean isDriverAlive();

    /** @return bytes the JVM's slowest subscription image is behind its stream (consumer lag). */
    long getConsumerLagBytes();

    /** @return bytes the archive's furthest-behind recording is behind its stream; 0 without one. */
    long getArchiveLagBytes();
}
