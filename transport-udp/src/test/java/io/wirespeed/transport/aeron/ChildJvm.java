package io.wirespeed.transport.aeron;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * A second JVM running a main class from the test classpath with the JVM flags Aeron needs; its
 * output is read line by line so that tests can wait for what it prints.
 */
final class ChildJvm implements AutoCloseable
{
    private final Process process;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final List<String> transcript = new ArrayList<>();

    private ChildJvm(final Process process)
    {
        this.process = process;
        final Thread reader = new Thread(this::readLines, "child-jvm-output");
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Starts {@code mainClass} in a new JVM.
     *
     * @param mainClass        the class to run.
     * @param systemProperties {@code key=value} pairs passed as {@code -D} options.
     * @param args             the program arguments.
     */
    static ChildJvm start(final Class<?> mainClass, final List<String> systemProperties, final String... args)
        throws IOException
    {
        final List<String> command = new ArrayList<>();
        command.add(javaExecutable());
        for (final String flag : System.getProperty("wirespeed.jvm.flags", "").trim().split("\\s+"))
        {
            if (!flag.isEmpty())
            {
                command.add(flag);
            }
        }
        command.add("-Xmx256m");
        command.add("-XX:+UseSerialGC");
        for (final String property : systemProperties)
        {
            command.add("-D" + property);
        }
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass.getName());
        command.addAll(List.of(args));
        return new ChildJvm(new ProcessBuilder(command).redirectErrorStream(true).start());
    }

    /**
     * Waits for a line that starts with {@code prefix}.
     *
     * @return the line.
     */
    String awaitLine(final String prefix, final Duration timeout) throws InterruptedException
    {
        final long deadline = System.nanoTime() + timeout.toNanos();
        while (true)
        {
            final String line = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (null == line)
            {
                fail("child printed no line starting '" + prefix + "' within " + timeout + "; output: " + transcript());
            }
            if (line.startsWith(prefix))
            {
                return line;
            }
        }
    }

    /** Closes the child's standard input, its signal to finish. */
    void closeInput() throws IOException
    {
        process.getOutputStream().close();
    }

    /** @return the exit status, after waiting for the child to exit. */
    int awaitExit(final Duration timeout) throws InterruptedException
    {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS))
        {
            fail("child did not exit within " + timeout + "; output: " + transcript());
        }
        return process.exitValue();
    }

    /** @return everything the child printed so far. */
    synchronized String transcript()
    {
        return String.join("\n", transcript);
    }

    /** Kills the child if it is still running. */
    @Override
    public void close() throws InterruptedException
    {
        if (process.isAlive())
        {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private void readLines()
    {
        try (BufferedReader reader = new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8)))
        {
            String line;
            while (null != (line = reader.readLine()))
            {
                synchronized (this)
                {
                    transcript.add(line);
                }
                lines.add(line);
            }
        }
        catch (final IOException ex)
        {
            lines.add("(output closed: " + ex + ")");
        }
    }

    private static String javaExecutable()
    {
        return ProcessHandle.current().info().command()
            .orElse(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    }
}
