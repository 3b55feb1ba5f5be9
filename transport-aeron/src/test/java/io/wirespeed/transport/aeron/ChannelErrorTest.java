package io.wirespeed.transport.aeron;

import io.wirespeed.test.DriverDirectories;
import io.wirespeed.test.FreePorts;
import io.wirespeed.transport.TransportException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Channels the driver cannot open are refused at once with a TransportException that names the
 * channel parameter to fix. Loopback addresses only.
 */
class ChannelErrorTest
{
    /** TEST-NET-3 (RFC 5737): documentation only, so no interface of this host has it. */
    private static final String FOREIGN_ADDRESS = "203.0.113.77";

    private static String directory;
    private static AeronTransport transport;

    @BeforeAll
    static void connect()
    {
        directory = DriverDirectories.unique("channels");
        transport = AeronTransport.connect(new AeronTransportContext()
            .directory(directory)
            .termLength(1 << 16)
            .conclude());
    }

    @AfterAll
    static void close()
    {
        transport.close();
        DriverDirectories.delete(directory);
    }

    @Test
    void namesTheEndpointWhenItsUdpPortIsAlreadyInUse() throws Exception
    {
        try (DatagramSocket squatter = new DatagramSocket(new InetSocketAddress("127.0.0.1", 0)))
        {
            final String channel = "aeron:udp?endpoint=127.0.0.1:" + squatter.getLocalPort();

            final TransportException ex = assertThrows(
                TransportException.class, () -> transport.addSubscription(channel, 1));

            assertTrue(ex.getMessage().contains("127.0.0.1:" + squatter.getLocalPort() + " is already in use"),
                ex.getMessage());
            assertTrue(ex.getMessage().contains("endpoint parameter"), ex.getMessage());
        }
    }

    @Test
    void namesTheInterfaceWhenNoLocalInterfaceHasItsAddress() throws Exception
    {
        Assumptions.assumeTrue(
            null == NetworkInterface.getByInetAddress(InetAddress.getByName(FOREIGN_ADDRESS)),
            "this host has " + FOREIGN_ADDRESS);
        final String channel = "aeron:udp?endpoint=127.0.0.1:" + FreePorts.udp() + "|interface=" + FOREIGN_ADDRESS;

        final TransportException sub = assertThrows(
            TransportException.class, () -> transport.addSubscription(channel, 1));
        final TransportException pub = assertThrows(
            TransportException.class, () -> transport.addPublication(channel, 1));

        for (final TransportException ex : new TransportException[]{ sub, pub })
        {
            assertTrue(ex.getMessage().contains("no local interface matches interface=" + FOREIGN_ADDRESS),
                ex.getMessage());
            assertTrue(ex.getMessage().contains("interface parameter"), ex.getMessage());
        }
    }

    @Test
    void namesTheInterfaceWhenAMulticastChannelNamesAForeignInterface() throws Exception
    {
        Assumptions.assumeTrue(
            null == NetworkInterface.getByInetAddress(InetAddress.getByName(FOREIGN_ADDRESS)),
            "this host has " + FOREIGN_ADDRESS);
        final String channel = "aeron:udp?endpoint=224.0.0.121:" + FreePorts.udp() + "|interface=" + FOREIGN_ADDRESS;

        final TransportException ex = assertThrows(
            TransportException.class, () -> transport.addSubscription(channel, 1));

        assertTrue(
            ex.getMessage().contains("no local interface matches interface=" + FOREIGN_ADDRESS), ex.getMessage());
        assertTrue(ex.getMessage().contains("multicast-capable"), ex.getMessage());
    }

    @Test
    void explainsThatAMulticastEndpointMustBeAnOddAddress()
    {
        final String channel = "aeron:udp?endpoint=224.0.0.120:" + FreePorts.udp() + "|interface=127.0.0.1";

        final TransportException ex = assertThrows(
            TransportException.class, () -> transport.addSubscription(channel, 1));

        assertTrue(ex.getMessage().contains("multicast endpoint=224.0.0.120"), ex.getMessage());
        assertTrue(ex.getMessage().contains("must be an odd address"), ex.getMessage());
    }

    @Test
    void namesTheEndpointWhenItsHostCannotBeResolved()
    {
        final String channel = "aeron:udp?endpoint=no-such-host.invalid:40123";

        final TransportException ex = assertThrows(
            TransportException.class, () -> transport.addPublication(channel, 1));

        assertTrue(ex.getMessage().contains("the host in endpoint=no-such-host.invalid:40123 cannot be resolved"),
            ex.getMessage());
    }

    @Test
    void rejectsAChannelOfUnknownMediaShowingTheChannelForms()
    {
        final TransportException ex = assertThrows(
            TransportException.class, () -> transport.addSubscription("aeron:carrier-pigeon", 1));

        assertTrue(ex.getMessage().startsWith("invalid channel"), ex.getMessage());
        assertTrue(ex.getMessage().contains("aeron:ipc"), ex.getMessage());
    }

    @Test
    void rejectsAStringThatIsNotAnAeronChannel()
    {
        final TransportException ex = assertThrows(
            TransportException.class, () -> transport.addPublication("udp://127.0.0.1:40123", 1));

        assertTrue(ex.getMessage().startsWith("invalid channel 'udp://127.0.0.1:40123'"), ex.getMessage());
    }
}
