package io.wirespeed.transport.rdma.verbs;

import org.agrona.BufferUtil;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirespeed.test.Await;

/**
 * The completion semantics every {@link Verbs} backend must have, run against each through
 * {@link GuardedVerbs}: a connected pair of reliable-connected queue pairs, writes with immediate
 * placed before their receive completion, in order, keys and bounds enforced, errors that flush.
 */
abstract class VerbsContractTest
{
    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final int REGION_LENGTH = 64 * 1024;

    protected Verbs verbs;
    private long context;
    private long pd;
    private long serverChannel;
    private long clientChannel;
    private long listener;
    private long serverCq;
    private long clientCq;
    protected long serverQp;
    protected long clientQp;
    private final List<Long> regions = new ArrayList<>();
    private final Map<Long, Long> regionByAddress = new HashMap<>();
    private final ConnectionEvent event = new ConnectionEvent();
    protected final CompletionArray completions = new CompletionArray(16);

    /** The backend under test. */
    protected abstract Verbs newVerbs();

    /** The host the listener binds to. */
    protected abstract String host();

    /** A port to listen on. */
    protected abstract int port();

    @BeforeEach
    void connectPair()
    {
        verbs = new GuardedVerbs(newVerbs());
        context = verbs.openDevice(null);
        pd = verbs.allocateProtectionDomain(context);
        serverChannel = verbs.createEventChannel();
        clientChannel = verbs.createEventChannel();
        serverCq = verbs.createCompletionQueue(context, 256);
        clientCq = verbs.createCompletionQueue(context, 256);
        listener = verbs.listen(serverChannel, host(), port(), 4);
        clientQp = verbs.connect(clientChannel, host(), port(), pd, clientCq, clientCq, 64, 64, 0, 0);
        awaitEvent(serverChannel, ConnectionEvent.CONNECT_REQUEST);
        serverQp = verbs.accept(event.connection(), pd, serverCq, serverCq, 64, 64, 0, 0);
        awaitEvent(serverChannel, ConnectionEvent.ESTABLISHED);
        awaitEvent(clientChannel, ConnectionEvent.ESTABLISHED);
    }

    @AfterEach
    void release()
    {
        if (verbs == null)
        {
            return;
        }
        for (final long mr : regions)
        {
            verbs.deregisterMemory(mr);
        }
        destroyQuietly(clientQp);
        destroyQuietly(serverQp);
        verbs.destroyConnection(listener);
        verbs.destroyCompletionQueue(serverCq);
        verbs.destroyCompletionQueue(clientCq);
        verbs.destroyEventChannel(serverChannel);
        verbs.destroyEventChannel(clientChannel);
        verbs.deallocateProtectionDomain(pd);
        verbs.closeDevice(context);
        verbs.close();
    }

    @Test
    void listsAtLeastOneDeviceWithAPort()
    {
        final List<RdmaDevice> devices = verbs.devices();
        assertFalse(devices.isEmpty());
        assertFalse(devices.get(0).ports().isEmpty());
    }

    @Test
    void writeWithImmediatePlacesTheDataBeforeTheReceiveCompletionIsVisible()
    {
        final UnsafeBuffer source = region(Verbs.ACCESS_LOCAL_WRITE);
        final UnsafeBuffer target = region(Verbs.ACCESS_LOCAL_WRITE | Verbs.ACCESS_REMOTE_WRITE);
        for (int i = 0; i < 1000; i++)
        {
            source.putByte(i, (byte)(i * 7));
        }
        postReceive(serverQp, 42);
        final WorkRequest write = new WorkRequest().wrId(7).signaled(true).immediate(0xCAFE)
            .local(source.addressOffset(), 1000, lkey(source)).remote(target.addressOffset() + 64, rkey(target));
        verbs.postWriteWithImmediate(clientQp, write.address());

        final int n = pollOne(serverCq);
        assertEquals(1, n);
        assertEquals(CompletionArray.STATUS_SUCCESS, completions.status(0));
        assertEquals(CompletionArray.OPCODE_RECV_RDMA_WITH_IMM, completions.opcode(0));
        assertEquals(42, completions.wrId(0));
        assertEquals(0xCAFE, completions.immediate(0));
        assertEquals(1000, completions.byteLength(0));
        for (int i = 0; i < 1000; i++)
        {
            assertEquals((byte)(i * 7), target.getByte(64 + i), "byte " + i);
        }
        pollOne(clientCq);
        assertEquals(7, completions.wrId(0));
        assertEquals(CompletionArray.OPCODE_RDMA_WRITE, completions.opcode(0));
        assertEquals(CompletionArray.STATUS_SUCCESS, completions.status(0));
    }

