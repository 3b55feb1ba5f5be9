package io.wirespeed.jms.config;

/**
 * The transport named by a connection URI's scheme-specific part: {@code wirespeed:ipc},
 * {@code wirespeed:udp} or {@code wirespeed:rdma}.
 */
public enum TransportKind
{
    /** Aeron IPC through shared memory: one host, one media driver. */
    IPC,
    /** Aeron over UDP: unicast or multicast, chosen by the endpoint address. */
    UDP,
    /** RDMA (RoCE) where the host has it, falling back to UDP. */
    RDMA
}
