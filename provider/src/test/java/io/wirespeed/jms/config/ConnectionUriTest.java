package io.wirespeed.jms.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import io.wirespeed.transport.IdleStrategyKind;
import io.wirespeed.transport.ThreadingMode;

class ConnectionUriTest
{
    @Test
    void messagesNeverShowAPassword()
    {
        final IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
            () -> ConnectionUri.parse("wirespeed:ipc?user=ann&password=s3cret&noSuchOption=1"));
        assertFalse(refused.getMessage().contains("s3cret"), refused.getMessage());
        assertTrue(refused.getMessage().contains("password=***"), refused.getMessage());
        final ConnectionConfig config = ConnectionUri.parse("wirespeed:ipc?password=s3cret&user=ann");
        assertEquals("wirespeed:ipc?password=***&user=ann", config.shownUri());
        assertTrue(config.uri().contains("s3cret"), "the configuration keeps it");
    }

    @Test
    void aHostListNamesTheThreeOrFiveMembersOfAClusteredHost()
    {
        final ConnectionConfig three =
            ConnectionUri.parse("wirespeed:ipc?host=10.0.0.1:9000,10.0.0.2:9000,10.0.0.3:9000");
        assertEquals("10.0.0.1:9000,10.0.0.2:9000,10.0.0.3:9000", three.host());
        assertTrue(HostMembers.isCluster(three.host()));
        assertEquals(5, HostMembers.parse("a:1,b:1,c:1,d:1,e:1").size());
        assertFalse(HostMembers.isCluster("10.0.0.1:9000"), "one endpoint is a single host");

        final IllegalArgumentException two = assertThrows(IllegalArgumentException.class,
            () -> ConnectionUri.parse("wirespeed:ipc?host=10.0.0.1:9000,10.0.0.2:9000"));
        assertTrue(two.getMessage().contains("3 or 5 members") && two.getMessage().contains("names 2"),
            two.getMessage());
        final IllegalArgumentException noPort = assertThrows(IllegalArgumentException.class,
            () -> ConnectionUri.parse("wirespeed:ipc?host=10.0.0.1:9000,10.0.0.2,10.0.0.3:9000"));
        assertTrue(noPort.getMessage().contains("'10.0.0.2' is not ADDRESS:PORT"), noPort.getMessage());
    }

    @Test
    void noUriMeansEmbeddedIpcWithTwoCoreFriendlyDefaults()
    {
        final ConnectionConfig config = ConnectionUri.parse(null);
        assertEquals(TransportKind.IPC, config.transport());
        assertTrue(config.embeddedDriver());
        assertEquals(ThreadingMode.SHARED, config.threading());
        assertEquals(IdleStrategyKind.RESPONSIVE, config.idle());
        assertEquals("aeron:ipc", new TopicRouting(config).channel("any.topic"));
    }

    @Test
    void everyValueIsTypedWhenTheUriIsParsedWithEveryDefaultFromConnectionConfig()
    {
        final ConnectionConfig defaults = ConnectionUri.parse(null);
        assertEquals(ConnectionConfig.DEFAULT_SEND_TIMEOUT, defaults.sendTimeout());
        assertEquals(Duration.ofMillis(250), defaults.connectWait());
        assertEquals(Duration.ofSeconds(10), defaults.driverTimeout());
        assertEquals(Duration.ofSeconds(5), defaults.queueHostTimeout());
        assertEquals(ArchiveMode.AUTO, defaults.archive());
        assertEquals(RdmaVerbs.NATIVE, defaults.rdmaVerbs());

        final ConnectionConfig config = ConnectionUri.parse("wirespeed:ipc?sendTimeout=1500&connectWait=0" +
            "&driverTimeout=100&queueHostTimeout=9223372036854775807&threading=Shared-Network&idle=NOOP" +
            "&archive=off&rdmaVerbs=simulated");
        assertEquals(Duration.ofMillis(1500), config.sendTimeout());
        assertEquals(Duration.ZERO, config.connectWait());
        assertEquals(Duration.ofMillis(100), config.driverTimeout());
        assertEquals(Duration.ofMillis(Long.MAX_VALUE), config.queueHostTimeout());
        assertEquals(ThreadingMode.SHARED_NETWORK, config.threading());
        assertEquals(IdleStrategyKind.NOOP, config.idle());
        assertEquals(ArchiveMode.OFF, config.archive());
        assertEquals(RdmaVerbs.SIMULATED, config.rdmaVerbs());
    }

    @Test
    void aValueOutsideItsChoicesNamesTheChoicesInTheirDocumentedOrder()
    {
        final IllegalArgumentException ex = assertThrows(
            IllegalArgumentException.class, () -> ConnectionUri.parse("wirespeed:ipc?idle=fast"));
        assertEquals("option idle='fast' in 'wirespeed:ipc?idle=fast' must be one of [responsive, backoff, " +
            "sleeping, yielding, busy-spin, noop]", ex.getMessage());
        assertMessage("wirespeed:ipc?threading=many", "must be one of [shared, shared-network, dedicated]");
        assertMessage("wirespeed:ipc?archive=maybe", "must be one of [auto, on, off]");
        assertMessage("wirespeed:ipc?rdmaVerbs=dsni", "must be one of [native, simulated]");
    }

    @Test
    void archiveMinFreeIsASizeOfAtLeastOneMebibyteAndDefaultsToAeronArchivesThreshold()
    {
        assertEquals(128L * 1024 * 1024, ConnectionUri.parse("wirespeed:ipc").archiveConfig().minFree());
        assertEquals(16L * 1024 * 1024, ConnectionUri.parse("wirespeed:ipc?archiveMinFree=16m").archiveConfig()
            .minFree());
        assertMessage("wirespeed:ipc?archiveMinFree=4k", "wirespeed.archive.min.free=4096 must be at least 1m");
        assertMessage("wirespeed:ipc?archiveMinFree=lots", "is not a size");
        assertMessage("wirespeed:udp?endpoint=239.1.2.3:40456&mtu=1500", "must be a multiple of 32");
    }

    @Test
    void udpMulticastUriBuildsAnAeronChannelWithTheInterface()
    {
        final ConnectionConfig config = ConnectionUri.parse(
            "wirespeed:udp?endpoint=239.1.2.3:40456&interface=127.0.0.1&mtu=8192");
        assertEquals(TransportKind.UDP, config.transport());
        assertEquals("aeron:udp?endpoint=239.1.2.3:40456|interface=127.0.0.1|mtu=8k",
            new TopicRouting(config).channel("prices"));
    }

    @Test
    void externalDriverUsesTheGivenDirectory()
    {
        final ConnectionConfig config = ConnectionUri.parse("wirespeed:ipc?driver=external&aeronDir=/dev/shm/x");
        assertFalse(config.embeddedDriver());
        assertEquals("/dev/shm/x", config.aeronDir());
    }

    @Test
    void lingerIsADurationInMillisecondsOrWithAUnitAndDefaultsToFiveSeconds()
    {
        assertEquals(Duration.ofSeconds(5), ConnectionUri.parse("wirespeed:ipc").linger());
        assertEquals(Duration.ofMillis(250), ConnectionUri.parse("wirespeed:ipc?linger=250").linger());
        assertEquals(Duration.ofMillis(500), ConnectionUri.parse("wirespeed:ipc?linger=500ms").linger());
        assertEquals(Duration.ofSeconds(20), ConnectionUri.parse("wirespeed:ipc?linger=20s").linger());
        assertEquals(Duration.ZERO, ConnectionUri.parse("wirespeed:ipc?linger=0").linger());
        final IllegalArgumentException bad =
            assertThrows(IllegalArgumentException.class, () -> ConnectionUri.parse("wirespeed:ipc?linger=soon"));
        assertTrue(bad.getMessage().contains("linger"), bad.getMessage());
    }

    @Test
    void lowLatencyProfileSpinsAndDedicatesThreads()
    {
        final ConnectionConfig config = ConnectionUri.parse("wirespeed:ipc?profile=low-latency");
        assertEquals(IdleStrategyKind.BUSY_SPIN, config.idle());
        assertEquals(ThreadingMode.DEDICATED, config.threading());
    }

    @Test
    void routesPickTheChannelByFirstMatchingPattern()
    {
        final TopicRouting routing = new TopicRouting(ConnectionUri.parse(
            "wirespeed:ipc?route.prices.>=aeron:udp?endpoint=239.1.1.1:40001|interface=127.0.0.1" +
            "&route.orders.*=aeron:udp?endpoint=127.0.0.1:40002&route.audit=aeron:ipc%3Fterm-length%3D65536"));
        assertEquals("aeron:udp?endpoint=239.1.1.1:40001|interface=127.0.0.1", routing.channel("prices.fx.eurusd"));
        assertEquals("aeron:udp?endpoint=127.0.0.1:40002", routing.channel("orders.new"));
        assertEquals("aeron:ipc", routing.channel("orders.new.more"));
        assertEquals("aeron:ipc?term-length=65536", routing.channel("audit"));
        assertEquals("aeron:ipc", routing.channel("prices"));
    }

    @Test
    void aRouteMayNameAChannelOfAnySchemeATransportOnTheClasspathClaims()
    {
        final TopicRouting routing = new TopicRouting(ConnectionUri.parse(
            "wirespeed:ipc?route.test.>=" + ClaimedSchemeFactory.SCHEME + "prices"));
        assertEquals(ClaimedSchemeFactory.SCHEME + "prices", routing.channel("test.prices"));
        assertMessage("wirespeed:ipc?route.x=unclaimed:y", "must name an Aeron channel");
    }

    @Test
    void streamIdIsAStableHashWithinTheConfiguredRange()
    {
        final ConnectionConfig config = ConnectionUri.parse("wirespeed:ipc?streamIdBase=1000&streamIdRange=10");
        final TopicRouting routing = new TopicRouting(config);
        for (int i = 0; i < 100; i++)
        {
            final int streamId = routing.streamId("topic." + i);
            assertTrue(streamId >= 1000 && streamId < 1010, "stream id " + streamId);
            assertEquals(streamId, TopicRouting.streamId("topic." + i, 1000, 10));
        }
        assertEquals(TopicRouting.streamId("prices", 0x1000_0000, 16),
            new TopicRouting(ConnectionUri.parse(null)).streamId("prices"));
        assertNotEquals(
            TopicRouting.streamId("a", 0, Integer.MAX_VALUE), TopicRouting.streamId("b", 0, Integer.MAX_VALUE));
    }

    @Test
    void badUrisFailNamingWhatToChange()
    {
        assertMessage("http://x", "must start with 'wirespeed:'");
        assertMessage("wirespeed:tcp", "unknown transport 'tcp'");
        assertMessage("wirespeed:udp", "needs an endpoint");
        assertMessage("wirespeed:udp?endpoint=localhost", "must be host:port");
        assertMessage("wirespeed:ipc?idle=fast", "idle='fast'");
        assertMessage("wirespeed:ipc?threading=many", "threading='many'");
        assertMessage("wirespeed:ipc?termLength=100000", "power of two");
        assertMessage("wirespeed:ipc?termLength=abc", "whole number");
        assertMessage("wirespeed:ipc?sendTimeout=-1", "between 0 and");
        assertMessage("wirespeed:ipc?colour=blue", "unknown option 'colour'");
        assertMessage("wirespeed:ipc?route.x=tcp://y", "must name an Aeron channel");
        assertMessage("wirespeed:ipc?driver", "has no value");
        assertMessage("wirespeed:ipc?streamIdBase=2147483000&streamIdRange=1000", "exceeds the largest stream id");
    }

    private static void assertMessage(final String uri, final String expected)
    {
        final IllegalArgumentException ex =
            assertThrows(IllegalArgumentException.class, () -> ConnectionUri.parse(uri));
        assertTrue(ex.getMessage().contains(expected), ex.getMessage());
    }
}
