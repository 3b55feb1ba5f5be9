package io.wirespeed.driver;

import io.wirespeed.transport.MessageHandler;
import io.wirespeed.transport.TransportException;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;
import io.wirespeed.transport.aeron.AeronTransport;
import io.wirespeed.transport.aeron.AeronTransportConfiguration;
import io.wirespeed.transport.aeron.AeronTransportContext;
import org.agrona.IoUtil;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The driver runs as its own process, serves clients that use the external-driver configuration,
 * and on SIGTERM stops, removes its directory and exits 0.
 */
class WirespeedMediaDriverTest
{
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final int MESSAGES = 10_000;

    @TempDir
    Path temp;

    @Test
    void servesAClientInAnotherProcessAndExitsZeroOnSigterm() throws Exception
    {
        final String directory = uniqueDirectory();
        try (DriverProcess driver = DriverProcess.start(List.of(
            AeronTransportConfiguration.DIR_PROP + "=" + directory,
            AeronTransportConfiguration.TERM_LENGTH_PROP + "=1m")))
        {
            final String ready = driver.awaitLine("wirespeed-driver running", TIMEOUT);
            assertTrue(ready.contains(AeronTransportConfiguration.DIR_PROP + "=" + directory), ready);
            assertTrue(ready.contains(AeronTransportConfiguration.THREADING_PROP + "=shared "), ready);
            assertTrue(ready.contains(AeronTransportConfiguration.IDLE_PROP + "=backoff"), ready);

            try (AeronTransport client = AeronTransport.connect(new AeronTransportContext()
                .embedded(false)
                .directory(directory)
                .conclude()))
            {
                assertEquals(MESSAGES, exchange(client));
            }

            driver.terminate();
            assertEquals(0, driver.awaitExit(TIMEOUT), driver.output());
            assertTrue(driver.output().endsWith("wirespeed-driver stopped"), driver.output());
            assertFalse(new File(directory).exists(), "the driver deleted its directory");
        }
    }

    @Test
    void reportsALostDriverToTheClientsErrorHandler() throws Exception
    {
        final String directory = uniqueDirectory();
        final List<TransportException> faults = new CopyOnWriteArrayList<>();
        try (DriverProcess driver = DriverProcess.start(List.of(
            AeronTransportConfiguration.DIR_PROP + "=" + directory,
            AeronTransportConfiguration.TERM_LENGTH_PROP + "=1m")))
        {
            driver.awaitLine("wirespeed-driver running", TIMEOUT);
            try (AeronTransport client = AeronTransport.connect(new AeronTransportContext()
                .embedded(false)
                .directory(directory)
                .timeout(Duration.ofSeconds(1))
                .errorHandler(faults::add)
                .conclude()))
            {
                driver.kill();
                await(() -> !faults.isEmpty(), "the client to notice the driver is gone");

                assertTrue(faults.get(0).getMessage().startsWith("lost contact with the media driver at " + directory),
                    faults.get(0).getMessage());
            }
        }
        finally
        {
            IoUtil.delete(new File(directory), true);
        }
    }

    @Test
    void readsPropertiesFilesWithSystemPropertiesTakingPrecedence() throws Exception
    {
        final String directory = uniqueDirectory();
        final Path file = temp.resolve("driver.properties");
        Files.writeString(file, String.join("\n",
            AeronTransportConfiguration.DIR_PROP + "=" + directory,
            AeronTransportConfiguration.MTU_PROP + "=4096",
            AeronTransportConfiguration.TERM_LENGTH_PROP + "=64m"));

        try (DriverProcess driver = DriverProcess.start(
            List.of(AeronTransportConfiguration.TERM_LENGTH_PROP + "=1m"), file.toString()))
        {
            final String ready = driver.awaitLine("wirespeed-driver running", TIMEOUT);
            assertTrue(ready.contains(AeronTransportConfiguration.MTU_PROP + "=4096"), ready);
            assertTrue(ready.contains(AeronTransportConfiguration.TERM_LENGTH_PROP + "=1048576"), ready);

            driver.terminate();
            assertEquals(0, driver.awaitExit(TIMEOUT), driver.output());
        }
    }

    @Test
    void exitsWithStatusOneNamingTheSettingWhenTheConfigurationIsInvalid() throws Exception
    {
        try (DriverProcess driver = DriverProcess.start(List.of(
            AeronTransportConfiguration.DIR_PROP + "=" + uniqueDirectory(),
            AeronTransportConfiguration.TERM_LENGTH_PROP + "=100000")))
        {
            assertEquals(WirespeedMediaDriver.EXIT_CANNOT_START, driver.awaitExit(TIMEOUT));
            assertTrue(driver.output().contains("wirespeed.driver.term.length=100000 is not valid"), driver.output());
        }
    }

    @Test
    void defaultsToAeronsDirectoryWhereExternalClientsLook()
    {
        final AeronTransportContext config = WirespeedMediaDriver.configure(new String[0], new Properties());

        assertEquals(AeronTransportConfiguration.defaultDirectory(false), config.directory());
    }

    @Test
    void namesAPropertiesFileThatCannotBeRead()
    {
        final String missing = temp.resolve("missing.properties").toString();

        final TransportException ex = assertThrows(
            TransportException.class, () -> WirespeedMediaDriver.configure(new String[]{ missing }, new Properties()));

        assertTrue(ex.getMessage().contains("cannot read the properties file " + missing), ex.getMessage());
    }

    private static int exchange(final AeronTransport client)
    {
        try (TransportSubscription subscription = client.addSubscription("aeron:ipc", 77);
            TransportPublication publication = client.addPublication("aeron:ipc", 77))
        {
            await(publication::isConnected, "the publication to connect");
            final UnsafeBuffer buffer = new UnsafeBuffer(new byte[64]);
            final int[] next = { 0 };
            final MessageHandler inOrder = (b, offset, length) ->
            {
                assertEquals(next[0], b.getInt(offset), "message sequence");
                next[0]++;
            };
            for (int i = 0; i < MESSAGES; i++)
            {
                buffer.putInt(0, i);
                await(() -> publication.offer(buffer, 0, 64) > 0 || subscription.poll(inOrder, 100) < 0, "an offer");
            }
            await(() -> subscription.poll(inOrder, 100) >= 0 && next[0] == MESSAGES, "all messages");
            return next[0];
        }
    }

    private static void await(final BooleanSupplier condition, final String what)
    {
        final long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!condition.getAsBoolean())
        {
            if (System.nanoTime() - deadline > 0)
            {
                fail("timed out waiting for " + what);
            }
            Thread.yield();
        }
    }

    private static String uniqueDirectory()
    {
        return "/dev/shm/wirespeed-test-driver-" +
            Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
    }
}
