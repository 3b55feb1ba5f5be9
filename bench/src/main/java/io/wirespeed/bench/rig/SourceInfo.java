package io.wirespeed.bench.rig;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What every result records about the code that ran, beside the machine: the commit of the working tree the rig was
 * built from and whether that tree had changes not committed (a dirty tree's figures belong to no commit), read with
 * {@code git} in the directory the suite runs in; {@code "unknown"} where that is no git checkout or git is missing.
 */
public final class SourceInfo
{
    /** The value of a field git cannot tell. */
    public static final String UNKNOWN = "unknown";

    private SourceInfo()
    {
    }

    /**
     * Describes the checkout in a directory.
     *
     * @param directory a directory of the checkout, e.g. the working directory.
     * @return {@code commit} (the full hash, or {@link #UNKNOWN}) and {@code dirty} (true, false, or
     *         {@link #UNKNOWN}).
     */
    public static Map<String, Object> describe(final Path directory)
    {
        final Map<String, Object> source = new LinkedHashMap<>();
        final String commit = git(directory, "rev-parse", "HEAD");
        source.put("commit", null == commit || commit.isBlank() ? UNKNOWN : commit.trim());
        final String status = null == commit ? null : git(directory, "status", "--porcelain", "--untracked-files=no");
        source.put("dirty", null == status ? UNKNOWN : (Object)!status.isBlank());
        return source;
    }

    private static String git(final Path directory, final String... args)
    {
        final String[] command = new String[args.length + 1];
        command[0] = "git";
        System.arraycopy(args, 0, command, 1, args.length);
        try
        {
            final Process process = new ProcessBuilder(command).directory(directory.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            final String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(30, TimeUnit.SECONDS))
            {
                process.destroyForcibly();
                return null;
            }
            return process.exitValue() == 0 ? out : null;
        }
        catch (final IOException ex)
        {
            return null;
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
