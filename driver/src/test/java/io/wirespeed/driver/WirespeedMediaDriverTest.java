package io.wirespeed.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.test.Await;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.MediaDriverProcess;
import io.wirespeed.test.SlowTest;
import io.wirespeed.transport.MessageHandler;
import io.wirespeed.transport.TransportException;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;
import io.wirespeed.transport.aeron.AeronTransport;
import io.wirespeed.transport.aeron.AeronTransportConfiguration;
import io.wirespeed.transport.aeron.AeronTransportContext;

/**
 * The driver runs as its own process, serves clients that use the external-driver configuration,
 * and on SIGTERM stops, removes its directory and exits 0.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class WirespeedMediaDriverTest
{
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final int MESSAGES = 10_000;

    @RegisterExtension
    final ChildJvms jvms = new ChildJvms();

    @TempDir
    Path temp;

    @SlowTest
    @Test
    void servesAClientInAnotherProcessAndExitsZeroOnSigterm() throws Exception
    {
        final MediaDriverProcess driver = MediaDriverProcess.start(jvms, Map.of(
            AeronTransportConfiguration.TERM_LENGTH_PROP, "1m"));
        final String directory = driver.directory().toString();
        final String ready = driver.runningLine();
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

        driver.process().terminate();
        assertEquals(0, driver.process().awaitExit(TIMEOUT), driver.process().output());
        assertTrue(driver.process().output().endsWith(MediaDriverProcess.STOPPED), driver.process().output());
        assertFalse(new File(directory).exists(), "the driver deleted its directory");
    }

    @SlowTest
    @Test
    void reportsALostDriverToTheClientsErrorHandler() throws Exception
    {
        final List<TransportException> faults = new CopyOnWriteArrayList<>();
        final MediaDriverProcess driver = MediaDriverProcess.start(jvms, Map.of(
            AeronTransportConfiguration.TERM_LENGTH_PROP, "1m"));
        final String directory = driver.directory().toString();
        try (AeronTransport client = AeronTransport.connect(new AeronTransportContext()
            .embedded(false)
            .directory(directory)
            .timeout(Duration.ofSeconds(1))
            .errorHandler(faults::add)
            .conclude()))
        {
            driver.process().killForcibly(TIMEOUT);
            Await.until("the client to notice the driver is gone", TIMEOUT, () -> !faults.isEmpty());

            assertTrue(faults.get(0).getMessage().startsWith("lost contact with the media driver at " + directory),
                faults.get(0).getMessage());
        }
    }

    @SlowTest
    @Test
    void readsPropertiesFilesWithSystemPropertiesTakingPrecedence() throws Exception
    {
        final Path file = temp.resolve("driver.properties");
        Files.writeString(file, String.join("\n",
            AeronTransportConfiguration.MTU_PROP + "=4096",
            AeronTransportConfiguration.TERM_LENGTH_PROP + "=64m"));

        final MediaDriverProcess driver = MediaDriverProcess.start(jvms, Map.of(
            AeronTransportConfiguration.TERM_LENGTH_PROP, "1m"), file.toString());

        final String ready = driver.runningLine();
        assertTrue(ready.contains(AeronTransportConfiguration.MTU_PROP + "=4096"), ready);
        assertTrue(ready.contains(AeronTransportConfiguration.TERM_LENGTH_PROP + "=1048576"), ready);
        driver.stopCleanly();
    }

    @SlowTest
    @Test
    void exitsWithStatusOneNamingTheSettingWhenTheConfigurationIsInvalid() throws Exception
    {
        final ChildJvm driver = jvms.start("media driver", MediaDriverProcess.command(
            MediaDriverProcess.newDirectory(jvms), Map.of(AeronTransportConfiguration.TERM_LENGTH_PROP, "100000")));

        assertEquals(WirespeedMediaDriver.EXIT_CANNOT_START, driver.awaitExit(TIMEOUT));
        assertTrue(driver.output().contains("wirespeed.driver.term.length=100000 is not valid"), driver.output());
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
            Await.until("the publication to connect", TIMEOUT, publication::isConnected);
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
                Await.until("an offer", TIMEOUT,
                    () -> publication.offer(buffer, 0, 64) > 0 || subscription.poll(inOrder, 100) < 0);
            }
            Await.until("all messages", TIMEOUT, () -> subscription.poll(inOrder, 100) >= 0 && next[0] == MESSAGES);
            return next[0];
        }
    }
}
