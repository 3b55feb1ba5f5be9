package io.wirespeed.jms.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.reflect.Method;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.transport.IdleStrategyKind;
import io.wirespeed.transport.ThreadingMode;

/**
 * The table of options is what the parser and the builder read: every default it shows is the default a
 * configuration takes, every value it lists is accepted and nothing else is, and a built configuration's URI reads
 * back to the same configuration.
 */
class ConnectionOptionTest
{
    @Test
    void everyOptionIsDescribedAndFoundByItsName()
    {
        for (final ConnectionOption option : ConnectionOption.values())
        {
            assertFalse(option.description().isBlank(), option.optionName());
            assertFalse(option.type().isBlank(), option.optionName());
            final String name = option.hasPattern() ? option.prefix() + "a.>" : option.optionName();
            assertEquals(option, ConnectionOption.named(name), name);
        }
        assertEquals(null, ConnectionOption.named("route."));
        assertEquals(null, ConnectionOption.named("colour"));
    }

    @Test
    void everyDefaultTheTableShowsIsTheDefaultAConfigurationTakes()
    {
        final Map<String, String> defaults = figures(ConnectionConfig.builder().build());
        for (final ConnectionOption option : ConnectionOption.values())
        {
            if (null != option.defaultValue())
            {
                assertEquals(defaults, figures(ConnectionUri.parse(
                    "wirespeed:ipc?" + option.optionName() + "=" + option.defaultValue())), option.optionName());
            }
        }
    }