    @Test
    void deliversWritesInPostOrderAndPollsCompletionsInBatches()
    {
        final UnsafeBuffer source = region(Verbs.ACCESS_LOCAL_WRITE);
        final UnsafeBuffer target = region(Verbs.ACCESS_LOCAL_WRITE | Verbs.ACCESS_REMOTE_WRITE);
        for (int i = 0; i < 50; i++)
        {
            postReceive(serverQp, 1000 + i);
        }
        final WorkRequest write = new WorkRequest().signaled(false);
        for (int i = 0; i < 50; i++)
        {
            source.putInt(i * 4, i);
            write.wrId(i).immediate(i).local(source.addressOffset() + i * 4, 4, lkey(source))
                .remote(target.addressOffset() + i * 4, rkey(target));
            verbs.postWriteWithImmediate(clientQp, write.address());
        }
        int received = 0;
        int largestBatch = 0;
        final long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (received < 50 && System.nanoTime() < deadline)
        {
            final int n = verbs.pollCompletionQueue(serverCq, completions.address(), completions.capacity());
            largestBatch = Math.max(largestBatch, n);
            for (int i = 0; i < n; i++)
            {
                assertEquals(received, completions.immediate(i), "immediate values arrive in post order");
                assertEquals(1000 + received, completions.wrId(i), "receives are consumed in post order");
                assertEquals(received, target.getInt(completions.immediate(i) * 4));
                received++;
            }
        }
        assertEquals(50, received);
        assertTrue(largestBatch > 1, "one poll returned several completions");
    }

    @Test
    void aWriteWithTheWrongRkeyFailsWithRemoteAccessErrorAndMovesTheQueuePairToError()
    {
        final UnsafeBuffer source = region(Verbs.ACCESS_LOCAL_WRITE);
        final UnsafeBuffer target = region(Verbs.ACCESS_LOCAL_WRITE | Verbs.ACCESS_REMOTE_WRITE);
        postReceive(serverQp, 1);
        final WorkRequest write = new WorkRequest().wrId(9).signaled(true).immediate(1)
            .local(source.addressOffset(), 16, lkey(source)).remote(target.addressOffset(), rkey(target) + 0x7777);
        verbs.postWriteWithImmediate(clientQp, write.address());
        pollOne(clientCq);
        assertEquals(9, completions.wrId(0));
        assertEquals(CompletionArray.STATUS_REMOTE_ACCESS_ERROR, completions.status(0));
        assertEquals(Verbs.QP_STATE_ERROR, verbs.queuePairState(clientQp));
    }

    @Test
    void aWritePastTheEndOfTheRemoteRegionFailsWithRemoteAccessError()
    {
        final UnsafeBuffer source = region(Verbs.ACCESS_LOCAL_WRITE);
        final UnsafeBuffer target = region(Verbs.ACCESS_LOCAL_WRITE | Verbs.ACCESS_REMOTE_WRITE);
        postReceive(serverQp, 1);
        final WorkRequest write = new WorkRequest().wrId(3).signaled(true).immediate(1)
            .local(source.addressOffset(), 64, lkey(source))
            .remote(target.addressOffset() + REGION_LENGTH - 32, rkey(target));
        verbs.postWriteWithImmediate(clientQp, write.address());
        pollOne(clientCq);
        assertEquals(CompletionArray.STATUS_REMOTE_ACCESS_ERROR, completions.status(0));
        assertEquals(Verbs.QP_STATE_ERROR, verbs.queuePairState(clientQp));
    }

