package io.wirespeed.transport;

/**
 * A client's session with a cluster ({@link ClusterClients#connect}): its ingress to the leader and its egress from
 * it, followed across leader changes. What goes in enters the cluster's log once the leader appends it; what was
 * offered to a leader that was lost before it appended it is lost, so a client that must not lose a message sends it
 * again once a new leader leads ({@link #leaderChanges()}) and the service drops the copy it already has.
 * <p>
 * Thread safe: any thread may offer, one at a time polls the egress; each holds the session for the call only. A
 * session whose cluster closed it (no leader within the timeout, or it timed the session out) opens a new one while
 * its egress is polled; the service then sees a new client.
 */
public interface ClusterSession extends AutoCloseable
{
    /**
     * A publication into the cluster's ingress that puts a tag byte before every message: the service tells kinds of
     * messages apart by it. It never claims ({@link TransportPublication#maxClaimLength()} is 0); it is connected
     * while the session is open, a new leader's election included, and while no leader takes messages its offers
     * are back-pressured ({@link TransportPublication#BACK_PRESSURED}): the sender waits as for room. Closing it
     * leaves the session open.
     *
     * @param tag the byte put before each message.
     * @return the publication.
     */
    TransportPublication ingress(byte tag);

    /**
     * What the cluster sends this client, without the cluster's own session header. Polling it also runs the
     * session: it follows a new leader, sends the cluster's keep-alive when nothing else went for a while, and opens
     * the session again after the cluster closed it. Closing it leaves the session open.
     *
     * @return the egress.
     */
    TransportSubscription egress();

    /**
     * How many times a new leader took over since the session opened (a session opened again counts too): a message
     * offered before the count moved and not yet confirmed may need to go again.
     *
     * @return the count.
     */
    long leaderChanges();

    /**
     * The cluster's id of the session now: it changes when the session is opened again after the cluster closed it,
     * and the service then sees a new client.
     *
     * @return the id.
     */
    long sessionId();

    /**
     * Where the session stands, for messages and health checks.
     *
     * @return e.g. "leader 1 of 0=a:9000,1=b:9000,2=c:9000, term 3".
     */
    String describe();

    /** Closes the session with the cluster. Idempotent. */
    @Override
    void close();
}
