package io.wirespeed.transport.aeron;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * A second JVM running a main class from the test classpath with the JVM flags Aeron needs. Its
 * output goes to a file, so that nothing is lost when it exits, and tests wait for lines in it.
 */
final class ChildJvm implements AutoCloseable
{
    private final Process process;
    private final File outputFile;

    private ChildJvm(final Process process, final File outputFile)
    {
        this.process = process;
        this.outputFile = outputFile;
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

        final File outputFile = File.createTempFile("child-jvm-", ".out");
        outputFile.deleteOnExit();
        final Process process = new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(outputFile)
            .start();
        return new ChildJvm(process, outputFile);
    }

    /**
     * Waits for a line that starts with {@code prefix}.
     *
     * @return the line.
     */
    String awaitLine(final String prefix, final Duration timeout) throws InterruptedException
    {
        final long deadline = System.nanoTime() + timeout.toNanos();
        long pauseMs = 1;
        while (true)
        {
            final String output = transcript();
            for (final String line : output.split("\n"))
            {
                if (line.startsWith(prefix))
                {
                    return line;
                }
            }
            if (System.nanoTime() - deadline > 0 || !process.isAlive() && output.equals(transcript()))
            {
                fail("child printed no line starting '" + prefix + "' within " + timeout + "; output: " + transcript());
            }
            Thread.sleep(pauseMs);
            pauseMs = Math.min(pauseMs * 2, 50);
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

    /** @return everything the child printed so far, trailing whitespace removed. */
    String transcript()
    {
        try
        {
            return Files.readString(outputFile.toPath(), StandardCharsets.UTF_8).strip();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    /** Kills the child if it is still running and removes its output file. */
    @Override
    public void close() throws InterruptedException
    {
        if (process.isAlive())
        {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
        outputFile.delete();
    }

    private static String javaExecutable()
    {
        return ProcessHandle.current().info().command()
            .orElse(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    }
}
