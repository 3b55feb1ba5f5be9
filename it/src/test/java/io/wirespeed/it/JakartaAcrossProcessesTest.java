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
 * The jakarta artifact across processes: jakarta.jms programs publish and subscribe over IPC through an
 * external media driver, and talk to javax.jms programs, since the wire is the same.
 */
@SlowTest
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class JakartaAcrossProcessesTest
{
    @RegisterExtension
    final ChildJvms processes = new ChildJvms();

    @Test
    void aJakartaPublisherProcessDelivers100000MessagesInOrderToAJakartaSubscriberProcess() throws Exception
    {
        final MediaDriverProcess driver = MediaDriverProcess.start(processes);

        TopicPair.publishAndVerify(processes,
            new Side(Api.JAKARTA, driver.ipcUri()), new Side(Api.JAKARTA, driver.ipcUri()), 100_000);

        driver.stopCleanly();
    }

    @Test
    void aJavaxPublisherProcessDelivers100000MessagesInOrderToAJakartaSubscriberProcess() throws Exception
    {
        final MediaDriverProcess driver = MediaDriverProcess.start(processes);

        TopicPair.publishAndVerify(processes,
            new Side(Api.JAVAX, driver.ipcUri()), new Side(Api.JAKARTA, driver.ipcUri()), 100_000);

        driver.stopCleanly();
    }

    @Test
    void aJakartaPublisherProcessDelivers100000MessagesInOrderToAJavaxSubscriberProcess() throws Exception
    {
        final MediaDriverProcess driver = MediaDriverProcess.start(processes);

        TopicPair.publishAndVerify(processes,
            new Side(Api.JAKARTA, driver.ipcUri()), new Side(Api.JAVAX, driver.ipcUri()), 100_000);

        driver.stopCleanly();
    }
}
