package io.wirespeed.jakarta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.wirespeed.jms.JmsConnectionFactory;

/**
 * What the Eclipse Transformer made of the javax provider: every dependency on {@code javax.jms}
 * became one on {@code jakarta.jms}, JNDI ({@code javax.naming}, part of Java SE) was left alone, and
 * only Wirespeed's own classes are in the artifact (the API comes from the jakarta.jms-api dependency).
 * Checked on the classes the tests run on: the transformed output directory, or the jar.
 */
class TransformedClassesTest
{
    private static Path location;
    private static final Map<String, byte[]> ENTRIES = new LinkedHashMap<>();
    private static String dependencies;

    @BeforeAll
    static void readTheArtifactTheTestsRunOn() throws IOException, URISyntaxException
    {
        location = Path.of(JmsConnectionFactory.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        if (Files.isDirectory(location))
        {
            try (Stream<Path> files = Files.walk(location))
            {
                for (final Path file : (Iterable<Path>)files.filter(Files::isRegularFile)::iterator)
                {
                    ENTRIES.put(location.relativize(file).toString().replace('\\', '/'), Files.readAllBytes(file));
                }
            }
        }
        else
        {
            try (InputStream in = Files.newInputStream(location); ZipInputStream zip = new ZipInputStream(in))
            {
                for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry())
                {
                    if (!entry.isDirectory())
                    {
                        ENTRIES.put(entry.getName(), zip.readAllBytes());
                    }
                }
            }
        }
        assertTrue(ENTRIES.containsKey("io/wirespeed/jms/JmsConnectionFactory.class"), "read " + location);

        final StringWriter out = new StringWriter();
        final ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow();
        final int status = jdeps.run(new PrintWriter(out), new PrintWriter(out), "-verbose:class", location.toString());
        dependencies = out.toString();
        assertEquals(0, status, dependencies);
    }

    @Test
    void noClassDependsOnJavaxJms()
    {
        final List<String> javaxJms = dependencies.lines().filter(line -> line.contains("javax.jms.")).toList();

        assertEquals(List.of(), javaxJms);
        assertTrue(dependencies.contains("-> jakarta.jms.ConnectionFactory"), dependencies);
        assertTrue(dependencies.contains("-> jakarta.jms.Session"), dependencies);
    }

    @Test
    void jndiStaysJavaxNamingBecauseItIsPartOfJavaSe()
    {
        assertTrue(dependencies.contains("-> javax.naming.spi.InitialContextFactory"), dependencies);
        assertTrue(dependencies.contains("-> javax.naming.Referenceable"), dependencies);
    }

    @Test
    void everyGenericSignatureNamesJakartaTypes() throws ClassNotFoundException
    {
        final List<String> offenders = new ArrayList<>();
        for (final String entry : ENTRIES.keySet())
        {
            if (!entry.endsWith(".class") || entry.endsWith("module-info.class"))
            {
                continue;
            }
            final String name = entry.substring(0, entry.length() - ".class".length()).replace('/', '.');
            // Loading and reflecting resolves every type in every member's signature: a javax.jms type
            // would fail here, as javax.jms-api is not on this classpath.
            final Class<?> type = Class.forName(name, false, JmsConnectionFactory.class.getClassLoader());
            final List<Type> types = new ArrayList<>(List.of(type.getGenericInterfaces()));
            types.add(type.getGenericSuperclass());
            for (final Field field : type.getDeclaredFields())
            {
                types.add(field.getGenericType());
            }
            for (final Method method : type.getDeclaredMethods())
            {
                types.add(method.getGenericReturnType());
                types.addAll(List.of(method.getGenericParameterTypes()));
                types.addAll(List.of(method.getGenericExceptionTypes()));
            }
            for (final Type t : types)
            {
                if (t != null && t.getTypeName().contains("javax.jms"))
                {
                    offenders.add(name + ": " + t.getTypeName());
                }
            }
        }
        assertEquals(List.of(), offenders);
    }

    @Test
    void noResourceNameOrTextMentionsJavaxJms()
    {
        final List<String> offenders = new ArrayList<>();
        ENTRIES.forEach((name, bytes) ->
        {
            final boolean text = !name.endsWith(".class");
            if (name.contains("javax.jms") || name.contains("javax/jms") ||
                text && new String(bytes, StandardCharsets.UTF_8).contains("javax.jms"))
            {
                offenders.add(name);
            }
        });
        assertEquals(List.of(), offenders);
    }

    @Test
    void theArtifactHoldsOnlyWirespeedClasses()
    {
        final List<String> foreign = ENTRIES.keySet().stream()
            .filter(name -> name.endsWith(".class") && !name.startsWith("io/wirespeed/jms/"))
            .toList();

        assertEquals(List.of(), foreign);
        final boolean copiedMetadata = ENTRIES.keySet().stream()
            .anyMatch(name -> name.startsWith("META-INF/maven/io.wirespeed/wirespeed-provider/"));
        assertFalse(copiedMetadata, "the javax provider's Maven metadata was copied along");
    }
}
