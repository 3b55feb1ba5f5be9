package io.wirespeed.host;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

import org.agrona.concurrent.SystemNanoClock;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.CountersReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.aeron.AeronCounters;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.status.StreamCounter;
import io.wirespeed.codec.control.QueueStreams;
import io.wirespeed.codec.control.sbe.CreditEncoder;
import io.wirespeed.codec.control.sbe.MessageHeaderEncoder;
import io.wirespeed.test.Await;
import io.wirespeed.transport.CounterRegistry;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.aeron.AeronTransport;
import io.wirespeed.transport.aeron.AeronTransportContext;
import io.wirespeed.transport.aeron.MediaDriverLauncher;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Forged client ids on a real media driver: each names a reply stream no one reads. The host makes a reply
 * publication for at most its limit of clients, and every one of them goes (closed by the host, removed by the driver)
 * once the client timeout has passed: nothing is left behind in the driver.
 */
class ForgedClientIdsTest
{
    private static final int FORGED = 3_000;
    private static final int FIRST_STREAM = 70_000;

    private final String aeronDir = "/dev/shm/wirespeed-forged-ids-test-" + ProcessHandle.current().pid();
    private MediaDriver driver;
    private AeronTransport transport;
    private QueueHost host;

    @AfterEach
    void stop()
    {
        if (host != null)
        {
            host.close();
        }
        if (transport != null)
        {
            transport.close();
        }
        if (driver != null)
        {
            driver.close();
        }
    }

    @Test
    void threeThousandForgedClientIdsLeaveNoReplyPublicationsBehind()
    {
        final AeronTransportContext context = new AeronTransportContext().directory(aeronDir).deleteDirOnStart(true)
            .deleteDirOnStop(true);
        driver = MediaDriver.launch(MediaDriverLauncher.newContext(context)
            .publicationLingerTimeoutNs(TimeUnit.MILLISECONDS.toNanos(10))
            .imageLivenessTimeoutNs(TimeUnit.MILLISECONDS.toNanos(500)));
        transport = AeronTransport.connect(new AeronTransportContext().embedded(false).directory(aeronDir).conclude());
        host = new QueueHost(transport, QueueSelectors::compile)
            .limits(new HostLimits(1024, 256, 1 << 20, TimeUnit.MILLISECONDS.toNanos(200)), SystemNanoClock.INSTANCE)
            .start();
        final Logger hostLogger = Logger.getLogger("io.wirespeed.host");
        final Level level = hostLogger.getLevel();
        hostLogger.setLevel(Level.OFF);
        try
        {
            final TransportPublication control = transport.addPublication(QueueHostChannels.IPC,
                QueueStreams.CONTROL_STREAM);
            final UnsafeBuffer buffer = new UnsafeBuffer(new byte[256]);
            final CreditEncoder credit = new CreditEncoder();
            int peak = 0;
            for (int forged = 0; forged < FORGED; forged++)
            {
                credit.wrapAndApplyHeader(buffer, 0, new MessageHeaderEncoder()).consumerId(1).credit(1).client()
                    .high(forged + 100).low(forged).replyStreamId(FIRST_STREAM + forged);
                final int length = MessageHeaderEncoder.ENCODED_LENGTH + credit.encodedLength();
                Await.until("the control stream takes forged request " + forged,
                    () -> control.offer(buffer, 0, length) > 0);
                if (forged % 500 == 0)
                {
                    peak = Math.max(peak, replyPublications());
                }
            }
            assertTrue(peak <= 1024, "at most the limit of clients got a publication: " + peak);
            // each new client costs the host a publication, a round trip to the driver: 3,000 take seconds
            Await.until("every reply publication of a forged client to go from the driver", Duration.ofSeconds(60),
                () -> replyPublications() == 0 && host.clientCount() == 0);
        }
        finally
        {
            hostLogger.setLevel(level);
        }
    }

    /** The publications the driver holds on the forged clients' reply streams. */
    private int replyPublications()
    {
        final CountersReader counters = transport.capability(CounterRegistry.class).orElseThrow().reader();
        final int[] count = new int[1];
        counters.forEach((counterId, typeId, key, label) ->
        {
            if (typeId == AeronCounters.DRIVER_PUBLISHER_LIMIT_TYPE_ID)
            {
                final int streamId = key.getInt(StreamCounter.STREAM_ID_OFFSET);
                if (streamId >= FIRST_STREAM && streamId < FIRST_STREAM + FORGED)
                {
                    count[0]++;
                }
            }
        });
        return count[0];
    }
}
