package io.wirespeed.it.queue;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.MediaDriverProcess;
import io.wirespeed.test.SlowTest;

/**
 * {@link KilledTransaction} against the queue host of an external driver process, its clients on IPC.
 */
@SlowTest
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class KilledTransactionAcrossProcessesTest
{
    /**
     * The driver's client liveness timeout: how long after the kill the driver (and so the queue host) notices the
     * process is gone. Shorter than the 10 s default, to keep the test short.
     */
    private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(3);

    @RegisterExtension
    final ChildJvms processes = new ChildJvms();

    @Test
    void aProcessKilledInTheMiddleOfATransactionLeavesOnlyItsCommittedSendsAndGivesBackWhatItReceived()
        throws Exception
    {
        final MediaDriverProcess driver = MediaDriverProcess.start(processes,
            Map.of("wirespeed.driver.timeout", CLIENT_TIMEOUT.toMillis() + "ms"));
        System.out.println("killed transaction: " + KilledTransaction.check(processes, driver::ipcUri,
            CLIENT_TIMEOUT));
        driver.stopCleanly();
    }
}
