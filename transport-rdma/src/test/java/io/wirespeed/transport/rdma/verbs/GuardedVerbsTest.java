package io.wirespeed.transport.rdma.verbs;

import org.agrona.BufferUtil;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirespeed.test.Await;

/**
 * The guard in front of both backends refuses closed handles and bad arguments itself, with the
 * call's name, before the backend is reached (errno 0 marks a refusal in Java; a backend's own
 * failures carry an errno).
 */
class GuardedVerbsTest
{
    private Verbs verbs;
    private long context;
    private long pd;
    private long cq;
    private UnsafeBuffer memory;
    private long mr;

    @BeforeEach
    void open()
    {
        verbs = new GuardedVerbs(new SimulatedVerbs());
        context = verbs.openDevice(null);
        pd = verbs.allocateProtectionDomain(context);
        cq = verbs.createCompletionQueue(context, 16);
        memory = new UnsafeBuffer(BufferUtil.allocateDirectAligned(4096, 4096));
        mr = verbs.registerMemory(pd, memory.addressOffset(), 4096, Verbs.ACCESS_LOCAL_WRITE);
    }

    @AfterEach
    void close()
    {
        verbs.close();
    }

    @Test
    void aClosedCompletionQueueHandleIsRefusedInJava()
    {
        verbs.destroyCompletionQueue(cq);
        final CompletionArray completions = new CompletionArray(4);
        assertRefused("ibv_poll_cq", "closed", () -> verbs.pollCompletionQueue(cq, completions.address(), 4));
    }

    @Test
    void aDeregisteredMemoryRegionHandleIsRefusedAndCannotBeDeregisteredTwice()
    {
        verbs.deregisterMemory(mr);
        assertRefused("ibv_dereg_mr", "closed", () -> verbs.deregisterMemory(mr));
        assertRefused("mr.rkey", "closed", () -> verbs.remoteKey(mr));
    }

    @Test
    void aForgedHandleIsRefused()
    {
        assertRefused("ibv_alloc_pd", "handle", () -> verbs.allocateProtectionDomain(0x7fff_0000_1234L));
        assertRefused("ibv_alloc_pd", "handle", () -> verbs.allocateProtectionDomain(0));
    }

    @Test
    void aHandleOfTheWrongKindIsRefused()
    {
        assertRefused("ibv_create_cq", "is a protection domain", () -> verbs.createCompletionQueue(pd, 16));
    }

    @Test
    void registeringAddressZeroOrANonPositiveLengthIsRefused()
    {
        assertRefused("ibv_reg_mr", "address is 0", () -> verbs.registerMemory(pd, 0, 4096, Verbs.ACCESS_LOCAL_WRITE));
        assertRefused("ibv_reg_mr", "length must be positive",
            () -> verbs.registerMemory(pd, memory.addressOffset(), -1, Verbs.ACCESS_LOCAL_WRITE));
        assertRefused("ibv_reg_mr", "remote write access needs local write",
            () -> verbs.registerMemory(pd, memory.addressOffset(), 16, Verbs.ACCESS_REMOTE_WRITE));
    }

    @Test
    void nullHostAndBadPortsAreRefused()
    {
        final long channel = verbs.createEventChannel();
        assertRefused("rdma_listen", "host is null", () -> verbs.listen(channel, null, 1, 1));
        assertRefused("rdma_listen", "port out of range", () -> verbs.listen(channel, "h", 70000, 1));
        assertRefused("rdma_connect", "queue depths", () -> verbs.connect(channel, "h", 1, pd, cq, cq, 0, 1, 0, 0));
        assertRefused(
            "rdma_connect", "private data length", () -> verbs.connect(channel, "h", 1, pd, cq, cq, 1, 1, 1, 57));
    }

    @Test
    void aWorkRequestOverUnregisteredMemoryIsRefusedBeforePosting()
    {
        final long qp = connectedQueuePair();
        final WorkRequest write = new WorkRequest().wrId(1).immediate(1).remote(0x1000, 1);
        write.local(memory.addressOffset(), 64, 0x0BAD);
        assertRefused("ibv_post_send", "names no registered memory region",
            () -> verbs.postWriteWithImmediate(qp, write.address()));
        write.local(memory.addressOffset() + 4000, 200, verbs.localKey(mr));
        assertRefused("ibv_post_send", "outside the memory region",
            () -> verbs.postWriteWithImmediate(qp, write.address()));
        write.local(memory.addressOffset(), -5, verbs.localKey(mr));
        assertRefused("ibv_post_send", "length is negative", () -> verbs.postWriteWithImmediate(qp, write.address()));
        write.local(0, 16, verbs.localKey(mr));
        assertRefused("ibv_post_send", "local address is 0", () -> verbs.postWriteWithImmediate(qp, write.address()));
        assertRefused("ibv_post_send", "work request address is 0", () -> verbs.postWriteWithImmediate(qp, 0));
    }

    @Test
    void aClosedQueuePairIsRefusedOnPost()
    {
        final long qp = connectedQueuePair();
        verbs.destroyConnection(qp);
        final WorkRequest receive = new WorkRequest().wrId(1).local(0, 0, 0);
        assertRefused("ibv_post_recv", "closed", () -> verbs.postReceive(qp, receive.address()));
        assertRefused("rdma_destroy_id", "closed", () -> verbs.destroyConnection(qp));
    }

    @Test
    void pollingIntoAddressZeroOrForNoCompletionsIsRefused()
    {
        final CompletionArray completions = new CompletionArray(4);
        assertRefused("ibv_poll_cq", "address is 0", () -> verbs.pollCompletionQueue(cq, 0, 4));
        assertRefused("ibv_poll_cq", "maxCompletions must be positive",
            () -> verbs.pollCompletionQueue(cq, completions.address(), 0));
    }

    @Test
    void aBackendFailureCarriesTheCallAndErrnoText()
    {
        final RdmaException ex = assertThrows(RdmaException.class, () -> verbs.openDevice("mlx5_9"));
        assertEquals("ibv_open_device", ex.call());
        assertEquals(19, ex.errno());
        assertTrue(ex.getMessage().contains("No such device"), ex.getMessage());
    }

    private long connectedQueuePair()
    {
        final long channel = verbs.createEventChannel();
        verbs.listen(channel, "10.0.0.2", 9000, 1);
        final long qp = verbs.connect(channel, "10.0.0.2", 9000, pd, cq, cq, 4, 4, 0, 0);
        final ConnectionEvent event = new ConnectionEvent();
        Await.until("connect request", java.time.Duration.ofSeconds(5),
            () -> verbs.pollConnectionEvent(channel, event.address()) > 0);
        verbs.accept(event.connection(), pd, cq, cq, 4, 4, 0, 0);
        return qp;
    }

    private static void assertRefused(final String call, final String reason, final Executable executable)
    {
        final RdmaException ex = assertThrows(RdmaException.class, executable);
        assertEquals(call, ex.call(), ex.getMessage());
        assertEquals(0, ex.errno(), "refused in Java, not by the backend: " + ex.getMessage());
        assertTrue(ex.getMessage().contains(reason), ex.getMessage());
    }
}
