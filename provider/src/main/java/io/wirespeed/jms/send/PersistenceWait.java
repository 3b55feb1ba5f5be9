package io.wirespeed.jms.send;

import java.util.concurrent.TimeUnit;

import javax.jms.JMSException;
import javax.jms.ResourceAllocationException;

import org.agrona.concurrent.IdleStrategy;

import io.wirespeed.jms.config.ConnectionConfig;
import io.wirespeed.jms.hostclient.QueueClient;
import io.wirespeed.transport.PersistenceWatch;

/**
 * What a {@code PERSISTENT} send waits for to be kept: before publishing, a refusal if the archive has stopped
 * recording the destination's stream for want of disk space ({@link #refuseUnrecorded}); after publishing, the
 * archive's position for the route's publication reaching the message's end ({@link #awaitKept}), within
 * {@code sendTimeout}: the message is then in the archive's files. Where nothing records the stream (a topic without
 * a durable subscription, queues when the host does not keep them in the archive) a send does not wait: a message
 * no durable subscription keeps is lost with its subscribers anyway. The archive is seen through the route's
 * transport's {@link PersistenceWatch}; a transport without one (RDMA) has streams nothing records, where no durable
 * subscription can be made either ({@code JmsConnection.durableChannelFor}), so nothing waits there either.
 * A PERSISTENT queue message sent over UDP to a host that keeps its queues in the archive waits instead for the
 * host to say that its archive recorded it ({@link #awaitHostRecorded}, {@link QueueClient#awaitRecorded}), within
 * {@code sendTimeout}: its client's own driver, which the archive's counters would show, is not the host's.
 * {@link #awaitKept} and {@link #awaitHostRecorded} are the places where a send, or each message of a commit, waits
 * after publishing for its message to be kept. One thread at a time; nothing allocated while waiting.
 */
final class PersistenceWait
{
    private final SendSession session;
    private final ConnectionConfig config;
    private final IdleStrategy idle;
    private final long sendTimeoutNs;

    /**
     * A wait for a session's PERSISTENT sends.
     *
     * @param session the session whose connection's {@code sendTimeout} bounds the wait.
     * @param idle    how to wait; shared with the session's other waits, reset before each.
     */
    PersistenceWait(final SendSession session, final IdleStrategy idle)
    {
        this.session = session;
        this.config = session.connection().config();
        this.idle = idle;
        this.sendTimeoutNs = TimeUnit.NANOSECONDS.convert(config.sendTimeout());
    }

    /**
     * Refuses a PERSISTENT message, before it is published, to a recorded destination whose recording the archive
     * has stopped for want of disk space: it could not be kept. Finds the destination's mark for {@link #awaitKept}.
     *
     * @param route where the message goes.
     * @throws ResourceAllocationException if the archive stopped recording the route's stream.
     */
    void refuseUnrecorded(final SendRoute route) throws JMSException
    {
        final PersistenceWatch watch = route.watch;
        if (watch == null)
        {
            return;
        }
        if (!watch.isRecordedStream(route.recordedMark, route.channel, route.streamId))
        {
            route.recordedMark = watch.findRecordedStream(route.channel, route.streamId);
        }
        if (route.recordedMark != PersistenceWatch.NOT_FOUND && watch.isRecordingStopped(route.recordedMark))
        {
            throw recordingStopped(route, "this PERSISTENT message was not sent");
        }
    }

    /**
     * Waits, after a message was published, until it is kept: for a PERSISTENT message to a stream the archive
     * records ({@link #refuseUnrecorded} found its mark), until the archive has it; otherwise returns at once.
     *
     * @param route      where it went.
     * @param persistent whether the message is PERSISTENT.
     * @param position   the stream position after it, as the publication returned it.
     * @throws JMSException ResourceAllocationException if the archive stopped recording before it had the message; a
     *                      JMSException naming {@code sendTimeout} if it did not confirm it in time.
     */
    void awaitKept(final SendRoute route, final boolean persistent, final long position) throws JMSException
    {
        if (persistent && route.watch != null)
        {
            awaitArchived(route, position);
        }
    }

