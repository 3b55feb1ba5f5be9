package io.wirespeed.it;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Starts the JVMs of one test and cleans up after it: a process still alive when the test ends is
 * killed (and so is one still alive when this JVM exits), directories registered with
 * {@link #deleteAfterwards(Path)} (media driver directories) are removed, and if the test failed, every child's
 * output is printed to the test's log.
 * <p>
 * Public so that the tests of other packages of this module ({@code io.wirespeed.it.queue}) start
 * their processes the same way; register it with {@code @RegisterExtension}.
 */
public final class ChildProcesses implements AfterEachCallback
{
    private final List<Child> children = new ArrayList<>();
    private final List<Path> directories = new ArrayList<>();

    /**
     * Starts {@code mainClass} in a new JVM with the JVM flags Aeron needs.
     *
     * @param name      what the test calls this process, for its log.
     * @param classpath the child's class path.
     * @param mainClass the fully qualified name of the class to run.
     * @param jvmArgs   extra JVM arguments, such as {@code -Dkey=value}.
     * @param args      the program's arguments.
     * @return the running child.
     * @throws IOException if the JVM cannot be started.
     */
    public Child start(final String name, final String classpath, final String mainClass, final List<String> jvmArgs,
        final String... args) throws IOException
    {
        return startWith(List.of(), name, classpath, mainClass, jvmArgs, args);
    }

    /**
     * Starts {@code mainClass} in a new JVM as {@link #start} does, through a launcher such as
     * {@code ip netns exec <namespace>} (which replaces itself with the JVM, so the child is the JVM).
     *
     * @param launcher  the command and arguments that run the JVM's command line.
     * @param name      what the test calls this process, for its log.
     * @param classpath the child's class path.
     * @param mainClass the fully qualified name of the class to run.
     * @param jvmArgs   extra JVM arguments, such as {@code -Dkey=value}.
     * @param args      the program's arguments.
     * @return the running child.
     * @throws IOException if the JVM cannot be started.
     */
    public Child startWith(final List<String> launcher, final String name, final String classpath,
        final String mainClass, final List<String> jvmArgs, final String... args) throws IOException
    {
        final List<String> command = new ArrayList<>(launcher);
        command.add(ProcessHandle.current().info().command()
            .orElse(Paths.get(System.getProperty("java.home"), "bin", "java").toString()));
        for (final String flag : System.getProperty("wirespeed.jvm.flags", "").trim().split("\\s+"))
        {
            if (!flag.isEmpty())
            {
                command.add(flag);
            }
        }
        command.add("-Xmx256m");
        command.add("-XX:+UseSerialGC");
        command.add("-XX:TieredStopAtLevel=1");
        command.addAll(jvmArgs);
        command.add("-cp");
        command.add(classpath);
        command.add(mainClass);
        command.addAll(List.of(args));

        final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        // Should this JVM end before afterEach runs (surefire's timeout, Ctrl-C), the child ends with it.
        Runtime.getRuntime().addShutdownHook(new Thread(() -> process.destroyForcibly()));
        final Child child = new Child(name, process, String.join(" ", command));
        children.add(child);
        return child;
    }

    /**
     * Removes a directory (and what is in it) when the test ends.
     *
     * @param directory the directory.
     * @return the directory.
     */
    public Path deleteAfterwards(final Path directory)
    {
        directories.add(directory);
        return directory;
    }

    /**
     * Everything every child printed so far, for assertion messages.
     *
     * @return the children's outputs, each under its name.
     */
    public String outputs()
    {
        final StringBuilder all = new StringBuilder();
        for (final Child child : children)
        {
            all.append("\n----- ").append(child.name).append(" (").append(child.describeState()).append(") -----\n")
                .append(child.output());
        }
        return all.toString();
    }

    @Override
    public void afterEach(final ExtensionContext context) throws Exception
    {
        for (final Child child : children)
        {
            child.kill();
        }
        if (context.getExecutionException().isPresent())
        {
            System.out.println("Output of the processes of " + context.getDisplayName() + ":" + outputs());
            for (final Child child : children)
            {
                System.out.println("command of " + child.name + ": " + child.command);
            }
        }
        for (final Path directory : directories)
        {
            deleteRecursively(directory);
        }
        children.clear();
        directories.clear();
    }

    private static void deleteRecursively(final Path directory) throws IOException
    {
        if (!Files.exists(directory))
        {
            return;
        }
        try (Stream<Path> paths = Files.walk(directory))
        {
            for (final Path path : (Iterable<Path>)paths.sorted(Comparator.reverseOrder())::iterator)
            {
                Files.deleteIfExists(path);
            }
        }
    }

    /** One child JVM. A thread copies its output (standard error included) line by line. */
    public static final class Child
    {
        private final String name;
        private final Process process;
        private final String command;
        private final List<String> lines = new ArrayList<>();
        private boolean outputEnded;

        private Child(final String name, final Process process, final String command)
        {
            this.name = name;
            this.process = process;
            this.command = command;
            final Thread pump = new Thread(this::pumpOutput, "output of " + name);
            pump.setDaemon(true);
            pump.start();
        }

        private void pumpOutput()
        {
            try (BufferedReader reader = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8)))
            {
                for (String line = reader.readLine(); line != null; line = reader.readLine())
                {
                    synchronized (this)
                    {
                        lines.add(line);
                        notifyAll();
                    }
                }
            }
            catch (final IOException ex)
            {
                synchronized (this)
                {
                    lines.add("[reading the output failed: " + ex + "]");
                }
            }
            finally
            {
                synchronized (this)
                {
                    outputEnded = true;
                    notifyAll();
                }
            }
        }

        /**
         * Waits until the child prints a line starting with {@code prefix}.
         *
         * @param prefix  the start of the line.
         * @param timeout how long to wait.
         * @return the line.
         * @throws InterruptedException if interrupted.
         */
        public synchronized String awaitLine(final String prefix, final Duration timeout) throws InterruptedException
        {
            final long deadline = System.nanoTime() + timeout.toNanos();
            int checked = 0;
            while (true)
            {
                for (; checked < lines.size(); checked++)
                {
                    if (lines.get(checked).startsWith(prefix))
                    {
                        return lines.get(checked);
                    }
                }
                final long leftNs = deadline - System.nanoTime();
                if (outputEnded || leftNs <= 0)
                {
                    fail(name + " printed no line starting '" + prefix + "' " +
                        (outputEnded ? "before its output ended" : "within " + timeout) + "; its output:\n" + output());
                }
                TimeUnit.NANOSECONDS.timedWait(this, leftNs);
            }
        }

        /**
         * Waits for the child to exit.
         *
         * @param timeout how long to wait.
         * @return its exit status.
         * @throws InterruptedException if interrupted.
         */
        public int awaitExit(final Duration timeout) throws InterruptedException
        {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS))
            {
                fail(name + " did not exit within " + timeout + "; its output:\n" + output());
            }
            return process.exitValue();
        }

        /** Closes the child's standard input: the subscriber's signal to finish. */
        public void closeInput()
        {
            try
            {
                process.getOutputStream().close();
            }
            catch (final IOException ex)
            {
                throw new UncheckedIOException(ex);
            }
        }

        /**
         * Asks the child to stop with SIGTERM, as a service manager would. Through its process handle:
         * {@code Process.destroy()} would also close the pipe its last words come through.
         */
        public void terminate()
        {
            process.toHandle().destroy();
        }

        /**
         * Everything the child printed so far.
         *
         * @return its output, one line per line.
         */
        public synchronized String output()
        {
            return String.join("\n", lines);
        }

        /**
         * Whether it runs, and its pid or exit status.
         *
         * @return a few words for the log.
         */
        public String describeState()
        {
            return process.isAlive() ? "running, pid " + process.pid() : "exited with " + process.exitValue();
        }

        /**
         * Kills the child at once with SIGKILL ({@code destroyForcibly} on Linux), as a crash or the
         * OOM killer would: no shutdown hook, no close, no last words. Waits for it to be gone. Goes
         * through the process handle: {@code Process.destroyForcibly} would also close the pipe and
         * drop the lines the child wrote just before it died, which tests read afterwards.
         *
         * @param timeout how long to wait for the process to disappear.
         * @return its exit status (137, 128 + SIGKILL, on Linux).
         * @throws InterruptedException if interrupted.
         */
        public int killForcibly(final Duration timeout) throws InterruptedException
        {
            process.toHandle().destroyForcibly();
            return awaitExit(timeout);
        }

        /**
         * The child's process id.
         *
         * @return its pid.
         */
        public long pid()
        {
            return process.pid();
        }

        private void kill() throws InterruptedException
        {
            if (process.isAlive())
            {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }
}
