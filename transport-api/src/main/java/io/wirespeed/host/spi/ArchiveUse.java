package io.wirespeed.host.spi;

/** When an embedded host runs the archive beside its media driver. */
public enum ArchiveUse
{
    /** Never: durable subscriptions are refused, queues are kept in memory. */
    OFF,
    /** When durability is first needed (a durable subscription, or stored ones in the archive's directory). */
    AUTO,
    /** From the start, and queues are durable too: their PERSISTENT messages survive a restart. */
    ON
}
