package io.wirespeed.transport.rdma.verbs;

import io.wirespeed.transport.rdma.RdmaAvailability;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The JNI binding on a host without RDMA: native failures arrive as exceptions with the call
 * name and strerror text, and closed or forged handles never reach C. Skipped when the library
 * could not be loaded (then there is nothing native to test), with the loader's reason.
 */
class NativeVerbsTest
{
    @Test
    void theLibraryBuiltByThisBuildIsBundledAndLoads()
    {
        assumeTrue(NativeVerbsTest.class.getResource(NativeLibrary.resourcePath()) != null,
            "the build skipped the native library (no C compiler or rdma-core headers)");
        assertTrue(NativeLibrary.isLoaded(), NativeLibrary.failureReason());
    }

    @Test
    void listingDevicesWithoutKernelSupportThrowsWithTheCallAndErrnoText()
    {
        assumeTrue(NativeLibrary.isLoaded(), "native library not loaded: " + NativeLibrary.failureReason());
        final int count = NativeVerbs.deviceCount();
        assumeTrue(count < 0, "this host lists " + count + " RDMA devices; the failure path cannot be provoked");
        final RdmaException ex = assertThrows(RdmaException.class, () -> new NativeVerbs().devices());
        assertEquals("ibv_get_device_list", ex.call());
        assertEquals(-count, ex.errno());
        assertTrue(ex.getMessage().startsWith("ibv_get_device_list failed: "), ex.getMessage());
    }

    @Test
    void openingADeviceWhereNoneExistsThrowsInsteadOfCrashing()
    {
        assumeTrue(NativeLibrary.isLoaded(), "native library not loaded: " + NativeLibrary.failureReason());
        assumeFalse(RdmaAvailability.probe().available(), "this host has RDMA devices");
        final RdmaException ex = assertThrows(
            RdmaException.class, () -> new GuardedVerbs(new NativeVerbs()).openDevice(null));
        assertEquals("rdma_get_devices", ex.call());
        assertTrue(ex.errno() > 0);
    }

    @Test
    void forgedAndZeroHandlesAreRefusedBeforeReachingNativeCode()
    {
        assumeTrue(NativeLibrary.isLoaded(), "native library not loaded: " + NativeLibrary.failureReason());
        final Verbs verbs = new GuardedVerbs(new NativeVerbs());
        final CompletionArray completions = new CompletionArray(4);
        assertThrows(RdmaException.class, () -> verbs.pollCompletionQueue(0xdead_beefL, completions.address(), 4));
        assertThrows(RdmaException.class, () -> verbs.postWriteWithImmediate(0, new WorkRequest().address()));
        assertThrows(RdmaException.class, () -> verbs.registerMemory(42, 0, 16, Verbs.ACCESS_LOCAL_WRITE));
        assertThrows(RdmaException.class, () -> verbs.destroyConnection(7));
    }

    @Test
    void aHostWithoutTheLibraryIsReportedWithAReason()
    {
        assumeFalse(NativeLibrary.isLoaded(), "the library is loaded here");
        final RdmaException ex = assertThrows(RdmaException.class, NativeVerbs::new);
        assertTrue(ex.getMessage().contains(NativeLibrary.failureReason()));
    }
}
