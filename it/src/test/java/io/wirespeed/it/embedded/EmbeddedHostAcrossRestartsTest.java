package io.wirespeed.it.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.it.Api;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.SlowTest;

/**
 * The embedded queue host across connections, JVM exits and restarts, with the default archive
 * directory (under a home directory of the test's): queued messages outlive every connection, a JVM
 * whose main returns ends by itself, PERSISTENT messages come back when the same application starts
 * again, and another application does not see them.
 */
@SlowTest
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class EmbeddedHostAcrossRestartsTest
{
    @RegisterExtension
    final ChildJvms processes = new ChildJvms();

    @TempDir
    Path home;

    private ChildJvm run(final Class<?> application, final String... args) throws Exception
    {
        return processes.start(application.getSimpleName() + " " + String.join(" ", args),
            Api.JAVAX.command(application.getName()).systemProperty("user.home", home.toString()).args(args));
    }

    @Test
    void persistentQueueMessagesComeBackWhenTheSameApplicationStartsAgainAndOnlyThen() throws Exception
    {
        final String queue = "embedded.restart." + UUID.randomUUID();
        final ChildJvm sender = run(ApplicationMain.class, "send", queue, "3");
        assertEquals(0, sender.awaitExit(Duration.ofSeconds(60)), "the sender's JVM ended by itself:\n" +
            sender.output());
        assertTrue(sender.output().contains("sent 2"), sender.output());

        final ChildJvm other = run(OtherApplicationMain.class, "receive", queue, "1");
        assertEquals(0, other.awaitExit(Duration.ofSeconds(60)), other.output());
        assertTrue(
            other.output().contains("none"), "another application saw the first one's queue:\n" + other.output());

        final ChildJvm receiver = run(ApplicationMain.class, "receive", queue, "3");
        assertEquals(0, receiver.awaitExit(Duration.ofSeconds(60)), receiver.output());
        assertTrue(receiver.output().contains("got 0\ngot 1\ngot 2"), "the restarted application lost messages:\n" +
            receiver.output());

        try (Stream<Path> archives = Files.list(home.resolve(".wirespeed").resolve("archive")))
        {
            assertEquals(2, archives.count(), "one archive directory per application");
        }
    }
}
