package io.wirespeed.transport.rdma;

import io.wirespeed.transport.rdma.verbs.CompletionArray;
import io.wirespeed.transport.rdma.verbs.ConnectionEvent;
import io.wirespeed.transport.rdma.verbs.RdmaException;
import io.wirespeed.transport.rdma.verbs.Verbs;
import io.wirespeed.transport.rdma.verbs.WorkRequest;
import org.agrona.BufferUtil;
import org.agrona.concurrent.UnsafeBuffer;

import java.util.function.Consumer;

/**
 * The conductor's half of a subscription: connects to the publication's endpoint (retrying
 * until one listens), keeps receives posted, turns each receive completion's immediate value
 * into the subscription's read limit, and returns the consumed position to the publisher as a
 * zero-length write with immediate. A lost connection is torn down and retried.
 */
final class SubscriptionReceiver implements Duty
{
    static final int RECEIVE_DEPTH = 256;
    static final int SEND_DEPTH = 8;
    static final int MAX_CREDITS_IN_FLIGHT = 4;
    static final long RETRY_INTERVAL_NS = 100_000_000L;
    private static final long WR_TYPE_DATA = 1L << 32;
    private static final long WR_TYPE_CREDIT = 2L << 32;
    private static final int IDLE = 0;
    private static final int CONNECTING = 1;
    private static final int ESTABLISHED = 2;

    private final Verbs verbs;
    private final long protectionDomain;
    private final RdmaChannel channel;
    private final RdmaSubscription subscription;
    private final LogBuffer replica;
    private final int streamId;
    private final Consumer<String> logger;
    private final long eventChannel;
    private final long completionQueue;
    private final ConnectionEvent event = new ConnectionEvent();
    private final CompletionArray completions = new CompletionArray(64);
    private final WorkRequest receive = new WorkRequest();
    private final WorkRequest credit = new WorkRequest();
    private final UnsafeBuffer privateData = new UnsafeBuffer(BufferUtil.allocateDirectAligned(64, 64));

    private int state = IDLE;
    private long queuePair;
    private int epoch;
    private long retryAtNs;
    private long sessionStart;
    private long limit;
    private long lastCredit;
    private int creditsInFlight;
    private String lastFailure;

    SubscriptionReceiver(
        final Verbs verbs, final long context, final long protectionDomain, final RdmaChannel channel,
        final RdmaSubscription subscription, final LogBuffer replica, final int streamId, final Consumer<String> logger)
    {
        this.verbs = verbs;
        this.protectionDomain = protectionDomain;
        this.channel = channel;
        this.subscription = subscription;
        this.replica = replica;
        this.streamId = streamId;
        this.logger = logger;
        this.eventChannel = verbs.createEventChannel();
        try
        {
            this.completionQueue = verbs.createCompletionQueue(context, RECEIVE_DEPTH + SEND_DEPTH);
        }
        catch (final RuntimeException ex)
        {
            verbs.destroyEventChannel(eventChannel);
            throw ex;
        }
        receive.local(0, 0, 0);
        credit.local(0, 0, 0).remote(0, 0).signaled(true);
    }

    /** {@inheritDoc} */
    public int doWork()
    {
        int work = 0;
        if (state == IDLE && System.nanoTime() >= retryAtNs)
        {
            startConnect();
            work++;
        }
        work += pollEvents();
        work += pollCompletions();
        work += returnCredit();
        return work;
    }

    /** {@inheritDoc} */
    public void close()
    {
        teardown(null);
        verbs.destroyCompletionQueue(completionQueue);
        verbs.destroyEventChannel(eventChannel);
        replica.close();
    }

    private void startConnect()
    {
        privateData.putInt(Handshake.MAGIC_OFFSET, Handshake.MAGIC);
        privateData.putInt(Handshake.STREAM_ID_OFFSET, streamId);
        privateData.putInt(Handshake.TERM_LENGTH_OFFSET, channel.termLength());
        privateData.putInt(Handshake.RECEIVE_DEPTH_OFFSET, RECEIVE_DEPTH);
        privateData.putLong(Handshake.REPLICA_ADDRESS_OFFSET, replica.address());
        privateData.putInt(Handshake.REPLICA_RKEY_OFFSET, replica.remoteKey());
        privateData.putInt(Handshake.REPLICA_RKEY_OFFSET + 4, 0);
        try
        {
            queuePair = verbs.connect(eventChannel, channel.host(), channel.port(), protectionDomain, completionQueue,
                completionQueue, SEND_DEPTH, RECEIVE_DEPTH, privateData.addressOffset(), Handshake.LENGTH);
            epoch = (epoch + 1) & 0xFF_FFFF;
            state = CONNECTING;
        }
        catch (final RdmaException ex)
        {
            failed(ex.getMessage());
        }
    }

