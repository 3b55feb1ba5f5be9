package io.wirespeed.transport.aeron;

import io.aeron.CommonContext;
import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.childjvm.JvmCommand;
import io.wirespeed.test.Await;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.DriverDirectories;
import io.wirespeed.test.SlowTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An embedded media driver leaves nothing in /dev/shm: its JVM ended by SIGTERM removes its directory, and the
 * directory of one killed by SIGKILL (where nothing can run) is removed by the next embedded driver that starts
 * beside it, while the directory of a live one is kept. Real child JVMs, each in its per-process directory.
 */
@SlowTest
class DriverDirectoryLitterTest
{
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final long DRIVER_TIMEOUT_MS = 2_000;

    @RegisterExtension
    final ChildJvms children = new ChildJvms();

    private final String aeronDir = DriverDirectories.unique("litter");

    @Test
    void anEmbeddedDriverEndedBySigtermRemovesItsDirectory() throws Exception
    {
        final ChildJvm child = holder("sigterm");
        final Path directory = directoryOf(child);
        assertTrue(Files.isDirectory(directory), directory.toString());

        child.terminate();
        child.awaitExit(TIMEOUT);

        assertFalse(Files.exists(directory), "SIGTERM left " + directory + "\n" + children.outputs());
    }

    @Test
    void theDirectoryOfADriverKilledBySigkillIsRemovedByTheNextOneToStartAndALiveOnesIsKept() throws Exception
    {
        final ChildJvm killed = holder("killed");
        final Path killedDirectory = directoryOf(killed);
        final ChildJvm live = holder("live");
        final Path liveDirectory = directoryOf(live);

        killed.killForcibly(TIMEOUT);
        assertTrue(Files.isDirectory(killedDirectory), "nothing runs at SIGKILL: the directory stays till next start");
        Await.until("the killed driver's heartbeat ages", TIMEOUT,
            () -> !CommonContext.isDriverActive(killedDirectory.toFile(), DRIVER_TIMEOUT_MS, (message) -> {}));
        final ChildJvm next = holder("next");
        final Path nextDirectory = directoryOf(next);

        assertFalse(Files.exists(killedDirectory), "the next start left " + killedDirectory + children.outputs());
        assertTrue(Files.isDirectory(liveDirectory), "the live driver's directory went");
        assertTrue(Files.isDirectory(nextDirectory));
        assertTrue(live.isAlive(), live.describeState());
    }

    private ChildJvm holder(final String name) throws Exception
    {
        final ChildJvm child = children.start(name, JvmCommand.small(EmbeddedDriverHolder.class)
            .systemProperty("aeron.dir", aeronDir)
            .systemProperty(AeronTransportConfiguration.TIMEOUT_PROP, Long.toString(DRIVER_TIMEOUT_MS))
            .systemProperty(AeronTransportConfiguration.TERM_LENGTH_PROP, "64k"));
        final String ready = child.awaitLine("READY", TIMEOUT);
        final Path directory = Paths.get(ready.split(" ")[1]);
        children.deleteAfterwards(directory);
        return child;
    }

    private static Path directoryOf(final ChildJvm child)
    {
        final String[] words = child.output().lines().filter((line) -> line.startsWith("READY")).findFirst()
            .orElseThrow().split(" ");
        return Paths.get(words[1]);
    }
}
