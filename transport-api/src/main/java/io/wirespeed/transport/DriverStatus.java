package io.wirespeed.transport;

import java.util.Map;

/**
 * A transport capability ({@link Transport#capability(Class)}): what can be seen of the driver a transport relies
 * on without a round trip: whether it is alive (its heartbeat), whether an archive runs beside it, and its own
 * counters of the network (NAKs, retransmits, loss, errors). A transport without a separate driver has none.
 */
public interface DriverStatus
{
    /** @return where the driver runs, e.g. its directory, for a health report. */
    String driverDirectory();

    /** @return milliseconds since the driver's last heartbeat; negative if it never beat or the transport closed. */
    long heartbeatAgeMs();

    /** @return whether the driver beat within the transport's driver timeout and the transport is open. */
    boolean isAlive();

    /** @return whether a persistence service (for Aeron: the archive) runs beside the driver now. */
    boolean archiveRunning();

    /**
     * The driver's own counters of what happened on the network, by name: {@code naks.sent}, {@code naks.received},
     * {@code retransmits.sent}, {@code retransmitted.bytes}, {@code loss.gap.fills}, {@code errors},
     * {@code invalid.packets}, {@code short.sends}, {@code client.timeouts}, {@code bytes.sent},
     * {@code bytes.received}, as far as the driver has them. Allocates: for readers, not the hot path.
     *
     * @return the counters' current values, in that order.
     */
    Map<String, Long> networkCounters();

    /**
     * How far this transport's own subscriptions are behind what was published or received on their streams: the
     * consumer lag before any message reaches the application. Allocates: for readers, not the hot path.
     *
     * @return per {@code "<channel> <streamId>"}, the bytes its slowest image is behind; empty where unknown.
     */
    default Map<String, Long> subscriberLags()
    {
        return Map.of();
    }

    /**
     * How far the persistence service beside the driver (for Aeron: the archive's recordings) is behind the streams
     * it records.
     *
     * @return the bytes the furthest-behind recording lags; 0 without recordings or where unknown.
     */
    default long archiveLag()
    {
        return 0;
    }
}
