package io.wirespeed.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * {@code io.wirespeed.driver.WirespeedMediaDriver} as its own process, in a fresh directory under
 * {@code /dev/shm}: the one media driver that the client processes of a test share for IPC.
 */
public final class ExternalMediaDriver
{
    private final ChildProcesses.Child process;
    private final Path directory;

    private ExternalMediaDriver(final ChildProcesses.Child process, final Path directory)
    {
        this.process = process;
        this.directory = directory;
    }

    /**
     * Starts a driver and waits until it says it is running.
     *
     * @param processes where the process is started; it also removes the directory afterwards.
     * @return the running driver.
     * @throws Exception if it cannot be started or does not come up.
     */
    public static ExternalMediaDriver start(final ChildProcesses processes) throws Exception
    {
        return start(processes, List.of());
    }

    /**
     * Starts a driver with extra settings (such as {@code -Dwirespeed.driver.timeout=3s}) and waits
     * until it says it is running.
     *
     * @param processes where the process is started; it also removes the directory afterwards.
     * @param jvmArgs   extra JVM arguments of the driver process.
     * @return the running driver.
     * @throws Exception if it cannot be started or does not come up.
     */
    public static ExternalMediaDriver start(final ChildProcesses processes, final List<String> jvmArgs)
        throws Exception
    {
        final Path directory = processes.deleteAfterwards(Path.of("/dev/shm", "wirespeed-it-" + UUID.randomUUID()));
        final List<String> args = new ArrayList<>();
        args.add("-Dwirespeed.driver.dir=" + directory);
        args.addAll(jvmArgs);
        final ChildProcesses.Child process = processes.start("media driver", Api.JAVAX.classpath(), Api.MEDIA_DRIVER,
            args);
        process.awaitLine("wirespeed-driver running", Duration.ofSeconds(60));
        return new ExternalMediaDriver(process, directory);
    }

    /**
     * The connection URI of a client of this driver.
     *
     * @return {@code wirespeed:ipc?driver=external&aeronDir=<directory>}.
     */
    public String ipcUri()
    {
        return "wirespeed:ipc?driver=external&aeronDir=" + directory;
    }

    /**
     * Stops the driver with SIGTERM and checks that it stopped cleanly and removed its directory.
     *
     * @throws InterruptedException if waiting is interrupted.
     */
    public void stopCleanly() throws InterruptedException
    {
        process.terminate();
        assertEquals(0, process.awaitExit(Duration.ofSeconds(30)), "driver exit status; output:\n" + process.output());
        process.awaitLine("wirespeed-driver stopped", Duration.ofSeconds(5));
        assertFalse(Files.exists(directory), "the driver left " + directory + " behind");
    }
}
