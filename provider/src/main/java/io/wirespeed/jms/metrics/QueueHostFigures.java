package io.wirespeed.jms.metrics;

/**
 * What a connection's figures read of its queue host: whether it reaches it, and a clustered host's failovers as the
 * connection saw them.
 */
public interface QueueHostFigures
{
    /** Figures of a connection (or runtime) that uses no queue host. */
    QueueHostFigures UNUSED = new QueueHostFigures()
    {
        @Override
        public ConnectionMetrics.QueueHostState state()
        {
            return ConnectionMetrics.QueueHostState.UNUSED;
        }

        @Override
        public long failovers()
        {
            return 0;
        }

        @Override
        public long failoverNanos()
        {
            return 0;
        }
    };

    /** @return whether the connection reaches its queue host, or has not needed it. */
    ConnectionMetrics.QueueHostState state();

    /** @return how many times a clustered queue host's new leader took over while the connection used it. */
    long failovers();

    /**
     * @return how long those failovers lasted in all, as the connection saw each: the longest silence of the
     *         cluster since the failover before, ended by the new leader's first word.
     */
    long failoverNanos();
}
