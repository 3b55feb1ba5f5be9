package io.wirespeed.netns;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs the {@code ip} and {@code nft} commands that build and remove namespaces: each with a deadline, its standard
 * error joined to its output, and a failure that quotes the command and what it printed.
 */
final class Commands
{
    private static final long TIMEOUT_SECONDS = 10;

    private Commands()
    {
    }

    /**
     * What a command did.
     *
     * @param exitStatus its exit status; -1 if it could not be started or did not end within the deadline.
     * @param output     what it printed, standard error included, trimmed; or why it did not run.
     */
    record Result(int exitStatus, String output)
    {
        boolean succeeded()
        {
            return 0 == exitStatus;
        }
    }

    /**
     * Runs a command and returns its output.
     *
     * @param command the command and its arguments.
     * @return what it printed, trimmed.
     * @throws IOException quoting the command and its output if it cannot be started, fails or hangs.
     */
    static String run(final List<String> command) throws IOException
    {
        final Result result = attempt(command);
        if (!result.succeeded())
        {
            throw new IOException("`" + String.join(" ", command) + "` failed" +
                (result.exitStatus() < 0 ? "" : " with exit status " + result.exitStatus()) + ": " + result.output());
        }
        return result.output();
    }

    /**
     * Runs a command, whatever it does.
     *
     * @param command the command and its arguments.
     * @return its exit status and output.
     */
    static Result attempt(final List<String> command)
    {
        final Path output;
        try
        {
            output = Files.createTempFile("wirespeed-netns-", ".out");
        }
        catch (final IOException ex)
        {
            return new Result(-1, "cannot make a file for the output of " + command.get(0) + ": " + ex.getMessage());
        }
        Process process = null;
        try
        {
            // Output goes to a file, not a pipe: a command that hangs with its output open cannot hold the caller.
            process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(output.toFile())
                .start();
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS))
            {
                process.destroyForcibly();
                return new Result(-1, "did not end within " + TIMEOUT_SECONDS + " s; printed: " + read(output));
            }
            return new Result(process.exitValue(), read(output));
        }
        catch (final IOException ex)
        {
            return new Result(-1, "cannot run " + command.get(0) + ": " + ex.getMessage());
        }
        catch (final InterruptedException ex)
        {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            return new Result(-1, "interrupted while waiting for it");
        }
        finally
        {
            try
            {
                Files.deleteIfExists(output);
            }
            catch (final IOException ignore)
            {
                // A temporary file left behind is harmless; the command's outcome matters.
            }
        }
    }

    private static String read(final Path output) throws IOException
    {
        return Files.readString(output, StandardCharsets.UTF_8).trim();
    }
}
