package io.wirespeed.jms.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.aeron.driver.MediaDriver;
import io.wirespeed.jms.destination.JmsTopic;
import io.wirespeed.transport.aeron.AeronTransport;
import io.wirespeed.transport.aeron.AeronTransportContext;
import io.wirespeed.transport.aeron.MediaDriverLauncher;

/**
 * A connection's figures live in its driver's CnC file; when the transport's client has closed (its driver stopped,
 * or the JVM exits and the embedded driver's exit hook went first, as in a Spring context closing beside it), reading
 * or counting must not touch the unmapped memory: that crashed the JVM with SIGSEGV in
 * {@code WirespeedMetrics.closed} from a listener container's connection close.
 */
class CountersAfterTheirTransportTest
{
    private MediaDriver driver;

    @AfterEach
    void stop()
    {
        driver.close();
    }

    @Test
    void countersOfAClosedTransportReadAsZeroAndCountNothingInsteadOfCrashing()
    {
        final String aeronDir = "/dev/shm/wirespeed-counters-closed-test-" + ProcessHandle.current().pid();
        driver = MediaDriverLauncher.launch(new AeronTransportContext().directory(aeronDir).deleteDirOnStart(true)
            .conclude());
        final AeronTransport transport =
            AeronTransport.connect(new AeronTransportContext().embedded(false).directory(aeronDir).conclude());
        final ConnectionMetrics metrics = ConnectionMetrics.openRuntime("runtime-counters-closed", transport);
        final DestinationCounters counters = metrics.destination(new JmsTopic("closed.prices"));
        counters.onSent(100);
        assertEquals(1, counters.messagesSent());

        transport.close();

        counters.onSent(100);
        metrics.onSendFailure();
        assertEquals(0, counters.messagesSent());
        assertEquals(0, metrics.sendFailures());
        metrics.close();
    }
}
