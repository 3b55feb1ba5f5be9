package io.wirespeed.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.childjvm.JvmCommand;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.SlowTest;

/**
 * The quickstart runs as the README's command runs it: a JVM of its own, configured by the jndi.properties on its
 * class path, with the embedded media driver; it receives everything it sends and exits 0.
 */
@SlowTest
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class QuickstartTest
{
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    @RegisterExtension
    final ChildJvms jvms = new ChildJvms();

    @Test
    void receivesEveryMessageItSendsThroughJndiAndTheEmbeddedDriverAndExitsZero() throws Exception
    {
        final ChildJvm quickstart = jvms.start("quickstart", JvmCommand.small(Quickstart.class).args("2000", "50000"));

        final String sent = quickstart.awaitLine("sent ", TIMEOUT);
        assertEquals(0, quickstart.awaitExit(TIMEOUT), quickstart.output());
        assertTrue(sent.matches("sent (\\S+), received \\1 in .* s"), sent);
        assertFalse(sent.contains("INCOMPLETE"), sent);
        assertTrue(quickstart.output().contains("latency from intended send time"), quickstart.output());
    }
}
