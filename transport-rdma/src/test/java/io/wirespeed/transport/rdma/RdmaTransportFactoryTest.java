package io.wirespeed.transport.rdma;

import io.wirespeed.test.Await;
import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportContext;
import io.wirespeed.transport.TransportException;
import io.wirespeed.transport.TransportFactories;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;
import io.wirespeed.transport.aeron.AeronTransport;
import io.wirespeed.transport.aeron.AeronTransportContext;
import io.wirespeed.transport.rdma.verbs.SimulatedVerbsBackend;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * Where RDMA is unavailable the factory says why in one line and hands back the fallback, and
 * messages flow through it (here: the Aeron transport over aeron:ipc with an embedded driver). As the
 * transport factory of wirespeed:rdma? channels, it is found by that scheme and runs over the verbs
 * backend its option names.
 */
class RdmaTransportFactoryTest
{
    @Test
    void isTheFactoryOfRdmaChannelsFoundThroughServiceLoader()
    {
        assertInstanceOf(RdmaTransportFactory.class,
            TransportFactories.load().forChannel("wirespeed:rdma?endpoint=10.0.0.5:40600"));
    }

    @Test
    void theSimulatedVerbsAreFoundWhereTheTestJarIsOnTheClasspathAndAlwaysAvailable()
    {
        final TransportContext context = new TransportContext().option(RdmaTransportFactory.VERBS_OPTION, "simulated");
        final RdmaTransportFactory factory = new RdmaTransportFactory();

        assertInstanceOf(SimulatedVerbsBackend.class, RdmaTransportFactory.backend(context));
        assertNull(factory.unavailableReason(context));
        try (RdmaTransport transport = (RdmaTransport)factory.connect(context))
        {
            assertEquals("simulated", transport.verbsName());
        }
    }

    @Test
    void theSimulatedVerbsMissingFromTheClasspathAreRefusedNamingTheArtifactToAdd()
    {
        final TransportException ex = assertThrows(TransportException.class,
            () -> RdmaTransportFactory.backend("simulated", List.of(new NativeVerbsBackend())));

        assertEquals("rdmaVerbs=simulated: no verbs backend of that name is on the classpath (found: native); the " +
            "simulated verbs are for tests only and live in the test jar of transport-rdma: add the dependency " +
            "io.wirespeed:wirespeed-transport-rdma with <type>test-jar</type> and <scope>test</scope>",
            ex.getMessage());
    }

    @Test
    void withoutRdmaTheNativeBackendSaysWhyAndItsChannelsFallBackToUdpOnTheSameEndpoint()
    {
        final RdmaAvailability availability = RdmaAvailability.probe();
        assumeFalse(availability.available(), "this host has RDMA; the fallback is not taken");
        final RdmaTransportFactory factory = new RdmaTransportFactory();

        assertEquals(availability.reason(), factory.unavailableReason(new TransportContext()));
        assertEquals("aeron:udp?endpoint=127.0.0.1:40571",
            factory.fallbackChannel("wirespeed:rdma?endpoint=127.0.0.1:40571|term-length=1048576"));
    }

    @Test
    void withoutRdmaTheFactoryLogsOneLineAndMessagesFlowThroughTheUdpTransport()
    {
        final RdmaAvailability availability = RdmaAvailability.probe();
        assumeFalse(availability.available(), "this host has RDMA; the fallback is not taken");
        final List<String> log = new ArrayList<>();
        final String directory = new File(System.getProperty("java.io.tmpdir"),
            "rdma-fallback-" + UUID.randomUUID()).getAbsolutePath();
        final int[] fallbackCalls = new int[1];
        try (Transport transport = RdmaTransportFactory.create(availability, () ->
        {
            fallbackCalls[0]++;
            return AeronTransport.connect(new AeronTransportContext().directory(directory).conclude());
        }, log::add))
        {
            assertInstanceOf(AeronTransport.class, transport);
            assertEquals(1, fallbackCalls[0]);
            assertEquals(1, log.size(), log.toString());
            assertTrue(log.get(0).contains(availability.reason()), log.get(0));

            final TransportSubscription subscription = transport.addSubscription("aeron:ipc", 77);
            final TransportPublication publication = transport.addPublication("aeron:ipc", 77);
            final SequencedMessages.Verifier verifier = new SequencedMessages.Verifier("fallback");
            final UnsafeBuffer message = new UnsafeBuffer(new byte[256]);
            for (long seq = 0; seq < 1000; seq++)
            {
                final int length = SequencedMessages.encode(message, seq, 100);
                final long s = seq;
                Await.until("offer " + s, Duration.ofSeconds(10), () -> publication.offer(message, 0, length) > 0);
            }
            Await.until("1000 messages over the fallback", Duration.ofSeconds(10),
                () -> subscription.poll(verifier, 100) >= 0 && verifier.received == 1000);
            assertNull(verifier.failure);
        }
    }

    @Test
    void theKernelWithoutRdmaIsReportedInPlainWords()
    {
        final RdmaAvailability availability = RdmaAvailability.fromDeviceCount(-38);
        assertFalse(availability.available());
        assertEquals("the kernel has no RDMA support (ibv_get_device_list: Function not implemented)",
            availability.reason());
    }

    @Test
    void zeroDevicesIsReportedAsNoDevices()
    {
        final RdmaAvailability availability = RdmaAvailability.fromDeviceCount(0);
        assertFalse(availability.available());
        assertTrue(availability.reason().startsWith("no RDMA devices found"), availability.reason());
        assertTrue(RdmaAvailability.fromDeviceCount(2).available());
    }

    @Test
    void theProbeOnThisHostGivesAReasonAndTheDiagnosticPrintsIt()
    {
        final RdmaAvailability availability = RdmaAvailability.probe();
        assertFalse(availability.reason().isEmpty());
        final java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        final boolean usable = RdmaDiagnostic.report(new java.io.PrintStream(out, true));
        assertEquals(availability.available(), usable);
        assertTrue(out.toString().contains(availability.reason()), out.toString());
    }
}
