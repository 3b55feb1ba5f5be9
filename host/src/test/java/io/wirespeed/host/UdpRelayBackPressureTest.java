package io.wirespeed.host;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.agrona.CloseHelper;
import org.agrona.concurrent.SystemNanoClock;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.aeron.driver.MediaDriver;
import io.wirespeed.codec.DestinationKind;
import io.wirespeed.codec.EnvelopeWriter;
import io.wirespeed.codec.control.QueueStreams;
import io.wirespeed.host.durable.DurableStorage;
import io.wirespeed.test.Await;
import io.wirespeed.test.FreePorts;
import io.wirespeed.transport.ArchiveConfig;
import io.wirespeed.transport.IdleStrategyKind;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;
import io.wirespeed.transport.aeron.AeronTransport;
import io.wirespeed.transport.aeron.AeronTransportContext;
import io.wirespeed.transport.aeron.ArchiveHost;
import io.wirespeed.transport.aeron.MediaDriverLauncher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A queue host with durable queues passes each queue message that comes over UDP on to the recorded IPC inbound
 * stream (the relay). While that stream is back-pressured (here by a subscriber of the test's that does not read) the
 * host holds the messages in a retry state and reads no more from UDP, so that the back-pressure reaches the clients
 * over UDP: its duty cycle returns at once and goes on serving, rather than spinning for up to the client timeout on
 * each message; and when the stream moves again, every message reaches its queue. The host runs on the test's
 * thread, on a real media driver and archive.
 */
class UdpRelayBackPressureTest
{
    private static final long CLIENT_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(5);
    private static final long DUTY_CYCLE_BOUND_NS = TimeUnit.MILLISECONDS.toNanos(500);
    /** The IPC inbound stream's window: half its term ({@link QueueStreams#CHANNEL}). */
    private static final long RELAY_WINDOW = 2L * 1024 * 1024;
    private static final String QUEUE = "relayed";

    private static int counter;

    @TempDir
    Path archiveDir;

    private MediaDriver driver;
    private AeronTransport transport;
    private ArchiveHost archive;
    private DurableStorage storage;
    private QueueHost host;
    private String endpoint;

    @BeforeEach
    void start()
    {
        final String aeronDir = "/dev/shm/wirespeed-udp-relay-test-" + ProcessHandle.current().pid() + "-" +
            (++counter);
        driver = MediaDriverLauncher.launch(new AeronTransportContext().directory(aeronDir).deleteDirOnStart(true)
            .deleteDirOnStop(true).conclude());
        transport = AeronTransport.connect(new AeronTransportContext().embedded(false).directory(aeronDir).conclude());
        final ArchiveConfig config = ArchiveConfig.builder().directory(archiveDir).build();
        archive = ArchiveHost.launch(aeronDir, config, IdleStrategyKind.BACKOFF);
        storage = DurableStorage.open(transport, config, archive);
        endpoint = "127.0.0.1:" + FreePorts.udpPair();
        host = new QueueHost(transport, QueueSelectors::compile, storage, true)
            .limits(new HostLimits(64, 256, 1 << 20, CLIENT_TIMEOUT_NS), SystemNanoClock.INSTANCE)
            .serveUdp(endpoint);
    }

    @AfterEach
    void stop()
    {
        CloseHelper.quietCloseAll(host, storage, archive, transport, driver);
    }

    @Test
    void aBackPressuredRelayNeitherStallsTheDutyCycleNorLosesMessages()
    {
        final TransportSubscription stall = transport.addSubscription(QueueHostChannels.IPC,
            QueueStreams.INBOUND_STREAM);
        final TransportPublication udp = transport.addPublication(QueueHostChannels.udp(endpoint),
            QueueStreams.INBOUND_STREAM);
        Await.until("the UDP publication connects", () ->
        {
            host.doWork();
            return udp.isConnected();
        });
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[2048]);
        final EnvelopeWriter writer = new EnvelopeWriter();
        final String body = "x".repeat(1000);
        long worstNs = 0;
        long sentBytes = 0;
        int sent = 0;
        long backPressuredSinceNs = 0;
        final long deadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadlineNs)
        {
            final int length = writer.wrap(buffer, 0).messageId(7, 7, 1, 1, sent + 1).timestamp(sent + 1)
                .destination(DestinationKind.QUEUE, QUEUE).textBody(body).finish();
            final long result = udp.offer(buffer, 0, length);
            final long nowNs = System.nanoTime();
            if (result > 0)
            {
                sent++;
                sentBytes += length;
                backPressuredSinceNs = 0;
            }
            else if (backPressuredSinceNs == 0)
            {
                backPressuredSinceNs = nowNs;
            }
            host.doWork();
            worstNs = Math.max(worstNs, System.nanoTime() - nowNs);
            if (worstNs > DUTY_CYCLE_BOUND_NS)
            {
                break;
            }
            if (backPressuredSinceNs != 0 && nowNs - backPressuredSinceNs > TimeUnit.SECONDS.toNanos(1) &&
                sentBytes > RELAY_WINDOW)
            {
                // the host holds back UDP arrivals for a second: its relay is full
                break;
            }
        }
        assertTrue(worstNs <= DUTY_CYCLE_BOUND_NS, "a duty cycle took " + worstNs / 1_000_000 + " ms while the " +
            "relay was back-pressured (bound " + DUTY_CYCLE_BOUND_NS / 1_000_000 + " ms): it spins on the relay");
        assertTrue(sentBytes > RELAY_WINDOW, "the test sent " + sentBytes + " bytes over UDP, not enough to fill " +
            "the relay's window of " + RELAY_WINDOW);

        stall.close();
        final int expected = sent;
        Await.until("all " + expected + " messages sent over UDP are in their queue", Duration.ofSeconds(20), () ->
        {
            host.doWork();
            return host.heldMessages(QUEUE) == expected;
        });
        assertEquals(expected, host.heldMessages(QUEUE));
        udp.close();
    }
}