    @Test
    void everyValueTheTableListsIsAcceptedAndNoOther()
    {
        for (final ConnectionOption option : ConnectionOption.values())
        {
            if (option.accepted().isEmpty())
            {
                continue;
            }
            final String name = option.hasPattern() ? option.prefix() + "a.>" : option.optionName();
            for (final String value : option.accepted())
            {
                assertNotNull(ConnectionConfig.builder().option(name, value).build(), name + "=" + value);
            }
            final IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> ConnectionConfig.builder().option(name, "no-such-value"));
            assertTrue(refused.getMessage().endsWith("must be one of " + option.accepted()), refused.getMessage());
        }
    }

    @Test
    void aBuiltConfigurationsUriReadsBackToTheSameConfiguration()
    {
        final ConnectionConfig built = ConnectionConfig.builder()
            .transport(TransportKind.UDP).endpoint("239.1.2.3:40456").networkInterface("127.0.0.1")
            .embeddedDriver(false).aeronDir("/dev/shm/x").threading(ThreadingMode.DEDICATED)
            .idle(IdleStrategyKind.YIELDING).termLength(128 * 1024).mtu(8192).sendTimeout(Duration.ofMillis(1500))
            .connectWait(Duration.ZERO).resolutionInterval(Duration.ofSeconds(1)).driverTimeout(Duration.ofSeconds(3))
            .queuePrefetch(7).queueHostTimeout(Duration.ofSeconds(2)).linger(Duration.ofMillis(750))
            .streamIdBase(1000).streamIdRange(4).fragmentLimit(10).reuseMessages(true).rdmaVerbs(RdmaVerbs.SIMULATED)
            .clientId("a&b%20c").host("10.0.0.1:40400").user("ann").password("s3cret")
            .deserializationAllowList("com.example").deserializationDenyList("com.example.bad")
            .archive(ArchiveMode.OFF).archiveDir(Paths.get("/var/lib/app")).archiveSegmentLength(1 << 20)
            .archiveRetention(Duration.ofHours(2)).archiveRetentionSize(1L << 30).archiveMinFree(16L << 20)
            .slowConsumers(SlowConsumerPolicy.DROP).slowConsumers("prices.>", SlowConsumerPolicy.HOLD)
            .slowConsumerTimeout(Duration.ofMillis(300)).route("orders.*", "aeron:ipc?term-length=65536")
            .build();

        final ConnectionConfig read = ConnectionUri.parse(built.uri());

        assertEquals(figures(built), figures(read));
        assertEquals(built.uri(), read.uri());
        assertEquals("a&b%20c", read.clientId());
        assertEquals(SlowConsumerPolicy.HOLD, read.slowConsumerPolicy("prices.eur"));
        assertEquals(SlowConsumerPolicy.DROP, read.slowConsumerPolicy("orders.new"));
        assertFalse(built.shownUri().contains("s3cret"), built.shownUri());
    }

    @Test
    void aFactoryOfABuiltConfigurationCarriesItsUriThroughSerialization() throws Exception
    {
        final ConnectionConfig config = ConnectionConfig.builder().linger(Duration.ZERO).clientId("a&b")
            .route("prices.>", "aeron:ipc?term-length=65536").build();
        final JmsConnectionFactory factory = new JmsConnectionFactory(config);
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes))
        {
            out.writeObject(factory);
        }

        final JmsConnectionFactory read;
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray())))
        {
            read = (JmsConnectionFactory)in.readObject();
        }

        assertEquals(config.uri(), factory.getUri());
        assertEquals(figures(config), figures(read.config()));
    }

    @Test
    void theBuilderRefusesWhatTheUriRefusesWithTheSameMessage()
    {
        assertSameRefusal("wirespeed:ipc?mtu=10", () -> ConnectionConfig.builder().mtu(10));
        assertSameRefusal("wirespeed:ipc?sendTimeout=-1",
            () -> ConnectionConfig.builder().sendTimeout(Duration.ofMillis(-1)));
        assertSameRefusal("wirespeed:ipc?termLength=100000",
            () -> ConnectionConfig.builder().termLength(100000).build());
        assertSameRefusal("wirespeed:ipc?mtu=1500", () -> ConnectionConfig.builder().mtu(1500).build());
        assertSameRefusal("wirespeed:udp", () -> ConnectionConfig.builder().transport(TransportKind.UDP).build());
        assertSameRefusal("wirespeed:ipc?endpoint=localhost",
            () -> ConnectionConfig.builder().endpoint("localhost").build());
        assertSameRefusal("wirespeed:ipc?route.x=tcp://y", () -> ConnectionConfig.builder().route("x", "tcp://y"));
        assertSameRefusal("wirespeed:ipc?host=nowhere", () -> ConnectionConfig.builder().host("nowhere"));
        assertSameRefusal("wirespeed:ipc?colour=blue", () -> ConnectionConfig.builder().option("colour", "blue"));
        assertSameRefusal("wirespeed:ipc?streamIdBase=2147483000&streamIdRange=1000",
            () -> ConnectionConfig.builder().streamIdBase(2147483000).streamIdRange(1000).build());
    }

    @Test
    void aLaterValueWinsAndTheUriSaysSoInOrder()
    {
        final ConnectionConfig config = ConnectionConfig.builder().uri("wirespeed:ipc?idle=yielding")
            .idle(IdleStrategyKind.SLEEPING).build();

        assertEquals(IdleStrategyKind.SLEEPING, config.idle());
        assertEquals("wirespeed:ipc?idle=yielding&idle=sleeping", config.uri());
        assertEquals("wirespeed:ipc", ConnectionConfig.builder().build().uri());
    }

    private static void assertSameRefusal(final String uri, final Runnable build)
    {
        final String expected = assertThrows(IllegalArgumentException.class, () -> ConnectionUri.parse(uri))
            .getMessage();
        assertEquals(expected, assertThrows(IllegalArgumentException.class, build::run).getMessage());
    }

    /** Every figure a configuration gives its users, by accessor, as text. */
    static Map<String, String> figures(final ConnectionConfig config)
    {
        final Map<String, String> figures = new TreeMap<>();
        for (final Method method : ConnectionConfig.class.getMethods())
        {
            if (method.getParameterCount() == 0 && method.getDeclaringClass() == ConnectionConfig.class &&
                !Set.of("uri", "shownUri", "toString", "deserializationPolicy", "builder").contains(method.getName()))
            {
                try
                {
                    figures.put(method.getName(), String.valueOf(method.invoke(config)));
                }
                catch (final ReflectiveOperationException ex)
                {
                    throw new AssertionError(method.getName(), ex);
                }
            }
        }
        figures.put("deserializationPolicy", config.deserializationPolicy().toString());
        figures.put("slowConsumerPolicy(prices.eur)", config.slowConsumerPolicy("prices.eur").toString());
        return figures;
    }
}
