package io.wirespeed.transport;

/**
 * The housekeeping of a transport's client (for Aeron: its client conductor, which keeps the client alive with the
 * driver and makes new subscriptions' images and other driver events known) when the transport was connected with
 * {@link TransportContext#ownerRunsClientDuty(boolean)}: instead of a thread of the client's own, the transport's owner
 * calls {@link #doClientWork()} from its duty cycle, often (at least every few hundred milliseconds: a client not
 * serviced for the driver's timeout is closed), and never from a thread that may block for long. A transport whose
 * client needs no housekeeping has no such capability.
 */
public interface ClientDuty
{
    /**
     * Does the client's pending housekeeping. Safe to call from any thread; calls that overlap one another do the
     * work once.
     *
     * @return how much work was done, 0 if none.
     */
    int doClientWork();
}
