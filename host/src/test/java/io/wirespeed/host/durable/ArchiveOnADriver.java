package io.wirespeed.host.durable;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

import org.agrona.CloseHelper;

import io.aeron.driver.MediaDriver;
import io.wirespeed.transport.ArchiveConfig;
import io.wirespeed.transport.IdleStrategyKind;
import io.wirespeed.transport.aeron.AeronTransport;
import io.wirespeed.transport.aeron.AeronTransportContext;
import io.wirespeed.transport.aeron.ArchiveHost;
import io.wirespeed.transport.aeron.MediaDriverLauncher;
import io.wirespeed.transport.aeron.StreamArchive;

/**
 * A real media driver in its own directory under /dev/shm (deleted on close), an Aeron Archive on it, a transport
 * connected to it and the host's archive client: what the durable feed's tests run on.
 */
final class ArchiveOnADriver implements AutoCloseable
{
    private static final AtomicInteger COUNTER = new AtomicInteger();

    final MediaDriver driver;
    final AeronTransport transport;
    final ArchiveConfig config;
    final ArchiveHost archiveHost;
    final StreamArchive archive;

    /**
     * @param archiveDir the archive's directory.
     * @param name       names the driver's directory, with this process's id.
     */
    ArchiveOnADriver(final Path archiveDir, final String name)
    {
        final String aeronDir = "/dev/shm/wirespeed-" + name + "-" + ProcessHandle.current().pid() + "-" +
            COUNTER.incrementAndGet();
        driver = MediaDriverLauncher.launch(new AeronTransportContext().directory(aeronDir).deleteDirOnStart(true)
            .deleteDirOnStop(true).conclude());
        transport = AeronTransport.connect(new AeronTransportContext().embedded(false).directory(aeronDir).conclude());
        config = ArchiveConfig.builder().directory(archiveDir).build();
        archiveHost = ArchiveHost.launch(aeronDir, config, IdleStrategyKind.BACKOFF);
        archive = StreamArchive.connect(transport, config);
    }

    @Override
    public void close()
    {
        CloseHelper.quietCloseAll(archive, archiveHost, transport, driver);
    }
}
