package io.wirespeed.transport.aeron;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.wirespeed.test.Await;
import io.wirespeed.test.DriverDirectories;
import io.wirespeed.transport.ArchiveConfig;
import io.wirespeed.transport.IdleStrategyKind;
import io.wirespeed.transport.TransportException;
import org.agrona.concurrent.status.CountersReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The archive on a disk with too little space to record (a small tmpfs the test mounts; skipped where it may not
 * mount one): recording a stream fails with a {@link TransportException} that says the disk is too full and what
 * to do, not with Aeron's own exception, and leaves no mark saying the stream is recorded.
 */
class ArchiveOnAFullDiskTest
{
    private static final String CHANNEL = "aeron:ipc?term-length=64k";
    private static final int STREAM = 0x1234_5679;

    @TempDir
    Path temp;

    private Path mount;
    private String aeronDir;

    @AfterEach
    void unmount() throws Exception
    {
        if (mount != null)
        {
            new ProcessBuilder("umount", mount.toString()).inheritIO().start().waitFor(10, TimeUnit.SECONDS);
        }
        if (aeronDir != null)
        {
            DriverDirectories.delete(aeronDir);
        }
    }

    @Test
    void recordingOnADiskTooFullForTheArchiveFailsSayingSoAndMarksNothing() throws Exception
    {
        final Path small = Files.createDirectories(temp.resolve("small"));
        final Process mounting = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=24m", "tmpfs",
            small.toString()).redirectErrorStream(true).start();
        Assumptions.assumeTrue(mounting.waitFor(10, TimeUnit.SECONDS) && mounting.exitValue() == 0,
            "this test mounts a 24 MiB tmpfs, which needs root: " +
            new String(mounting.getInputStream().readAllBytes()));
        mount = small;
        aeronDir = DriverDirectories.unique("fulldisk");
        try (AeronTransport transport = AeronTransport.connect(new AeronTransportContext().directory(aeronDir)
            .termLength(64 * 1024).conclude());
            ArchiveHost archive = ArchiveHost.launch(aeronDir, ArchiveConfig.builder().directory(small.resolve("a"))
                .segmentLength(64 * 1024).retention(Duration.ZERO).build(), IdleStrategyKind.BACKOFF);
            StreamArchive streams = StreamArchive.connect(transport))
        {
            final TransportException refused = assertThrows(TransportException.class,
                () -> streams.record(CHANNEL, STREAM));

            assertTrue(refused.getMessage().contains("too little free space") &&
                refused.getMessage().contains("wirespeed.archive.dir"), refused.getMessage());
            Await.until("no mark to say the stream is recorded", () -> CountersReader.NULL_COUNTER_ID ==
                transport.recordingWatch().findRecordedStream(CHANNEL, STREAM));
        }
    }
}