    /**
     * Waits, after a PERSISTENT queue message was published to a host over UDP that keeps its queues in the archive,
     * until the host says its archive recorded it; otherwise returns at once.
     *
     * @param route      where it went.
     * @param persistent whether the message is PERSISTENT.
     * @param producerId the sending producer, as in the envelope.
     * @param sequence   the message's sequence, as in the envelope.
     * @param again      sends the session's unconfirmed messages again, in order, when a cluster's new leader may not
     *                   have them.
     * @param sentAt     {@link #leaderChanges} before the message was published.
     * @param startNs    the {@link System#nanoTime()} {@code sendTimeout} counts from.
     * @throws JMSException ResourceAllocationException if the host refused a message of the session; a JMSException
     *                      if the host was lost, or did not confirm within {@code sendTimeout}.
     */
    void awaitHostRecorded(
        final SendRoute route, final boolean persistent, final int producerId, final long sequence,
        final QueueClient.SendAgain again, final long sentAt, final long startNs) throws JMSException
    {
        if (hostConfirms(route, persistent))
        {
            session.connection().queueClient().awaitRecorded(session.id(), producerId, sequence, sendTimeoutNs,
                "sendTimeout=" + config.sendTimeout().toMillis() + " ms", idle, again, sentAt, startNs);
        }
    }

    /**
     * Whether a message waits for the queue host's confirmation once published ({@link #awaitHostRecorded}): a
     * PERSISTENT queue message to a host over UDP that keeps its queues in the archive, or to a cluster.
     *
     * @param route      where it goes.
     * @param persistent whether it is PERSISTENT.
     * @return true if the host confirms it.
     * @throws JMSException if the queue client cannot be opened.
     */
    boolean hostConfirms(final SendRoute route, final boolean persistent) throws JMSException
    {
        return route.queue && persistent && session.connection().queueClient().confirmsPersistentSends();
    }

    /**
     * Where a PERSISTENT queue message stands against a cluster's changes of leader, taken before it is published.
     *
     * @param route      where it goes.
     * @param persistent whether it is PERSISTENT.
     * @return the queue client's {@link QueueClient#leaderChanges()} for a PERSISTENT queue message, else 0.
     * @throws JMSException if the queue client cannot be opened.
     */
    long leaderChanges(final SendRoute route, final boolean persistent) throws JMSException
    {
        return route.queue && persistent ? session.connection().queueClient().leaderChanges() : 0;
    }

    private void awaitArchived(final SendRoute route, final long position) throws JMSException
    {
        final PersistenceWatch watch = route.watch;
        if (route.recordedMark == PersistenceWatch.NOT_FOUND)
        {
            return;
        }
        final int sessionId = route.publication.sessionId();
        final long start = System.nanoTime();
        idle.reset();
        while (true)
        {
            long recorded = watch.recordedPosition(route.recordingCounter, sessionId);
            if (recorded < 0)
            {
                route.recordingCounter = watch.findRecordingCounter(sessionId);
                recorded = watch.recordedPosition(route.recordingCounter, sessionId);
            }
            if (recorded >= position)
            {
                return;
            }
            if (!watch.isRecordedStream(route.recordedMark, route.channel, route.streamId))
            {
                return;
            }
            if (watch.isRecordingStopped(route.recordedMark))
            {
                throw recordingStopped(route, "this PERSISTENT message was published but not recorded, so it is not " +
                    "kept: consumers connected now may receive it, nothing that reads from the archive will");
            }
            if (System.nanoTime() - start > sendTimeoutNs)
            {
                throw new JMSException("the archive did not confirm a PERSISTENT message to " + route + " within " +
                    "sendTimeout=" + config.sendTimeout().toMillis() + " ms: it may not survive a failure of the " +
                    "driver process; check the archive (driver log), or raise sendTimeout");
            }
            idle.idle();
        }
    }

    private static ResourceAllocationException recordingStopped(final SendRoute route, final String outcome)
    {
        return new ResourceAllocationException("the archive has stopped recording " + route + " because its disk " +
            "is nearly full: " + outcome + ", as it could not be kept. Messages sent before are kept, and sending " +
            "works again by itself once the disk has room; free space on the archive's disk (its directory is " +
            "wirespeed.archive.dir, or archiveDir for the embedded archive), lower wirespeed.archive.min.free " +
            "(archiveMinFree), or send NON_PERSISTENT messages, which are not recorded");
    }
}
