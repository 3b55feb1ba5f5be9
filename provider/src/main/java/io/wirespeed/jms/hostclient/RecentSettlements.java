package io.wirespeed.jms.hostclient;

/**
 * The acknowledgements and give-backs a client of a clustered host sent lately, so that they go again to a new
 * leader: the ones the lost leader took into its ingress but not into the committed log are lost with it, and a
 * delivery whose acknowledgement was lost would stay in flight, or come again. Both are idempotent at the host (a
 * delivery no longer in flight is ignored). A ring of the last {@link #CAPACITY}, allocated once; older ones are
 * forgotten (with more than that many within a failover, the oldest come again, marked redelivered). Guarded by the
 * caller's lock (the {@link HostProxy}'s monitor).
 */
final class RecentSettlements
{
    /** How many are kept. */
    static final int CAPACITY = 4096;
    /** The kind of an acknowledgement. */
    static final int ACKNOWLEDGED = 0;
    /** The kind of a give-back the application saw. */
    static final int GIVEN_BACK_SEEN = 1;
    /** The kind of a give-back the application never saw. */
    static final int GIVEN_BACK_UNSEEN = 2;

    private final long[] consumers = new long[CAPACITY];
    private final long[] deliveries = new long[CAPACITY];
    private final long[] sentNs = new long[CAPACITY];
    private final int[] kinds = new int[CAPACITY];
    private long count;

    /** One settlement to send again. */
    @FunctionalInterface
    interface Settlement
    {
        /**
         * @param kind       {@link #ACKNOWLEDGED}, {@link #GIVEN_BACK_SEEN} or {@link #GIVEN_BACK_UNSEEN}.
         * @param consumerId the consumer.
         * @param deliveryId the delivery.
         * @throws javax.jms.JMSException if it cannot be sent.
         */
        void send(int kind, long consumerId, long deliveryId) throws javax.jms.JMSException;
    }

    /**
     * Keeps one, sent now.
     *
     * @param kind       what it was.
     * @param consumerId the consumer.
     * @param deliveryId the delivery.
     * @param nowNs      {@link System#nanoTime()}.
     */
    void record(final int kind, final long consumerId, final long deliveryId, final long nowNs)
    {
        final int i = (int)(count++ & (CAPACITY - 1));
        kinds[i] = kind;
        consumers[i] = consumerId;
        deliveries[i] = deliveryId;
        sentNs[i] = nowNs;
    }

    /**
     * Gives those kept that were sent since a time, oldest first.
     *
     * @param sinceNs    {@link System#nanoTime()} of the oldest wanted.
     * @param settlement takes each.
     * @return how many.
     * @throws javax.jms.JMSException if one cannot be sent.
     */
    int sendSince(final long sinceNs, final Settlement settlement) throws javax.jms.JMSException
    {
        int sent = 0;
        for (long n = Math.max(0, count - CAPACITY); n < count; n++)
        {
            final int i = (int)(n & (CAPACITY - 1));
            if (sentNs[i] - sinceNs >= 0)
            {
                settlement.send(kinds[i], consumers[i], deliveries[i]);
                sent++;
            }
        }
        return sent;
    }
}
