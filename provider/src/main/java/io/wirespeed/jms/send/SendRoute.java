package io.wirespeed.jms.send;

import io.wirespeed.jms.runtime.PublicationPool;
import io.wirespeed.transport.ClaimedSpace;
import io.wirespeed.transport.PersistenceWatch;
import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportPublication;

/**
 * One destination's way out of a session: the publication (taken from the runtime's {@link PublicationPool}) with
 * its claim, its limits, and what the sender learnt about it (whether it had subscribers, where the archive marks it
 * as recorded). A session's {@link SendRoutes} makes it on the first send there and keeps it for the session's life;
 * several destinations that share a stream share one route. Used by the session's sending thread only.
 */
public final class SendRoute
{
    final String channel;
    final int streamId;
    final Transport transport;
    final String poolChannel;
    final PublicationPool pool;
    final TransportPublication publication;
    final boolean queue;
    final PersistenceWatch watch;
    final int maxMessageLength;
    final int maxClaimLength;
    final ClaimedSpace claim;
    final long createdNanos = System.nanoTime();
    boolean hadSubscribers;
    int recordedMark = PersistenceWatch.NOT_FOUND;
    int recordingCounter = PersistenceWatch.NOT_FOUND;

    /**
     * A route on a publication taken from the pool.
     *
     * @param channel            the channel as subscribers and the archive name it.
     * @param streamId           the stream.
     * @param transport          the transport the publication is on.
     * @param publicationChannel the channel the publication is made for (with the publication's own options).
     * @param queue              whether it goes to the queue host.
     * @param watch              what the transport sees of the archive, or null when nothing records its streams.
     * @param pool               where the publication comes from and goes back to.
     * @throws io.wirespeed.transport.TransportException if the transport cannot make the publication.
     */
    SendRoute(
        final String channel, final int streamId, final Transport transport, final String publicationChannel,
        final boolean queue, final PersistenceWatch watch, final PublicationPool pool)
    {
        this.channel = channel;
        this.streamId = streamId;
        this.transport = transport;
        this.poolChannel = publicationChannel;
        this.pool = pool;
        this.publication = pool.acquire(transport, publicationChannel, streamId);
        this.queue = queue;
        this.watch = watch;
        this.maxMessageLength = publication.maxMessageLength();
        this.maxClaimLength = publication.maxClaimLength();
        this.claim = publication.newClaim();
    }

    @Override
    public String toString()
    {
        return channel + " stream " + streamId;
    }
}
