package io.wirespeed.transport.rdma;

import io.aeron.logbuffer.LogBufferDescriptor;
import io.wirespeed.transport.rdma.verbs.CompletionArray;
import io.wirespeed.transport.rdma.verbs.ConnectionEvent;
import io.wirespeed.transport.rdma.verbs.RdmaException;
import io.wirespeed.transport.rdma.verbs.Verbs;
import io.wirespeed.transport.rdma.verbs.WorkRequest;
import org.agrona.BufferUtil;
import org.agrona.concurrent.UnsafeBuffer;

import java.util.function.Consumer;

/**
 * The conductor's half of a publication: listens on the channel's endpoint, accepts
 * subscribers (one reliable-connected queue pair each), RDMA-writes newly published frames into
 * each replica with the new end position as immediate data, takes consumed positions back from
 * subscribers' zero-length writes, and sets the publication's limit from the slowest of them.
 * A subscriber whose queue pair fails or disconnects is dropped; the others carry on.
 */
final class PublicationSender implements Duty
{
    static final int MAX_SUBSCRIBERS = 16;
    static final int SEND_DEPTH = 128;
    static final int CREDIT_RECEIVE_DEPTH = 16;
    private static final long WR_TYPE_DATA = 1L << 32;
    private static final long WR_TYPE_CREDIT = 2L << 32;

    private final Verbs verbs;
    private final RdmaPublication publication;
    private final LogBuffer log;
    private final int streamId;
    private final int sessionId;
    private final int mtu;
    private final int termLength;
    private final int positionBitsToShift;
    private final long window;
    private final Consumer<String> logger;
    private final long protectionDomain;
    private final long eventChannel;
    private final long listener;
    private final long completionQueue;
    private final ConnectionEvent event = new ConnectionEvent();
    private final CompletionArray completions = new CompletionArray(64);
    private final WorkRequest write = new WorkRequest();
    private final WorkRequest receive = new WorkRequest();
    private final UnsafeBuffer privateData = new UnsafeBuffer(BufferUtil.allocateDirectAligned(64, 64));
    private final Subscriber[] subscribers = new Subscriber[MAX_SUBSCRIBERS];
    private int nextEpoch = 1;

    private static final class Subscriber
    {
        long queuePair;
        long replicaAddress;
        int replicaRkey;
        boolean established;
        long sentPosition;
        long consumedPosition;
        int outstanding;
        int epoch;

        long wrId(final long type, final int slot)
        {
            return type | ((long)epoch << 8) | slot;
        }
    }

    PublicationSender(
        final Verbs verbs, final long context, final long protectionDomain, final RdmaChannel channel,
        final RdmaPublication publication, final LogBuffer log, final int streamId, final int sessionId,
        final Consumer<String> logger)
    {
        this.verbs = verbs;
        this.protectionDomain = protectionDomain;
        this.publication = publication;
        this.log = log;
        this.streamId = streamId;
        this.sessionId = sessionId;
        this.mtu = channel.mtu();
        this.termLength = channel.termLength();
        this.positionBitsToShift = Integer.numberOfTrailingZeros(termLength);
        this.window = RdmaPublication.senderWindow(termLength);
        this.logger = logger;
        this.eventChannel = verbs.createEventChannel();
        long listenerHandle = 0;
        long cq = 0;
        try
        {
            cq = verbs.createCompletionQueue(context, MAX_SUBSCRIBERS * (SEND_DEPTH + CREDIT_RECEIVE_DEPTH));
            listenerHandle = verbs.listen(eventChannel, channel.host(), channel.port(), MAX_SUBSCRIBERS);
        }
        catch (final RuntimeException ex)
        {
            if (cq != 0)
            {
                verbs.destroyCompletionQueue(cq);
            }
            verbs.destroyEventChannel(eventChannel);
            throw ex;
        }
        this.completionQueue = cq;
        this.listener = listenerHandle;
        write.signaled(true);
        receive.local(0, 0, 0);
    }

    /** {@inheritDoc} */
    public int doWork()
    {
        int work = pollEvents();
        work += pollCompletions();
        work += sendNewFrames();
        updateLimit();
        return work;
    }

    /** {@inheritDoc} */
    public void close()
    {
        for (int i = 0; i < MAX_SUBSCRIBERS; i++)
        {
            if (subscribers[i] != null)
            {
                drop(i, null);
            }
        }
        updateLimit();
        verbs.destroyConnection(listener);
        verbs.destroyCompletionQueue(completionQueue);
        verbs.destroyEventChannel(eventChannel);
        log.close();
    }

