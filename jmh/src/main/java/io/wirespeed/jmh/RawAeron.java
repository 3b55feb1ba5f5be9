package io.wirespeed.jmh;

import java.time.Duration;

import io.aeron.Aeron;
import io.aeron.CommonContext;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.wirespeed.transport.aeron.AeronTransportConfig;
import io.wirespeed.transport.aeron.IdleStrategyKind;
import io.wirespeed.transport.aeron.MediaDriverLauncher;

/**
 * An embedded media driver and an Aeron client for the raw Aeron peers, started with the same settings as the
 * driver a Wirespeed connection embeds (shared threading, the given idle strategy, default term length and MTU)
 * but in a directory of its own. Closing it closes the client, then stops the driver and deletes its directory.
 */
final class RawAeron implements AutoCloseable
{
    private final MediaDriver driver;
    private final Aeron aeron;

    private RawAeron(final MediaDriver driver, final Aeron aeron)
    {
        this.driver = driver;
        this.aeron = aeron;
    }

    /**
     * Starts a driver and connects a client to it.
     *
     * @param idle       the driver's idle strategy by name.
     * @param termLength the term length of publications in bytes, or 0 for Wirespeed's default.
     * @return the running pair.
     */
    static RawAeron start(final String idle, final int termLength)
    {
        final String directory = CommonContext.getAeronDirectoryName() + "-wirespeed-jmh-raw-" +
            ProcessHandle.current().pid();
        final AeronTransportConfig.Builder config = AeronTransportConfig.builder()
            .embedded(true)
            .directory(directory)
            .threadingMode(ThreadingMode.SHARED)
            .idleStrategy(IdleStrategyKind.byPropertyName(idle, "idle"))
            .timeout(Duration.ofSeconds(10))
            .deleteDirOnStart(true)
            .deleteDirOnStop(true);
        if (0 != termLength)
        {
            config.termLength(termLength);
        }
        final MediaDriver driver = MediaDriverLauncher.launch(config.build());
        try
        {
            final Aeron aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(directory));
            return new RawAeron(driver, aeron);
        }
        catch (final RuntimeException ex)
        {
            driver.close();
            throw ex;
        }
    }

    /**
     * The client.
     *
     * @return the connected Aeron client.
     */
    Aeron aeron()
    {
        return aeron;
    }

    @Override
    public void close()
    {
        try
        {
            aeron.close();
        }
        finally
        {
            driver.close();
        }
    }
}
