package io.wirespeed.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.FreePorts;
import io.wirespeed.test.MediaDriverProcess;
import io.wirespeed.test.SlowTest;

/**
 * The driver process takes its whole configuration, archive and queue host included, from its properties files and
 * system properties as one source, and refuses to start on a setting it does not know or cannot read.
 */
@SlowTest
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class DriverConfigurationProcessTest
{
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @RegisterExtension
    final ChildJvms jvms = new ChildJvms();

    @TempDir
    Path temp;

    @Test
    void aPropertiesFileTurnsOnTheArchiveAndTheUdpHostAndTheDriverLogsWhatItChanged() throws Exception
    {
        final Path archive = temp.resolve("archive");
        final String endpoint = "127.0.0.1:" + FreePorts.udpPair();
        final Path file = temp.resolve("driver.properties");
        Files.writeString(file, String.join("\n",
            "wirespeed.archive.enabled=true",
            "wirespeed.archive.dir=" + archive,
            "wirespeed.archive.segment.length=1m",
            "wirespeed.host.endpoint=" + endpoint,
            "wirespeed.host.maxQueueBytes=64m",
            "wirespeed.host.maxHostBytes=32m"));

        final MediaDriverProcess driver = MediaDriverProcess.start(jvms, Map.of(), file.toString());

        final String ready = driver.runningLine();
        final String output = driver.process().output();
        assertTrue(ready.contains(" archive=true wirespeed.archive.dir=" + archive + " "), ready);
        assertTrue(ready.contains(" host-endpoint=" + endpoint), ready);
        assertTrue(output.contains("wirespeed-driver setting wirespeed.archive.enabled=true (default false, from " +
            file + ")"), output);
        assertTrue(output.contains("wirespeed-driver setting wirespeed.host.maxQueueBytes=64m (default 16m, from " +
            file + ")"), output);
        assertFalse(output.contains("wirespeed.host.maxHostBytes"), "32m is the default: " + output);
        assertTrue(output.contains("wirespeed-driver archive directory " + archive.toAbsolutePath() +
            " (wirespeed.archive.dir)"), output);
        assertTrue(Files.isDirectory(archive), "the archive runs in " + archive);
        driver.stopCleanly();
    }

    @Test
    void anUnknownSettingInAFileStopsTheDriverNamingTheNearestKnownOne() throws Exception
    {
        final Path file = temp.resolve("driver.properties");
        Files.writeString(file, "wirespeed.archive.enable=true\n");

        final ChildJvm driver = jvms.start("media driver",
            MediaDriverProcess.command(MediaDriverProcess.newDirectory(jvms), Map.of(), file.toString()));

        assertEquals(WirespeedMediaDriver.EXIT_CANNOT_START, driver.awaitExit(TIMEOUT), driver.output());
        assertTrue(driver.output().contains("wirespeed-driver: unknown setting wirespeed.archive.enable (in " + file +
            "): did you mean wirespeed.archive.enabled?"), driver.output());
        assertFalse(driver.output().contains(MediaDriverProcess.RUNNING), driver.output());
    }

    @Test
    void aHostLimitThatIsNotASizeStopsTheDriverSayingWhatIsAccepted() throws Exception
    {
        final ChildJvm driver = jvms.start("media driver", MediaDriverProcess.command(
            MediaDriverProcess.newDirectory(jvms), Map.of("wirespeed.host.maxQueueBytes", "16 MB")));

        assertEquals(WirespeedMediaDriver.EXIT_CANNOT_START, driver.awaitExit(TIMEOUT), driver.output());
        assertTrue(driver.output().contains("wirespeed-driver: wirespeed.host.maxQueueBytes='16 MB' is not a size: " +
            "use a whole number of bytes, or one with a unit k, m or g, e.g. 16m"), driver.output());
    }
}
