package io.wirespeed.transport;

/**
 * A transport capability ({@link Transport#capability(Class)}): whether the driver a transport relies on is alive,
 * read from the driver's heartbeat without a round trip. A transport without a separate driver has none.
 */
public interface DriverLiveness
{
    /** @return where the driver runs, e.g. its directory, for a health report. */
    String driverDirectory();

    /** @return milliseconds since the driver's last heartbeat; negative if it never beat. */
    long heartbeatAgeMs();

    /** @return whether the driver beat within the transport's driver timeout and the transport is open. */
    boolean isAlive();
}
