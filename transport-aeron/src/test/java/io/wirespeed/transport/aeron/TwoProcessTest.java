package io.wirespeed.transport.aeron;

import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.childjvm.JvmCommand;
import io.wirespeed.test.DriverDirectories;
import io.wirespeed.test.FreePorts;
import io.wirespeed.test.SlowTest;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.File;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Two JVM processes exchange messages: this one sends sequenced messages, an {@link EchoPeer} in a
 * second JVM sends each back, and this one checks that all came back in order with the same CRC.
 */
@SlowTest
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class TwoProcessTest
{
    private static final long COUNT = 100_000;
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final Duration START_TIMEOUT = Duration.ofSeconds(30);

    private String directory;
    private AeronTransport transport;

    @BeforeEach
    void connect()
    {
        directory = DriverDirectories.unique("two-process");
        transport = AeronTransport.connect(new AeronTransportContext().directory(directory).termLength(1 << 20)
            .conclude());
    }

    @AfterEach
    void close()
    {
        transport.close();
        DriverDirectories.delete(directory);
    }

    @Test
    void exchangeMessagesInOrderOverIpcThroughOneMediaDriver() throws Exception
    {
        final List<String> childConfig = List.of(
            AeronTransportConfiguration.EMBEDDED_PROP + "=false",
            AeronTransportConfiguration.DIR_PROP + "=" + directory);

        echoThroughChild(childConfig, "aeron:ipc", "aeron:ipc");
    }

    @Test
    void exchangeMessagesInOrderOverUdpBetweenTwoEmbeddedDrivers() throws Exception
    {
        final String childDirectory = DriverDirectories.unique("two-process-child");
        final List<String> childConfig = List.of(
            AeronTransportConfiguration.DIR_PROP + "=" + childDirectory,
            AeronTransportConfiguration.TERM_LENGTH_PROP + "=1m");

        echoThroughChild(
            childConfig,
            "aeron:udp?endpoint=127.0.0.1:" + FreePorts.udp(),
            "aeron:udp?endpoint=127.0.0.1:" + FreePorts.udp());

        assertFalse(new File(childDirectory).exists(), "the child's embedded driver deleted its directory");
    }

    private void echoThroughChild(final List<String> childConfig, final String toChild, final String fromChild)
        throws Exception
    {
        final JvmCommand command = JvmCommand.small(EchoPeer.class).args(toChild, "21", fromChild, "22",
            Long.toString(COUNT));
        childConfig.forEach((setting) -> command.jvmOption("-D" + setting));
        try (ChildJvm child = ChildJvm.start("echo peer", command))
        {
            child.awaitLine("READY", START_TIMEOUT);
            try (TransportSubscription echoes = transport.addSubscription(fromChild, 22);
                TransportPublication publication = transport.addPublication(toChild, 21))
            {
                SequencedTransfer.sendAndVerify(publication, echoes, COUNT, TIMEOUT);
                assertEquals("ECHOED " + COUNT, child.awaitLine("ECHOED", TIMEOUT));
                child.closeInput();
                assertEquals(0, child.awaitExit(TIMEOUT), child.output());
            }
        }
    }
}
