package io.wirespeed.transport.aeron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.aeron.ChannelUri;
import io.wirespeed.transport.TransportChannels;
import io.wirespeed.transport.TransportFactories;

class AeronChannelsTest
{
    private static final int FOUR_MB = 4 * 1024 * 1024;

    @Test
    void anIpcChannelNamesItsTermLengthOnlyWhenOneIsGiven()
    {
        assertEquals("aeron:ipc", AeronChannels.ipc(0));
        assertEquals("aeron:ipc?term-length=4m", AeronChannels.ipc(FOUR_MB));
        assertEquals("aeron:ipc?term-length=64k", AeronChannels.ipc(65536));
    }

    @Test
    void aUdpChannelNamesItsEndpointThenInterfaceMtuAndTermLengthAsGiven()
    {
        assertEquals("aeron:udp?endpoint=239.1.2.3:40456", AeronChannels.udp("239.1.2.3:40456", 0));
        assertEquals("aeron:udp?endpoint=10.0.0.5:40456|term-length=4m", AeronChannels.udp("10.0.0.5:40456", FOUR_MB));

        final ChannelUri uri = ChannelUri.parse(AeronChannels.udp("239.1.2.3:40456", "192.168.1.10", 8192, 65536));
        assertEquals("udp", uri.media());
        assertEquals("239.1.2.3:40456", uri.get("endpoint"));
        assertEquals("192.168.1.10", uri.get("interface"));
        assertEquals("8k", uri.get("mtu"));
        assertEquals("64k", uri.get("term-length"));
    }

    @Test
    void aRequestChannelIsTheServersUdpChannelTiedToTheClientsResponseSubscription()
    {
        final ChannelUri uri = ChannelUri.parse(AeronChannels.udpRequest("10.0.0.5:40456", FOUR_MB, 42));
        assertEquals("10.0.0.5:40456", uri.get("endpoint"));
        assertEquals("4m", uri.get("term-length"));
        assertEquals("42", uri.get("response-correlation-id"));
    }

    @Test
    void responseChannelsGoThroughTheServersResponseControlAddress()
    {
        assertEquals("aeron:udp?control-mode=response|control=10.0.0.5:40457",
            AeronChannels.responseSubscription("10.0.0.5:40457"));

        final ChannelUri publication =
            ChannelUri.parse(AeronChannels.responsePublication("10.0.0.5:40457", FOUR_MB, 7));
        assertEquals("response", publication.get("control-mode"));
        assertEquals("10.0.0.5:40457", publication.get("control"));
        assertEquals("4m", publication.get("term-length"));
        assertEquals("7", publication.get("response-correlation-id"));
        assertNull(publication.get("endpoint"));
    }

    @Test
    void ipcAndUdpAreRecognisedWithOrWithoutParametersAndNothingElseIs()
    {
        assertTrue(AeronChannels.isIpc("aeron:ipc"));
        assertTrue(AeronChannels.isIpc("aeron:ipc?term-length=64k"));
        assertTrue(AeronChannels.isUdp("aeron:udp?endpoint=localhost:40123"));
        assertTrue(AeronChannels.isUdp(AeronChannels.responseSubscription("localhost:40124")));
        for (final String other : List.of("aeron:udp?endpoint=localhost:40123", "aeron:ipcx", "aeron-spy:aeron:ipc",
            "mem:aeron:ipc", "wirespeed:ipc", "wirespeed:rdma?endpoint=a:1", ""))
        {
            assertFalse(AeronChannels.isIpc(other), other);
        }
        assertFalse(AeronChannels.isIpc(null));
        assertFalse(AeronChannels.isUdp("aeron:ipc"));
        assertFalse(AeronChannels.isUdp("aeron:udpx"));
        assertFalse(AeronChannels.isUdp(null));
        assertTrue(AeronChannels.isAeron("aeron:ipc"));
        assertFalse(AeronChannels.isAeron("wirespeed:rdma?endpoint=a:1"));
        assertFalse(AeronChannels.isAeron(null));
    }

