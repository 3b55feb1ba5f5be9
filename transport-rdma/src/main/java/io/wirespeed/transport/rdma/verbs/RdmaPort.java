package io.wirespeed.transport.rdma.verbs;

import java.util.List;

/**
 * What one port of an RDMA device reports: its state, MTU, link layer and GIDs.
 *
 * @param number     the port number, from 1.
 * @param state      the port state, e.g. "ACTIVE" or "DOWN".
 * @param activeMtu  the active MTU in bytes.
 * @param linkLayer  "Ethernet" for RoCE, "InfiniBand", or "unknown".
 * @param gids       the non-zero GIDs of the port, as IPv6-style text.
 */
public record RdmaPort(int number, String state, int activeMtu, String linkLayer, List<String> gids)
{
}
