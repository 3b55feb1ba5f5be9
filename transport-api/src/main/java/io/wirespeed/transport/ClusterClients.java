package io.wirespeed.transport;

/**
 * A transport's client of a replicated service: the members of a cluster (Aeron Cluster) named by their ingress
 * endpoints, of which the leader takes every message into the cluster's log and answers. A capability of a transport
 * ({@link Transport#capability}) that has one.
 */
public interface ClusterClients
{
    /**
     * Opens a session with the cluster: finds the leader among the members and connects to it, waiting up to the
     * timeout.
     *
     * @param ingressEndpoints  the members as {@code id=host:port}, comma-separated: each member's ingress.
     * @param egressChannel     where the cluster answers this client, e.g. {@code aeron:udp?endpoint=10.0.0.9:0}.
     * @param messageTimeoutNs  how long to wait for the cluster to answer a connect, and for a new leader after one
     *                          was lost before the session is opened again.
     * @return the session, open.
     * @throws TransportException if no leader answered within the timeout, naming the members tried.
     */
    ClusterSession connect(String ingressEndpoints, String egressChannel, long messageTimeoutNs);
}