    private int pollEvents()
    {
        int work = 0;
        while (verbs.pollConnectionEvent(eventChannel, event.address()) > 0)
        {
            work++;
            final long connection = event.connection();
            switch (event.type())
            {
                case ConnectionEvent.CONNECT_REQUEST:
                    onConnectRequest(connection);
                    break;
                case ConnectionEvent.ESTABLISHED:
                    final int slot = slotOf(connection);
                    if (slot >= 0)
                    {
                        subscribers[slot].established = true;
                    }
                    break;
                case ConnectionEvent.DISCONNECTED:
                case ConnectionEvent.CONNECT_ERROR:
                case ConnectionEvent.UNREACHABLE:
                    final int gone = slotOf(connection);
                    if (gone >= 0)
                    {
                        drop(gone,
                            "the subscriber's connection ended (" + ConnectionEvent.describe(event.type()) + ")");
                    }
                    break;
                default:
                    break;
            }
        }
        return work;
    }

    private void onConnectRequest(final long request)
    {
        final UnsafeBuffer data = event.buffer();
        final int base = ConnectionEvent.PRIVATE_DATA_OFFSET;
        int reason = 0;
        if (event.privateDataLength() < Handshake.LENGTH ||
            data.getInt(base + Handshake.MAGIC_OFFSET) != Handshake.MAGIC)
        {
            reason = Handshake.REASON_BAD_REQUEST;
        }
        else if (data.getInt(base + Handshake.STREAM_ID_OFFSET) != streamId)
        {
            reason = Handshake.REASON_WRONG_STREAM;
        }
        else if (data.getInt(base + Handshake.TERM_LENGTH_OFFSET) != termLength)
        {
            reason = Handshake.REASON_WRONG_TERM_LENGTH;
        }
        final int slot = freeSlot();
        if (reason == 0 && slot < 0)
        {
            reason = Handshake.REASON_TOO_MANY_SUBSCRIBERS;
        }
        if (reason != 0)
        {
            privateData.putInt(Handshake.MAGIC_OFFSET, Handshake.MAGIC);
            privateData.putInt(Handshake.REASON_OFFSET, reason);
            verbs.reject(request, privateData.addressOffset(), 8);
            return;
        }
        final Subscriber subscriber = new Subscriber();
        subscriber.epoch = nextEpoch++ & 0xFF_FFFF;
        subscriber.replicaAddress = data.getLong(base + Handshake.REPLICA_ADDRESS_OFFSET);
        subscriber.replicaRkey = data.getInt(base + Handshake.REPLICA_RKEY_OFFSET);
        final long start = publication.publishedTail.get();
        subscriber.sentPosition = start;
        subscriber.consumedPosition = start;
        privateData.putInt(Handshake.MAGIC_OFFSET, Handshake.MAGIC);
        privateData.putInt(Handshake.SESSION_ID_OFFSET, sessionId);
        privateData.putInt(Handshake.INITIAL_TERM_ID_OFFSET, publication.initialTermId());
        privateData.putInt(Handshake.MTU_OFFSET, mtu);
        privateData.putLong(Handshake.START_POSITION_OFFSET, start);
        privateData.putLong(Handshake.START_POSITION_OFFSET + 8, 0);
        try
        {
            subscriber.queuePair = verbs.accept(request, protectionDomain, completionQueue, completionQueue,
                SEND_DEPTH, CREDIT_RECEIVE_DEPTH, privateData.addressOffset(), Handshake.LENGTH);
            subscribers[slot] = subscriber;
            receive.wrId(subscriber.wrId(WR_TYPE_CREDIT, slot));
            for (int i = 0; i < CREDIT_RECEIVE_DEPTH; i++)
            {
                verbs.postReceive(subscriber.queuePair, receive.address());
            }
        }
        catch (final RdmaException ex)
        {
            if (subscribers[slot] == subscriber)
            {
                drop(slot, "accepting the subscriber failed: " + ex.getMessage());
            }
            else
            {
                logger.accept("[wirespeed] RDMA publication " + publication.channel() + ": accept failed: " +
                    ex.getMessage());
            }
        }
    }

