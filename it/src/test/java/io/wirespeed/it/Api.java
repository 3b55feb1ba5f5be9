package io.wirespeed.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import io.wirespeed.childjvm.JvmCommand;
import io.wirespeed.it.child.TopicPublisherMain;
import io.wirespeed.jms.JmsConnectionFactory;

/**
 * The JMS API a child JVM is written against, and so its class path. Both run the same child programs
 * ({@code io.wirespeed.it.child}): javax children from the test class path, jakarta children from the
 * copy of those classes that the build transformed to {@code jakarta.jms}, with the jakarta provider.
 */
public enum Api
{
    /** javax.jms 2.0 with wirespeed-provider. */
    JAVAX
    {
        @Override
        public String classpath()
        {
            return System.getProperty("java.class.path");
        }
    },

    /** jakarta.jms 3.x with wirespeed-provider-jakarta. */
    JAKARTA
    {
        @Override
        public String classpath()
        {
            final Path children = builtPath("wirespeed.it.jakarta.children");
            final Path lib = builtPath("wirespeed.it.jakarta.lib");
            final List<String> entries = new ArrayList<>();
            entries.add(children.toString());
            try (Stream<Path> jars = Files.list(lib))
            {
                jars.filter(jar -> jar.toString().endsWith(".jar")).sorted()
                    .forEach(jar -> entries.add(jar.toString()));
            }
            catch (final IOException ex)
            {
                throw new UncheckedIOException(ex);
            }
            assertTrue(entries.stream().anyMatch(e -> e.contains("wirespeed-provider-jakarta")),
                "no jakarta provider in " + lib);
            final Set<Path> javaxOnly = Set.of(
                locationOf(JmsConnectionFactory.class),
                locationOf(javax.jms.Message.class),
                locationOf(TopicPublisherMain.class));
            for (final String entry : System.getProperty("java.class.path").split(File.pathSeparator))
            {
                if (!entry.isEmpty() && !javaxOnly.contains(Path.of(entry).toAbsolutePath().normalize()))
                {
                    entries.add(entry);
                }
            }
            return String.join(File.pathSeparator, entries);
        }
    };

    /** The child program that publishes. */
    public static final String PUBLISHER = "io.wirespeed.it.child.TopicPublisherMain";
    /** The child program that subscribes. */
    public static final String SUBSCRIBER = "io.wirespeed.it.child.TopicSubscriberMain";

    /**
     * The class path of a child JVM written against this API.
     *
     * @return the class path.
     */
    public abstract String classpath();

    /**
     * The command of a small child JVM written against this API.
     *
     * @param mainClass the fully qualified name of the class to run.
     * @return the command, to be completed with its arguments.
     */
    public JvmCommand command(final String mainClass)
    {
        return JvmCommand.small(mainClass).classpath(classpath());
    }

    private static Path builtPath(final String property)
    {
        final String value = System.getProperty(property);
        assertTrue(value != null && Files.isDirectory(Path.of(value)),
            "system property " + property + " names no directory (" + value + "): run the tests through Maven, " +
            "whose it/pom.xml builds the jakarta children and copies the jakarta provider");
        return Path.of(value);
    }

    private static Path locationOf(final Class<?> type)
    {
        try
        {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toAbsolutePath()
                .normalize();
        }
        catch (final URISyntaxException ex)
        {
            throw new IllegalStateException(ex);
        }
    }
}
