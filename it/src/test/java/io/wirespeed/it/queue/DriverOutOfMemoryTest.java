package io.wirespeed.it.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.MessageProducer;
import javax.jms.Session;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.driver.WirespeedMediaDriver;
import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.MediaDriverProcess;
import io.wirespeed.test.SlowTest;

/**
 * A driver process whose heap runs out (a queue nobody reads, a small -Xmx) ends with status 1 and says why,
 * instead of staying up with a dead queue host: an Error in any of its threads is fatal (issue 12 item 4).
 */
@SlowTest
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class DriverOutOfMemoryTest
{
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final int SMALL_HEAP_MB = 32;
    private static final int MESSAGE_BYTES = 4096;

    @RegisterExtension
    final ChildJvms jvms = new ChildJvms();

    @Test
    void anOutOfMemoryErrorInTheQueueHostEndsTheProcessWithStatusOneAndTheReason() throws Exception
    {
        final Path directory = MediaDriverProcess.newDirectory(jvms);
        final ChildJvm driver = jvms.start("media driver", MediaDriverProcess.command(directory, Map.of())
            .jvmOption("-Xmx" + SMALL_HEAP_MB + "m")
            // the host's limits keep a queue nobody reads from running the heap out; lifted here to reach the error
            .jvmOption("-Dwirespeed.host.maxQueueMessages=1000000000")
            .jvmOption("-Dwirespeed.host.maxQueueBytes=1000000000000")
            .jvmOption("-Dwirespeed.host.maxHostBytes=1000000000000"));
        driver.awaitLine(MediaDriverProcess.RUNNING, TIMEOUT);

        try (Connection connection = new JmsConnectionFactory(
            "wirespeed:ipc?driver=external&queueHostTimeout=2000&aeronDir=" + directory).createConnection())
        {
            final Session session = connection.createSession();
            final MessageProducer producer = session.createProducer(session.createQueue("nobody.reads.this"));
            producer.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
            final BytesMessage message = session.createBytesMessage();
            message.writeBytes(new byte[MESSAGE_BYTES]);
            final long enough = 4L * SMALL_HEAP_MB * 1024 * 1024 / MESSAGE_BYTES;
            for (long i = 0; i < enough && driver.isAlive(); i++)
            {
                try
                {
                    producer.send(message);
                }
                catch (final JMSException ex)
                {
                    break;
                }
            }
        }

        final boolean exited = driver.waitFor(TIMEOUT);
        if (!exited)
        {
            driver.terminate();
            driver.waitFor(TIMEOUT);
        }
        assertTrue(exited, "still running " + TIMEOUT + " after its queue host ran out of memory: " + driver.output());
        assertEquals(WirespeedMediaDriver.EXIT_FATAL_ERROR, driver.exitValue(), driver.output());
        assertTrue(driver.output().contains("wirespeed-driver: fatal error"), driver.output());
        assertTrue(driver.output().contains("OutOfMemoryError"), driver.output());
    }
}
