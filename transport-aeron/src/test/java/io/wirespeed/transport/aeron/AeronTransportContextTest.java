package io.wirespeed.transport.aeron;

import io.aeron.driver.ThreadingMode;
import io.wirespeed.transport.IdleStrategyKind;
import io.wirespeed.transport.TransportException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AeronTransportContextTest
{
    @Test
    void defaultsSuitASmallMachine()
    {
        final AeronTransportContext config = new AeronTransportContext().conclude();

        assertTrue(config.embedded());
        assertEquals(ThreadingMode.SHARED, config.threadingMode());
        assertEquals(IdleStrategyKind.BACKOFF, config.idleStrategy());
        assertEquals(16 * 1024 * 1024, config.termLength());
        assertEquals(1408, config.mtu());
        assertEquals(Duration.ofSeconds(5), config.publicationConnectionTimeout());
        assertEquals(Duration.ofSeconds(10), config.timeout());
        assertFalse(config.deleteDirOnStart());
        assertTrue(config.deleteDirOnStop());
        assertTrue(config.directory().endsWith("-wirespeed-" + ProcessHandle.current().pid()), config.directory());
    }

    @Test
    void externalDriverDefaultsToAeronsDirectory()
    {
        final AeronTransportContext config = new AeronTransportContext().embedded(false).conclude();

        assertEquals(AeronTransportConfiguration.defaultDirectory(false), config.directory());
    }

    @Test
    void resolvesTheDefaultDirectoryWhenItConcludes()
    {
        final AeronTransportContext context = new AeronTransportContext().embedded(false);

        assertNull(context.directory());
        assertEquals(AeronTransportConfiguration.defaultDirectory(false), context.conclude().directory());
    }

    @Test
    void aConcludedContextValidatesOnceAndTakesNoMoreChanges()
    {
        final AeronTransportContext context = new AeronTransportContext().conclude();

        assertSame(context, context.conclude());
        final IllegalStateException ex = assertThrows(IllegalStateException.class, () -> context.mtu(4096));
        assertTrue(ex.getMessage().contains("concluded"), ex.getMessage());
    }

    @Test
    void readsEverySettingFromProperties()
    {
        final Properties properties = new Properties();
        properties.setProperty("wirespeed.driver.embedded", "false");
        properties.setProperty("wirespeed.driver.dir", "/dev/shm/elsewhere");
        properties.setProperty("wirespeed.driver.threading", "dedicated");
        properties.setProperty("wirespeed.driver.idle", "busy-spin");
        properties.setProperty("wirespeed.driver.term.length", "64m");
        properties.setProperty("wirespeed.driver.mtu", "8k");
        properties.setProperty("wirespeed.driver.publication.connection.timeout", "2s");
        properties.setProperty("wirespeed.driver.timeout", "1500");
        properties.setProperty("wirespeed.driver.dir.delete.on.start", "true");
        properties.setProperty("wirespeed.driver.dir.delete.on.stop", "false");
        properties.setProperty("unrelated.key", "ignored");

        final AeronTransportContext config = new AeronTransportContext().properties(properties).conclude();

        assertFalse(config.embedded());
        assertEquals("/dev/shm/elsewhere", config.directory());
        assertEquals(ThreadingMode.DEDICATED, config.threadingMode());
        assertEquals(IdleStrategyKind.BUSY_SPIN, config.idleStrategy());
        assertEquals(64 * 1024 * 1024, config.termLength());
        assertEquals(8192, config.mtu());
        assertEquals(Duration.ofSeconds(2), config.publicationConnectionTimeout());
        assertEquals(Duration.ofMillis(1500), config.timeout());
        assertTrue(config.deleteDirOnStart());
        assertFalse(config.deleteDirOnStop());
    }

    @Test
    void namesEveryIdleStrategy()
    {
        for (final String name : new String[]{ "backoff", "sleeping", "yielding", "busy-spin", "noop" })
        {
            final IdleStrategyKind kind =
                IdleStrategyKind.byPropertyName(name, AeronTransportConfiguration.IDLE_PROP);
            assertEquals(name, kind.propertyName());
            assertTrue(null != kind.newIdleStrategy());
        }
    }

    @Test
    void printsItsSettingsOnOneLine()
    {
        final String line = new AeronTransportContext().directory("/dev/shm/x").conclude().toString();

        assertTrue(line.contains("wirespeed.driver.dir=/dev/shm/x"), line);
        assertTrue(line.contains("wirespeed.driver.threading=shared "), line);
        assertTrue(line.contains("wirespeed.driver.idle=backoff"), line);
        assertFalse(line.contains("\n"));
    }

    @ParameterizedTest
    @ValueSource(ints = { 0, 32 * 1024, 100_000, 3 * 1024 * 1024, Integer.MIN_VALUE })
    void rejectsATermLengthThatIsNotAPowerOfTwoFrom64KTo1G(final int termLength)
    {
        final TransportException ex = assertThrows(
            TransportException.class, () -> new AeronTransportContext().termLength(termLength).conclude());

        assertTrue(ex.getMessage().startsWith("wirespeed.driver.term.length=" + termLength), ex.getMessage());
        assertTrue(ex.getMessage().contains("power of two"), ex.getMessage());
    }

    @Test
    void rejectsATermLengthPropertyAbove1G()
    {
        final Properties properties = new Properties();
        properties.setProperty("wirespeed.driver.term.length", "2g");

        final TransportException ex = assertThrows(
            TransportException.class, () -> new AeronTransportContext().properties(properties).conclude());

        assertTrue(ex.getMessage().contains("wirespeed.driver.term.length"), ex.getMessage());
    }

    @ParameterizedTest
    @ValueSource(ints = { 32, 1400, 65536, -1 })
    void rejectsAnMtuThatIsNotAMultipleOf32UpTo65504(final int mtu)
    {
        final TransportException ex = assertThrows(
            TransportException.class, () -> new AeronTransportContext().mtu(mtu).conclude());

        assertTrue(ex.getMessage().startsWith("wirespeed.driver.mtu=" + mtu), ex.getMessage());
    }

    @Test
    void rejectsAnUnknownSettingNamingTheKnownOnes()
    {
        final TransportException ex = assertThrows(
            TransportException.class,
            () -> new AeronTransportContext().property("wirespeed.driver.trem.length", "1m"));

        assertTrue(ex.getMessage().contains("unknown setting wirespeed.driver.trem.length"), ex.getMessage());
        assertTrue(ex.getMessage().contains("wirespeed.driver.term.length"), ex.getMessage());
    }

    @Test
    void rejectsUnparsableValuesNamingTheSetting()
    {
        assertMessageStarts("wirespeed.driver.idle", () -> new AeronTransportContext().property(
            AeronTransportConfiguration.IDLE_PROP, "spinning"));
        assertMessageStarts("wirespeed.driver.threading", () -> new AeronTransportContext().property(
            AeronTransportConfiguration.THREADING_PROP, "single"));
        assertMessageStarts("wirespeed.driver.embedded", () -> new AeronTransportContext().property(
            AeronTransportConfiguration.EMBEDDED_PROP, "yes"));
        assertMessageStarts("wirespeed.driver.mtu", () -> new AeronTransportContext().property(
            AeronTransportConfiguration.MTU_PROP, "big"));
        assertMessageStarts("wirespeed.driver.timeout", () -> new AeronTransportContext().property(
            AeronTransportConfiguration.TIMEOUT_PROP, "soon"));
        assertMessageStarts("wirespeed.driver.timeout", () -> new AeronTransportContext().timeout(Duration.ZERO)
            .conclude());
    }

    private static void assertMessageStarts(final String prefix, final Runnable action)
    {
        final TransportException ex = assertThrows(TransportException.class, action::run);
        assertTrue(ex.getMessage().contains(prefix), ex.getMessage());
    }
}
