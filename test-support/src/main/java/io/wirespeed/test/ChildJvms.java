package io.wirespeed.test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.childjvm.JvmCommand;

/**
 * The child JVMs of one test, and what they leave behind: register it with {@code @RegisterExtension}, start
 * children through it, and when the test ends every child still alive is killed, the directories registered with
 * {@link #deleteAfterwards(Path)} (media driver directories) are removed, and if the test failed, every child's
 * output and command line are printed to the test's log.
 */
public final class ChildJvms implements AfterEachCallback
{
    private final List<ChildJvm> children = new ArrayList<>();
    private final List<Path> directories = new ArrayList<>();

    /**
     * Starts a child JVM whose output is kept line by line.
     *
     * @param name    what the test calls this process, for its log and failure messages.
     * @param command what to run; {@link JvmCommand#small(String)} for a quick-starting JVM.
     * @return the running child.
     * @throws IOException if the JVM cannot be started.
     */
    public ChildJvm start(final String name, final JvmCommand command) throws IOException
    {
        final ChildJvm child = ChildJvm.start(name, command);
        children.add(child);
        return child;
    }

    /**
     * Removes a directory, and what is in it, when the test ends.
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
     * @return the children's outputs, each under its name and state.
     */
    public String outputs()
    {
        final StringBuilder all = new StringBuilder();
        for (final ChildJvm child : children)
        {
            all.append("\n----- ").append(child.name()).append(" (").append(child.describeState()).append(") -----\n")
                .append(child.output());
        }
        return all.toString();
    }

    /**
     * Kills the children, shows their outputs if the test failed and removes the registered directories.
     *
     * @param context the test's context.
     * @throws Exception if a child cannot be awaited or a directory cannot be removed.
     */
    @Override
    public void afterEach(final ExtensionContext context) throws Exception
    {
        for (final ChildJvm child : children)
        {
            child.close();
        }
        if (context.getExecutionException().isPresent() && !children.isEmpty())
        {
            System.out.println("Output of the processes of " + context.getDisplayName() + ":" + outputs());
            for (final ChildJvm child : children)
            {
                System.out.println("command of " + child.name() + ": " + child.command());
            }
        }
        for (final Path directory : directories)
        {
            deleteRecursively(directory);
        }
        children.clear();
        directories.clear();
    }

    /**
     * Removes a directory and everything in it; nothing if it does not exist.
     *
     * @param directory the directory.
     * @throws IOException if something in it cannot be removed.
     */
    public static void deleteRecursively(final Path directory) throws IOException
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
}
