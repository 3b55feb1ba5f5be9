package io.wirespeed.transport.rdma;

/**
 * One piece of the conductor's duty cycle: a publication's sender or a subscription's receiver.
 */
interface Duty
{
    /** Does what is waiting without blocking; returns how much was done (0 when idle). */
    int doWork();

    /** Releases the verbs resources this duty holds; called on the conductor's lock. */
    void close();
}
