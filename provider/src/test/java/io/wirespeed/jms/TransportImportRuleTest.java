package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The rule of the transport seam: the provider sees transports only through the SPI ({@code transport-api},
 * {@code io.wirespeed.transport}), so no provider source names a transport implementation
 * ({@code io.wirespeed.transport.aeron}, {@code io.wirespeed.transport.rdma}) or Aeron itself ({@code io.aeron}),
 * by import or by qualified name; and it sees the queue host only through the host's SPI
 * ({@code io.wirespeed.host.spi}, the in-JVM host found through ServiceLoader), never the host's own classes. The
 * compiler keeps the provider off transport-aeron and transport-rdma (runtime dependencies); this test keeps it off
 * the host module's insides and off Aeron, which the host module brings onto the compile class path.
 */
class TransportImportRuleTest
{
    /**
     * Provider sources allowed to name a transport implementation or the host's insides: none since issue 14 moved
     * the host side (queue host, durable subscriptions, the embedded host) to the host module. A file may be listed
     * here only with a comment saying why and until when.
     */
    private static final Set<String> HOST_SIDE = Set.of();

    private static final Pattern TRANSPORT_IMPLEMENTATION =
        Pattern.compile("\\b(io\\.aeron|io\\.wirespeed\\.transport\\.(aeron|rdma)|io\\.wirespeed\\.host(?!\\.spi\\.))" +
        "\\.[\\w.]+");
    private static final Pattern COMMENTS_AND_TEXT =
        Pattern.compile("//[^\\n]*|/\\*.*?\\*/|\"(\\\\.|[^\"\\\\])*\"|'(\\\\.|[^'\\\\])*'", Pattern.DOTALL);
    private static final Path SOURCES = Path.of(System.getProperty("basedir", "."), "src", "main", "java");

    @Test
    void noProviderSourceOutsideTheHostSideNamesATransportImplementation() throws IOException
    {
        final Map<String, Set<String>> violations = new TreeMap<>();
        for (final Path source : sources())
        {
            final String file = relative(source);
            final Set<String> names = transportNames(source);
            if (!names.isEmpty() && !HOST_SIDE.contains(file))
            {
                violations.put(file, names);
            }
        }

        assertEquals(Map.of(), violations, "provider sources that name a transport implementation: reach " +
            "transports through io.wirespeed.transport (TransportFactory, Transport.capability, TransportContext) " +
            "and the queue host through its protocol (io.wirespeed.codec.control) or io.wirespeed.host.spi instead");
    }

    @Test
    void theHostSideListNamesOnlySourcesThatStillNeedATransportImplementation() throws IOException
    {
        final List<Path> sources = sources();
        assertFalse(sources.isEmpty(), "no sources under " + SOURCES.toAbsolutePath());
        for (final String file : new TreeSet<>(HOST_SIDE))
        {
            final Path source = SOURCES.resolve(file);
            assertTrue(Files.exists(source), file + " is gone: take it off the host-side list");
            assertFalse(transportNames(source).isEmpty(),
                file + " no longer names a transport implementation: take it off the host-side list");
        }
    }

    private static List<Path> sources() throws IOException
    {
        try (Stream<Path> files = Files.walk(SOURCES))
        {
            return files.filter((path) -> path.toString().endsWith(".java")).sorted().toList();
        }
    }

    private static String relative(final Path source)
    {
        return SOURCES.relativize(source).toString().replace('\\', '/');
    }

    private static Set<String> transportNames(final Path source) throws IOException
    {
        final String code = COMMENTS_AND_TEXT.matcher(Files.readString(source)).replaceAll(" ");
        final Set<String> names = new TreeSet<>();
        final Matcher matcher = TRANSPORT_IMPLEMENTATION.matcher(code);
        while (matcher.find())
        {
            names.add(matcher.group());
        }
        return names;
    }
}