    private int pollEvents()
    {
        int work = 0;
        while (verbs.pollConnectionEvent(eventChannel, event.address()) > 0)
        {
            work++;
            if (event.connection() != queuePair || queuePair == 0)
            {
                continue;
            }
            final int type = event.type();
            if (type == ConnectionEvent.ESTABLISHED)
            {
                onEstablished();
            }
            else if (type == ConnectionEvent.REJECTED)
            {
                final UnsafeBuffer data = event.buffer();
                final boolean ours = event.privateDataLength() >= 8 &&
                    data.getInt(ConnectionEvent.PRIVATE_DATA_OFFSET + Handshake.MAGIC_OFFSET) == Handshake.MAGIC;
                teardown(ours ? Handshake.describeReason(
                    data.getInt(ConnectionEvent.PRIVATE_DATA_OFFSET + Handshake.REASON_OFFSET)) :
                    "no publication listens at " + channel.endpoint());
            }
            else
            {
                teardown("the connection to " + channel.endpoint() + " ended (" +
                    ConnectionEvent.describe(type) + ", status " + event.status() + ")");
            }
        }
        return work;
    }

    private void onEstablished()
    {
        final UnsafeBuffer data = event.buffer();
        final int base = ConnectionEvent.PRIVATE_DATA_OFFSET;
        if (event.privateDataLength() < Handshake.LENGTH ||
            data.getInt(base + Handshake.MAGIC_OFFSET) != Handshake.MAGIC)
        {
            teardown("the peer at " + channel.endpoint() + " is not a Wirespeed RDMA publication");
            return;
        }
        sessionStart = data.getLong(base + Handshake.START_POSITION_OFFSET);
        limit = sessionStart;
        lastCredit = sessionStart;
        creditsInFlight = 0;
        subscription.generation.incrementAndGet();
        subscription.startPosition = sessionStart;
        subscription.limit.set(sessionStart);
        subscription.consumed.set(sessionStart);
        subscription.generation.incrementAndGet();
        receive.wrId(WR_TYPE_DATA | epoch);
        try
        {
            for (int i = 0; i < RECEIVE_DEPTH; i++)
            {
                verbs.postReceive(queuePair, receive.address());
            }
            state = ESTABLISHED;
            subscription.connected = true;
            lastFailure = null;
        }
        catch (final RdmaException ex)
        {
            teardown(ex.getMessage());
        }
    }

    private int pollCompletions()
    {
        final int count = verbs.pollCompletionQueue(completionQueue, completions.address(), completions.capacity());
        for (int i = 0; i < count; i++)
        {
            final long wrId = completions.wrId(i);
            if ((int)(wrId & 0xFF_FFFF) != epoch || state != ESTABLISHED)
            {
                continue;
            }
            final int status = completions.status(i);
            if (status != CompletionArray.STATUS_SUCCESS)
            {
                teardown("a work request failed with " + CompletionArray.describeStatus(status));
            }
            else if ((wrId & WR_TYPE_DATA) != 0)
            {
                final int imm = completions.immediate(i);
                limit += imm - (int)limit;
                subscription.limit.lazySet(limit);
                try
                {
                    verbs.postReceive(queuePair, receive.address());
                }
                catch (final RdmaException ex)
                {
                    teardown(ex.getMessage());
                }
            }
            else
            {
                creditsInFlight--;
            }
        }
        return count;
    }

    private int returnCredit()
    {
        if (state != ESTABLISHED || creditsInFlight >= MAX_CREDITS_IN_FLIGHT)
        {
            return 0;
        }
        final long consumed = subscription.consumed.get();
        if (consumed <= lastCredit || consumed > limit ||
            (creditsInFlight > 0 && consumed - lastCredit < channel.termLength() / 8))
        {
            return 0;
        }
        credit.wrId(WR_TYPE_CREDIT | epoch).immediate((int)consumed);
        try
        {
            verbs.postWriteWithImmediate(queuePair, credit.address());
            lastCredit = consumed;
            creditsInFlight++;
            return 1;
        }
        catch (final RdmaException ex)
        {
            teardown(ex.getMessage());
            return 0;
        }
    }

    private void teardown(final String reason)
    {
        subscription.connected = false;
        if (queuePair != 0)
        {
            final long qp = queuePair;
            queuePair = 0;
            try
            {
                verbs.destroyConnection(qp);
            }
            catch (final RdmaException ex)
            {
                logger.accept("[wirespeed] RDMA subscription: destroying a queue pair failed: " + ex.getMessage());
            }
        }
        state = IDLE;
        if (reason != null)
        {
            failed(reason);
        }
    }

    private void failed(final String reason)
    {
        state = IDLE;
        retryAtNs = System.nanoTime() + RETRY_INTERVAL_NS;
        if (!reason.equals(lastFailure))
        {
            lastFailure = reason;
            logger.accept("[wirespeed] RDMA subscription " + channel.endpoint() + " stream " + streamId +
                ": not connected, retrying: " + reason);
        }
    }
}