    private int pollCompletions()
    {
        final int count = verbs.pollCompletionQueue(completionQueue, completions.address(), completions.capacity());
        for (int i = 0; i < count; i++)
        {
            final long wrId = completions.wrId(i);
            final int slot = (int)(wrId & 0xFF);
            final Subscriber subscriber = slot < MAX_SUBSCRIBERS ? subscribers[slot] : null;
            if (subscriber == null || subscriber.epoch != (int)((wrId >>> 8) & 0xFF_FFFF))
            {
                continue;
            }
            final int status = completions.status(i);
            if (status != CompletionArray.STATUS_SUCCESS)
            {
                drop(slot, "work request failed with " + CompletionArray.describeStatus(status));
            }
            else if ((wrId & WR_TYPE_CREDIT) != 0)
            {
                final int imm = completions.immediate(i);
                final long consumed = subscriber.consumedPosition + (imm - (int)subscriber.consumedPosition);
                if (consumed > subscriber.consumedPosition)
                {
                    subscriber.consumedPosition = consumed;
                }
                receive.wrId(subscriber.wrId(WR_TYPE_CREDIT, slot));
                post(slot, subscriber, false);
            }
            else
            {
                subscriber.outstanding--;
            }
        }
        return count;
    }

    private int sendNewFrames()
    {
        int work = 0;
        final long tail = publication.publishedTail.get();
        for (int slot = 0; slot < MAX_SUBSCRIBERS; slot++)
        {
            final Subscriber subscriber = subscribers[slot];
            while (subscriber != null && subscribers[slot] == subscriber && subscriber.established &&
                subscriber.sentPosition < tail && subscriber.outstanding < SEND_DEPTH)
            {
                final long from = subscriber.sentPosition;
                final int termOffset = (int)from & (termLength - 1);
                final int length = (int)Math.min(tail - from, termLength - termOffset);
                final long logOffset =
                    (long)LogBufferDescriptor.indexByPosition(from, positionBitsToShift) * termLength + termOffset;
                final long to = from + length;
                write.wrId(subscriber.wrId(WR_TYPE_DATA, slot))
                    .local(log.address() + logOffset, length, log.localKey())
                    .remote(subscriber.replicaAddress + logOffset, subscriber.replicaRkey)
                    .immediate((int)to);
                if (post(slot, subscriber, true))
                {
                    subscriber.sentPosition = to;
                    subscriber.outstanding++;
                    work++;
                }
            }
        }
        return work;
    }

    private boolean post(final int slot, final Subscriber subscriber, final boolean isWrite)
    {
        try
        {
            if (isWrite)
            {
                verbs.postWriteWithImmediate(subscriber.queuePair, write.address());
            }
            else
            {
                verbs.postReceive(subscriber.queuePair, receive.address());
            }
            return true;
        }
        catch (final RdmaException ex)
        {
            drop(slot, ex.getMessage());
            return false;
        }
    }

    private void updateLimit()
    {
        long min = Long.MAX_VALUE;
        int count = 0;
        for (int i = 0; i < MAX_SUBSCRIBERS; i++)
        {
            final Subscriber subscriber = subscribers[i];
            if (subscriber != null && subscriber.established)
            {
                min = Math.min(min, subscriber.consumedPosition);
                count++;
            }
        }
        if (count > 0)
        {
            publication.limit.lazySet(min + window);
        }
        publication.subscriberCount = count;
        publication.connected = count > 0;
    }

    private void drop(final int slot, final String reason)
    {
        final Subscriber subscriber = subscribers[slot];
        subscribers[slot] = null;
        if (reason != null)
        {
            logger.accept("[wirespeed] RDMA publication " + publication.channel() + " stream " + streamId +
                ": dropped a subscriber: " + reason);
        }
        try
        {
            verbs.destroyConnection(subscriber.queuePair);
        }
        catch (final RdmaException ex)
        {
            logger.accept("[wirespeed] RDMA publication: destroying a queue pair failed: " + ex.getMessage());
        }
    }

    private int slotOf(final long connection)
    {
        for (int i = 0; i < MAX_SUBSCRIBERS; i++)
        {
            if (subscribers[i] != null && subscribers[i].queuePair == connection)
            {
                return i;
            }
        }
        return -1;
    }

    private int freeSlot()
    {
        for (int i = 0; i < MAX_SUBSCRIBERS; i++)
        {
            if (subscribers[i] == null)
            {
                return i;
            }
        }
        return -1;
    }
}
