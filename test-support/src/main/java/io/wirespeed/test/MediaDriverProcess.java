package io.wirespeed.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.childjvm.JvmCommand;
import io.wirespeed.netns.NamespaceHost;

/**
 * Wirespeed's external media driver ({@code io.wirespeed.driver.WirespeedMediaDriver}, module {@code driver}, which
 * must be on the class path) as a process of its own, in a directory of its own: the driver that
 * client processes of a test share for IPC.
 */
public final class MediaDriverProcess
{
    /** The driver's main class. */
    public static final String MAIN_CLASS = "io.wirespeed.driver.WirespeedMediaDriver";
    /** The system property that names the driver's directory. */
    public static final String DIR_PROP = "wirespeed.driver.dir";
    /** The start of the line the driver prints once it serves clients; the settings it runs with follow. */
    public static final String RUNNING = "wirespeed-driver running";
    /** The line the driver prints last when it stops cleanly. */
    public static final String STOPPED = "wirespeed-driver stopped";

    private static final Duration STARTUP = Duration.ofSeconds(60);
    private static final Duration EXIT = Duration.ofSeconds(30);

    private final ChildJvm process;
    private final Path directory;
    private final String runningLine;

    private MediaDriverProcess(final ChildJvm process, final Path directory, final String runningLine)
    {
        this.process = process;
        this.directory = directory;
        this.runningLine = runningLine;
    }

    /**
     * A directory for a driver that no other test uses ({@link DriverDirectories#unique(String)}), removed when the
     * test ends.
     *
     * @param jvms the test's child JVMs, which remove the directory afterwards.
     * @return the directory, not yet created.
     */
    public static Path newDirectory(final ChildJvms jvms)
    {
        return jvms.deleteAfterwards(Path.of(DriverDirectories.unique("driver")));
    }

    /**
     * The command that runs the driver in {@code directory} with the given settings and arguments.
     *
     * @param directory the driver's directory.
     * @param settings  system properties of the driver ({@code wirespeed.driver.*}), in order.
     * @param args      the driver's arguments: properties files.
     * @return the command.
     */
    public static JvmCommand command(final Path directory, final Map<String, String> settings, final String... args)
    {
        final JvmCommand command = JvmCommand.small(MAIN_CLASS).systemProperty(DIR_PROP, directory.toString());
        settings.forEach(command::systemProperty);
        return command.args(args);
    }

    /**
     * Starts a driver in a fresh directory with the default settings and waits until it runs.
     *
     * @param jvms the test's child JVMs, which also remove its directory when the test ends.
     * @return the running driver.
     * @throws Exception if it cannot be started or does not come up.
     */
    public static MediaDriverProcess start(final ChildJvms jvms) throws Exception
    {
        return start(jvms, Map.of());
    }

    /**
     * Starts a driver and waits until it runs: in the directory that the settings name ({@value #DIR_PROP}), or in a
     * fresh one that the test's child JVMs remove when the test ends.
     *
     * @param jvms     the test's child JVMs.
     * @param settings system properties of the driver ({@code wirespeed.driver.*}), such as
     *                 {@code wirespeed.driver.timeout=3s}.
     * @param args     the driver's arguments: properties files.
     * @return the running driver.
     * @throws Exception if it cannot be started or does not come up.
     */
    public static MediaDriverProcess start(final ChildJvms jvms, final Map<String, String> settings,
        final String... args) throws Exception
    {
        return start(jvms, "media driver", List.of(), settings, args);
    }

    /**
     * Starts a driver on a host of a {@link io.wirespeed.netns.NamespaceNetwork} (its UDP sockets are that host's)
     * and waits until it runs, as {@link #start(ChildJvms, Map, String...)} does.
     *
     * @param jvms     the test's child JVMs.
     * @param host     the host it runs on.
     * @param settings system properties of the driver ({@code wirespeed.driver.*}).
     * @param args     the driver's arguments: properties files.
     * @return the running driver.
     * @throws Exception if it cannot be started or does not come up.
     */
    public static MediaDriverProcess start(final ChildJvms jvms, final NamespaceHost host,
        final Map<String, String> settings, final String... args) throws Exception
    {
        return start(jvms, "media driver on " + host.name(), host.launcher(), settings, args);
    }

    /**
     * Starts a driver on each host, all at once, and waits until they all run: the drivers of a test's hosts, each in
     * a fresh directory.
     *
     * @param jvms     the test's child JVMs.
     * @param hosts    the hosts, one driver each.
     * @param settings system properties of every driver ({@code wirespeed.driver.*}, not its directory).
     * @return the running drivers, in the order of the hosts.
     * @throws Exception if one cannot be started or does not come up.
     */
    public static List<MediaDriverProcess> startOnEach(final ChildJvms jvms, final List<NamespaceHost> hosts,
        final Map<String, String> settings) throws Exception
    {
        final List<ChildJvm> processes = new ArrayList<>();
        final List<Path> directories = new ArrayList<>();
        for (final NamespaceHost host : hosts)
        {
            final Path directory = newDirectory(jvms);
            directories.add(directory);
            processes.add(jvms.start("media driver on " + host.name(),
                command(directory, settings).launcher(host.launcher())));
        }
        final List<MediaDriverProcess> drivers = new ArrayList<>();
        for (int i = 0; i < processes.size(); i++)
        {
            drivers.add(new MediaDriverProcess(
                processes.get(i), directories.get(i), processes.get(i).awaitLine(RUNNING, STARTUP)));
        }
        return drivers;
    }

    private static MediaDriverProcess start(final ChildJvms jvms, final String name, final List<String> launcher,
        final Map<String, String> settings, final String... args) throws Exception
    {
        final Path directory = settings.containsKey(DIR_PROP) ? Path.of(settings.get(DIR_PROP)) : newDirectory(jvms);
        final Map<String, String> others = new LinkedHashMap<>(settings);
        others.remove(DIR_PROP);
        final ChildJvm process = jvms.start(name, command(directory, others, args).launcher(launcher));
        return new MediaDriverProcess(process, directory, process.awaitLine(RUNNING, STARTUP));
    }

    /**
     * The driver's directory.
     *
     * @return the directory.
     */
    public Path directory()
    {
        return directory;
    }

    /**
     * The line the driver printed when it came up, with the settings it runs with.
     *
     * @return the line.
     */
    public String runningLine()
    {
        return runningLine;
    }

    /**
     * The driver's process.
     *
     * @return the process.
     */
    public ChildJvm process()
    {
        return process;
    }

    /**
     * The connection URI of a client of this driver.
     *
     * @return {@code wirespeed:ipc?driver=external&aeronDir=<directory>}.
     */
    public String ipcUri()
    {
        return "wirespeed:ipc?" + clientOptions();
    }

    /**
     * The URI options that make a connection a client of this driver, for any transport.
     *
     * @return {@code driver=external&aeronDir=<directory>}.
     */
    public String clientOptions()
    {
        return "driver=external&aeronDir=" + directory;
    }

    /**
     * Stops the driver with SIGTERM and checks that it stopped cleanly: exit status 0, its last line, and its
     * directory gone.
     *
     * @throws InterruptedException if waiting is interrupted.
     */
    public void stopCleanly() throws InterruptedException
    {
        process.terminate();
        assertEquals(0, process.awaitExit(EXIT), "driver exit status; output:\n" + process.output());
        process.awaitLine(STOPPED, EXIT);
        assertFalse(Files.exists(directory), "the driver left " + directory + " behind");
    }
}