    @Test
    void theEndpointOfAChannelIsReadFromItAndAbsentOnIpc()
    {
        assertEquals("239.1.2.3:40456", AeronChannels.endpoint("aeron:udp?interface=eth0|endpoint=239.1.2.3:40456"));
        assertNull(AeronChannels.endpoint("aeron:ipc?term-length=64k"));
    }

    @Test
    void slowConsumerParametersAreAddedToAnyAeronChannelUnlessItSetsItsOwn()
    {
        assertEquals("aeron:ipc?tether=false", AeronChannels.untethered("aeron:ipc"));
        assertEquals("aeron:udp?endpoint=a:1|tether=false", AeronChannels.untethered("aeron:udp?endpoint=a:1"));
        assertEquals("aeron:ipc?term-length=64k|untethered-window-limit-timeout=300ms|" +
            "untethered-linger-timeout=100ms|untethered-resting-timeout=100ms",
            AeronChannels.withUntetheredTimeouts("aeron:ipc?term-length=64k", 300, 100, 100));
        final String own = "aeron:ipc?untethered-resting-timeout=5ms";
        assertSame(own, AeronChannels.withUntetheredTimeouts(own, 300, 100, 100));
    }

    @Test
    void itRefusesWhatIsNotAnAeronChannelAMissingEndpointAndATermLengthAeronRefuses()
    {
        assertThrows(IllegalArgumentException.class, () -> AeronChannels.untethered("mem:orders"));
        assertThrows(IllegalArgumentException.class, () -> AeronChannels.untethered(null));
        assertThrows(IllegalArgumentException.class,
            () -> AeronChannels.withUntetheredTimeouts("wirespeed:rdma?endpoint=a:1", 1, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> AeronChannels.endpoint("wirespeed:udp?endpoint=a:1"));
        assertThrows(IllegalArgumentException.class, () -> AeronChannels.udp(null, 0));
        assertThrows(IllegalArgumentException.class, () -> AeronChannels.udp("", 0));
        assertThrows(IllegalArgumentException.class, () -> AeronChannels.udp("no-port", 0));
        assertThrows(IllegalArgumentException.class, () -> AeronChannels.responseSubscription(null));
        final IllegalArgumentException small = assertThrows(IllegalArgumentException.class,
            () -> AeronChannels.ipc(1000));
        assertTrue(small.getMessage().contains("term length 1000"), small.getMessage());
        assertThrows(IllegalArgumentException.class, () -> AeronChannels.udp("a:1", 3 * 65536));
    }

    @Test
    void theTransportFactoryHandsTheseChannelsToCodeThatSeesOnlyTheSpi()
    {
        final TransportFactories factories = TransportFactories.of(List.of(new AeronTransportFactory()));
        final TransportChannels channels = factories.channels("aeron:");
        assertSame(AeronChannels.transportChannels(), channels);
        assertEquals(AeronChannels.ipc(FOUR_MB), channels.sharedMemory(FOUR_MB));
        assertEquals(AeronChannels.udp("a:1", "eth0", 1408, 0), channels.udp("a:1", "eth0", 1408, 0));
        assertEquals(AeronChannels.udpRequest("a:1", 0, 5), channels.udpRequest("a:1", 0, 5));
        assertEquals(AeronChannels.responseSubscription("a:2"), channels.udpResponses("a:2"));
        assertEquals("aeron:ipc?tether=false", channels.untetheredSubscription("aeron:ipc"));
        assertEquals(AeronChannels.withUntetheredTimeouts("aeron:ipc", 300, 100, 100),
            channels.slowConsumerPublication("aeron:ipc", 300, 100));

        assertTrue(factories.isSharedMemory("aeron:ipc?term-length=64k"));
        assertFalse(factories.isSharedMemory("aeron:udp?endpoint=a:1"));
        assertFalse(factories.isSharedMemory("mem:orders"));
        assertNull(factories.channels("mem:orders"));
    }
}
