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
 * by import or by qualified name. The compiler keeps the provider off transport-rdma (a runtime dependency);
 * this test keeps it off transport-aeron, which stays a compile dependency only for the host side below.
 */
class TransportImportRuleTest
{
    /**
     * The host side, which still lives in the provider and uses Aeron Archive directly. Each moves to the host
     * module (issue 14), which empties this list; until then a file leaves it as soon as it no longer needs Aeron.
     */
    private static final Set<String> HOST_SIDE = Set.of(
        // the queue host: stops replays before the archive purges (ReplayGate); moves to the host module, issue 14
        "io/wirespeed/jms/queue/QueueHost.java",
        // durable subscriptions fed by the archive (StreamArchive, RecordedStream); moves to the host module, issue 14
        "io/wirespeed/jms/durable/DurableFeed.java",
        // the host's archive client, its retention (ArchiveHost, StreamArchive); moves to the host module, issue 14
        "io/wirespeed/jms/durable/DurableStorage.java",
        // starts the embedded queue host and archive, on an Aeron client of its own; to the host module, issue 14
        "io/wirespeed/jms/transport/EmbeddedHost.java");

    private static final Pattern TRANSPORT_IMPLEMENTATION =
        Pattern.compile("\\b(io\\.aeron|io\\.wirespeed\\.transport\\.(aeron|rdma))\\.[\\w.]+");
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
            "instead; only the host side listed in " + TransportImportRuleTest.class.getSimpleName() +
            " may, until issue 14 moves it out");
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
