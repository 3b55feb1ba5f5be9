package io.wirespeed.childjvm;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A Java program running in a JVM of its own, started from a {@link JvmCommand}. Its output (standard error
 * included) is either kept line by line, for {@link #awaitLine} and {@link #output()}, or passed through to this
 * JVM's. Line protocols (a child printing {@code READY}, {@code SENT ...}) are awaited with deadlines, and a child
 * that dies says so at once instead of running out the clock.
 * <p>
 * Signals go through the process handle: {@code Process.destroy()} would also close the pipe, and the lines a child
 * wrote just before it ended would be lost. Should this JVM exit first, the child is killed with it.
 */
public final class ChildJvm implements AutoCloseable
{
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(10);

    private final String name;
    private final String command;
    private final Process process;
    private final Thread killOnExit;
    private final List<String> lines = new ArrayList<>();
    private final Thread pump;
    private boolean outputEnded;

    private ChildJvm(final String name, final JvmCommand command, final boolean keepOutput) throws IOException
    {
        this.name = name;
        this.command = command.toString();
        final ProcessBuilder builder = new ProcessBuilder(command.toList());
        if (keepOutput)
        {
            builder.redirectErrorStream(true);
        }
        else
        {
            builder.inheritIO();
        }
        this.process = builder.start();
        this.killOnExit = new Thread(() -> process.toHandle().destroyForcibly(), "kill " + name);
        Runtime.getRuntime().addShutdownHook(killOnExit);
        if (keepOutput)
        {
            pump = new Thread(this::pumpOutput, "output of " + name);
            pump.setDaemon(true);
            pump.start();
        }
        else
        {
            pump = null;
            outputEnded = true;
        }
    }

    /**
     * Starts a child whose output this object keeps, line by line.
     *
     * @param name    what the caller calls this child, for messages.
     * @param command what to run.
     * @return the running child.
     * @throws IOException if the JVM cannot be started.
     */
    public static ChildJvm start(final String name, final JvmCommand command) throws IOException
    {
        return new ChildJvm(name, command, true);
    }

    /**
     * Starts a child whose output goes straight to this JVM's standard output and error, as a long run's progress
     * should; {@link #awaitLine} is then not available.
     *
     * @param name    what the caller calls this child, for messages.
     * @param command what to run.
     * @return the running child.
     * @throws IOException if the JVM cannot be started.
     */
    public static ChildJvm startPassingOutputThrough(final String name, final JvmCommand command)
        throws IOException
    {
        return new ChildJvm(name, command, false);
    }

    /**
     * Waits until the child prints a line that starts with {@code prefix}, looking at its whole output so far.
     *
     * @param prefix  the start of the line.
     * @param timeout how long to wait at most.
     * @return the line.
     * @throws IllegalStateException naming the child, the prefix and its output if no such line came within the
     *                               timeout, or its output ended (it exited) without one.
     * @throws InterruptedException  if interrupted while waiting.
     */
    public synchronized String awaitLine(final String prefix, final Duration timeout) throws InterruptedException
    {
        if (null == pump)
        {
            throw new IllegalStateException(name + " passes its output through; start it with start() to read it");
        }
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
                throw new IllegalStateException(name + " printed no line starting '" + prefix + "' " +
                    (outputEnded ? "before its output ended (" + describeState() + ")" : "within " + timeout) +
                    "; its output:\n" + output());
            }
            TimeUnit.NANOSECONDS.timedWait(this, leftNs);
        }
    }

    /**
     * Waits for the child to exit.
     *
     * @param timeout how long to wait at most.
     * @return its exit status.
     * @throws IllegalStateException naming the child and showing its output if it still runs after the timeout.
     * @throws InterruptedException  if interrupted while waiting.
     */
    public int awaitExit(final Duration timeout) throws InterruptedException
    {
        if (!waitFor(timeout))
        {
            throw new IllegalStateException(name + " did not exit within " + timeout + "; its output:\n" + output());
        }
        return process.exitValue();
    }

    /**
     * Waits for the child to exit, as {@link Process#waitFor(long, TimeUnit)} does.
     *
     * @param timeout how long to wait at most.
     * @return true if it exited, false if it still runs.
     * @throws InterruptedException if interrupted while waiting.
     */
    public boolean waitFor(final Duration timeout) throws InterruptedException
    {
        return process.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    /**
     * The exit status of a child that has exited.
     *
     * @return its exit status.
     * @throws IllegalThreadStateException if it still runs.
     */
    public int exitValue()
    {
        return process.exitValue();
    }

    /**
     * Writes a line to the child's standard input.
     *
     * @param line the line, without its line separator.
     */
    public void sendLine(final String line)
    {
        try
        {
            process.getOutputStream().write((line + "\n").getBytes(StandardCharsets.UTF_8));
            process.getOutputStream().flush();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot write to the input of " + name + " (" + describeState() + ")", ex);
        }
    }

    /** Closes the child's standard input: the end of input that a child reading it takes as its signal to finish. */
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

    /** Asks the child to stop with SIGTERM, as a service manager would: its shutdown hooks run. */
    public void terminate()
    {
        process.toHandle().destroy();
    }

    /**
     * Kills the child at once with SIGKILL, as a crash or the OOM killer would: no shutdown hook, no close, no last
     * words. Waits for it to be gone; what it printed before stays readable.
     *
     * @param timeout how long to wait for the process to disappear.
     * @return its exit status (137, 128 + SIGKILL, on Linux).
     * @throws InterruptedException if interrupted while waiting.
     */
    public int killForcibly(final Duration timeout) throws InterruptedException
    {
        process.toHandle().destroyForcibly();
        return awaitExit(timeout);
    }

    /**
     * Whether the child still runs.
     *
     * @return true until it has exited.
     */
    public boolean isAlive()
    {
        return process.isAlive();
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

    /**
     * What the caller calls this child.
     *
     * @return its name.
     */
    public String name()
    {
        return name;
    }

    /**
     * The command line the child was started with.
     *
     * @return its words, separated by spaces.
     */
    public String command()
    {
        return command;
    }

    /**
     * Everything the child printed so far.
     *
     * @return its output, one line per line; empty when it passes its output through.
     */
    public synchronized String output()
    {
        return String.join("\n", lines);
    }

    /**
     * Whether it runs, and its pid or exit status.
     *
     * @return a few words for a log or a failure message.
     */
    public String describeState()
    {
        return process.isAlive() ? "running, pid " + process.pid() : "exited with " + process.exitValue();
    }

    /**
     * Kills the child with SIGKILL if it still runs and waits, up to ten seconds, for it and its output to end.
     *
     * @throws InterruptedException if interrupted while waiting.
     */
    @Override
    public void close() throws InterruptedException
    {
        if (process.isAlive())
        {
            process.toHandle().destroyForcibly();
            process.waitFor(CLOSE_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        }
        if (null != pump)
        {
            pump.join(CLOSE_WAIT.toMillis());
        }
        process.destroyForcibly();
        try
        {
            Runtime.getRuntime().removeShutdownHook(killOnExit);
        }
        catch (final IllegalStateException ex)
        {
            // This JVM is shutting down and runs the hook anyway; it kills a process that is gone.
        }
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
                lines.add("[reading the output of " + name + " failed: " + ex + "]");
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
}
