package io.wirespeed.it;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.wirespeed.it.TopicPair.Side;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.MediaDriverProcess;
import io.wirespeed.test.SlowTest;

/**
 * Separate JVMs on one host exchange topic messages over Aeron IPC through one external media driver.
 */
@SlowTest
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class IpcAcrossProcessesTest
{
    @RegisterExtension
    final ChildJvms processes = new ChildJvms();

    @Test
    void aJavaxPublisherProcessDelivers100000MessagesInOrderToAJavaxSubscriberProcessThroughOneExternalDriver()
        throws Exception
    {
        final MediaDriverProcess driver = MediaDriverProcess.start(processes);

        TopicPair.publishAndVerify(processes,
            new Side(Api.JAVAX, driver.ipcUri()), new Side(Api.JAVAX, driver.ipcUri()), 100_000);

        driver.stopCleanly();
    }
}
