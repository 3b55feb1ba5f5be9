package io.wirespeed.driver;

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
 * {@link WirespeedMediaDriver} running as a separate process from the test classpath, with the JVM
 * flags Aeron needs. Its output goes to a file, so nothing is lost when it exits.
 */
final class DriverProcess implements AutoCloseable
{
    private final Process process;
    private final File outputFile;

    private DriverProcess(final Process process, final File outputFile)
    {
        this.process = process;
        this.outputFile = outputFile;
    }

    static DriverProcess start(final List<String> systemProperties, final String... args) throws IOException
    {
        final List<String> command = new ArrayList<>();
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
        for (final String property : systemProperties)
        {
            command.add("-D" + property);
        }
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(WirespeedMediaDriver.class.getName());
        command.addAll(List.of(args));

        final File outputFile = File.createTempFile("driver-process-", ".out");
        outputFile.deleteOnExit();
        final Process process = new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(outputFile)
            .start();
        return new DriverProcess(process, outputFile);
    }

    /** Waits until the process printed a line starting with {@code prefix}, and returns it. */
    String awaitLine(final String prefix, final Duration timeout) throws InterruptedException
    {
        final long deadline = System.nanoTime() + timeout.toNanos();
        long pauseMs = 1;
        while (true)
        {
            for (final String line : output().split("\n"))
            {
                if (line.startsWith(prefix))
                {
                    return line;
                }
            }
            if (System.nanoTime() - deadline > 0 || !process.isAlive() && !output().contains(prefix))
            {
                fail("driver printed no line starting '" + prefix + "' within " + timeout + "; output: " + output());
            }
            Thread.sleep(pauseMs);
            pauseMs = Math.min(pauseMs * 2, 50);
        }
    }

    /** Sends SIGTERM, as a service manager or kill would. */
    void terminate()
    {
        process.destroy();
    }

    /** Kills the process with SIGKILL, as a crash would end it: nothing is cleaned up. */
    void kill() throws InterruptedException
    {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    int awaitExit(final Duration timeout) throws InterruptedException
    {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS))
        {
            fail("driver did not exit within " + timeout + "; output: " + output());
        }
        return process.exitValue();
    }

    /** @return everything the process printed so far, trailing whitespace removed. */
    String output()
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
}