    @Test
    void aQueuePairInErrorFlushesPostedReceivesAndLaterSends()
    {
        postReceive(clientQp, 77);
        verbs.modifyQueuePairToError(clientQp);
        assertEquals(Verbs.QP_STATE_ERROR, verbs.queuePairState(clientQp));
        pollOne(clientCq);
        assertEquals(77, completions.wrId(0));
        assertEquals(CompletionArray.STATUS_FLUSH_ERROR, completions.status(0));

        final WorkRequest write = new WorkRequest().wrId(78).signaled(true).immediate(1).local(0, 0, 0).remote(0, 0);
        verbs.postWriteWithImmediate(clientQp, write.address());
        pollOne(clientCq);
        assertEquals(78, completions.wrId(0));
        assertEquals(CompletionArray.STATUS_FLUSH_ERROR, completions.status(0));
    }

    @Test
    void aPeerThatDisconnectsMovesTheQueuePairToErrorAndReportsDisconnected()
    {
        postReceive(serverQp, 5);
        verbs.destroyConnection(clientQp);
        clientQp = 0;
        awaitEvent(serverChannel, ConnectionEvent.DISCONNECTED);
        assertEquals(serverQp, event.connection());
        assertEquals(Verbs.QP_STATE_ERROR, verbs.queuePairState(serverQp));
        pollOne(serverCq);
        assertEquals(5, completions.wrId(0));
        assertEquals(CompletionArray.STATUS_FLUSH_ERROR, completions.status(0));
    }

    @Test
    void aZeroLengthWriteCarriesOnlyTheImmediateValue()
    {
        postReceive(serverQp, 11);
        final WorkRequest credit =
            new WorkRequest().wrId(12).signaled(true).immediate(123456).local(0, 0, 0).remote(0, 0);
        verbs.postWriteWithImmediate(clientQp, credit.address());
        pollOne(serverCq);
        assertEquals(CompletionArray.STATUS_SUCCESS, completions.status(0));
        assertEquals(123456, completions.immediate(0));
        assertEquals(0, completions.byteLength(0));
    }

    protected UnsafeBuffer region(final int access)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(BufferUtil.allocateDirectAligned(REGION_LENGTH, 4096));
        final long mr = verbs.registerMemory(pd, buffer.addressOffset(), REGION_LENGTH, access);
        regions.add(mr);
        regionByAddress.put(buffer.addressOffset(), mr);
        return buffer;
    }

    private int lkey(final UnsafeBuffer buffer)
    {
        return verbs.localKey(regionByAddress.get(buffer.addressOffset()));
    }

    private int rkey(final UnsafeBuffer buffer)
    {
        return verbs.remoteKey(regionByAddress.get(buffer.addressOffset()));
    }

    protected void postReceive(final long qp, final long wrId)
    {
        verbs.postReceive(qp, new WorkRequest().wrId(wrId).local(0, 0, 0).address());
    }

    protected int pollOne(final long cq)
    {
        final int[] n = new int[1];
        Await.until("a completion", TIMEOUT, () ->
        {
            n[0] = verbs.pollCompletionQueue(cq, completions.address(), 1);
            return n[0] > 0;
        });
        return n[0];
    }

    private void awaitEvent(final long channel, final int type)
    {
        Await.until(ConnectionEvent.describe(type), TIMEOUT,
            () -> verbs.pollConnectionEvent(channel, event.address()) > 0 && event.type() == type);
    }

    private void destroyQuietly(final long qp)
    {
        if (qp != 0)
        {
            try
            {
                verbs.destroyConnection(qp);
            }
            catch (final RdmaException ignored)
            {
                // already destroyed by the test
            }
        }
    }
}
