package io.wirespeed.host.embedded;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.host.spi.ArchiveUse;
import io.wirespeed.host.spi.EmbeddedHostSettings;
import io.wirespeed.host.spi.EmbeddedHostShare;
import io.wirespeed.transport.ArchiveConfig;
import io.wirespeed.transport.TransportContext;
import io.wirespeed.transport.TransportException;
import io.wirespeed.test.Await;
import io.wirespeed.test.DriverDirectories;

/**
 * The host beside an embedded driver is shared by the shares taken of its directory and lives until the last is
 * closed, which closes it and, with its Aeron client, the driver it held: nothing of it is left running, and the
 * next share starts a fresh one.
 */
class EmbeddedHostShareTest
{
    private final String aeronDir = DriverDirectories.unique("host-share");

    @TempDir
    Path archiveDir;

    @AfterEach
    void removeTheDirectory()
    {
        DriverDirectories.delete(aeronDir);
    }

    @Test
    void twoSharesOfOneDirectoryUseOneHostWhichTheLastCloses()
    {
        final EmbeddedHostShare first = EmbeddedHost.share(settings(ArchiveUse.AUTO));
        final EmbeddedHostShare second = EmbeddedHost.share(settings(ArchiveUse.AUTO));
        first.ensureQueueHost(settings(ArchiveUse.AUTO));
        assertTrue(Files.isDirectory(Path.of(aeronDir)), "the host's client started the driver");

        // the one host, started with queues in memory, refuses the second share's durable queues
        final TransportException refused = assertThrows(TransportException.class,
            () -> second.ensureQueueHost(settings(ArchiveUse.ON)));
        assertTrue(refused.getMessage().contains("archive=on"), refused.getMessage());

        first.close();
        assertTrue(Files.isDirectory(Path.of(aeronDir)), "the host lives while a share of it is open");
        second.ensureQueueHost(settings(ArchiveUse.AUTO));

        second.close();
        Await.until("the driver the host held to stop with the last share", () -> !Files.exists(Path.of(aeronDir)));

        try (EmbeddedHostShare next = EmbeddedHost.share(settings(ArchiveUse.AUTO)))
        {
            next.ensureQueueHost(settings(ArchiveUse.AUTO));
            assertTrue(Files.isDirectory(Path.of(aeronDir)), "a fresh host and driver");
        }
        Await.until("the fresh host's driver to stop with it", () -> !Files.exists(Path.of(aeronDir)));
    }

    @Test
    void aClosedShareRefusesAndClosingTwiceGivesBackOnce()
    {
        final EmbeddedHostShare kept = EmbeddedHost.share(settings(ArchiveUse.AUTO));
        final EmbeddedHostShare closed = EmbeddedHost.share(settings(ArchiveUse.AUTO));
        kept.ensureQueueHost(settings(ArchiveUse.AUTO));
        closed.close();
        closed.close();

        final TransportException refused = assertThrows(TransportException.class,
            () -> closed.ensureQueueHost(settings(ArchiveUse.AUTO)));
        assertTrue(refused.getMessage().contains("closed"), refused.getMessage());
        assertTrue(Files.isDirectory(Path.of(aeronDir)), "a second close gave back no other share");

        kept.close();
        Await.until("the driver to stop with the last share", () -> !Files.exists(Path.of(aeronDir)));
        assertFalse(Files.exists(Path.of(aeronDir)));
    }

    private EmbeddedHostSettings settings(final ArchiveUse archive)
    {
        return new EmbeddedHostSettings(new TransportContext().embeddedDriver(true).driverDirectory(aeronDir), archive,
            ArchiveConfig.builder().directory(archiveDir).build());
    }
}
