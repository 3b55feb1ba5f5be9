package io.wirespeed.it;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.wirespeed.it.TopicPair.Side;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.DriverDirectories;
import io.wirespeed.test.SlowTest;

/**
 * Separate JVMs, each with its own embedded media driver, exchange topic messages over UDP multicast on
 * the loopback interface (skipped, saying what the host needs, where loopback multicast is unavailable).
 */
@SlowTest
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class UdpMulticastAcrossProcessesTest
{
    @RegisterExtension
    final ChildJvms processes = new ChildJvms();

    @Test
    void aJavaxPublisherProcessDelivers100000MessagesInOrderToAJavaxSubscriberProcessOverMulticast() throws Exception
    {
        final LoopbackMulticast.Group group = LoopbackMulticast.assumeAvailable();
        final String channel = "wirespeed:udp?endpoint=" + group.endpoint() + "&interface=127.0.0.1";

        TopicPair.publishAndVerify(processes,
            new Side(Api.JAVAX, channel + "&aeronDir=" + ownDriverDirectory()),
            new Side(Api.JAVAX, channel + "&aeronDir=" + ownDriverDirectory()),
            100_000);
    }

    private Path ownDriverDirectory()
    {
        return processes.deleteAfterwards(Path.of(DriverDirectories.unique("it")));
    }
}
