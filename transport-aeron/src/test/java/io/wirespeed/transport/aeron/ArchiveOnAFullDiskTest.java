package io.wirespeed.transport.aeron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import io.wirespeed.test.Await;
import io.wirespeed.test.DriverDirectories;
import io.wirespeed.test.SmallDisk;
import io.wirespeed.transport.ArchiveConfig;
import io.wirespeed.transport.IdleStrategyKind;
import io.wirespeed.transport.TransportException;
import io.wirespeed.transport.TransportPublication;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.CountersReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The archive on a disk with too little space to record (a small tmpfs the test mounts; skipped where it may not
 * mount one): recording a stream fails with a {@link TransportException} that says the disk is too full and what
 * to do, not with Aeron's own exception, and leaves no mark saying the stream is recorded; a disk that fills while
 * the archive records stops the recording before it is full, marks the stream so that publishers refuse
 * PERSISTENT messages, keeps what was recorded, and records again when space returns.
 */
class ArchiveOnAFullDiskTest
{
    private static final String CHANNEL = "aeron:ipc?term-length=64k";
    private static final int STREAM = 0x1234_5679;
    private static final long MIB = 1024 * 1024;

    @TempDir
    Path temp;

    private SmallDisk disk;
    private String aeronDir;

    @AfterEach
    void unmount() throws Exception
    {
        if (disk != null)
        {
            disk.close();
        }
        if (aeronDir != null)
        {
            DriverDirectories.delete(aeronDir);
        }
    }

    @Test
    void recordingOnADiskTooFullForTheArchiveFailsSayingSoAndMarksNothing() throws Exception
    {
        try (AeronTransport transport = transportOnSmallDisk("24m");
            ArchiveHost archive = archiveOnSmallDisk(ArchiveConfig.DEFAULT_MIN_FREE);
            StreamArchive streams = StreamArchive.connect(transport, archive.config()))
        {
            final TransportException refused = assertThrows(TransportException.class,
                () -> streams.record(CHANNEL, STREAM));

            assertTrue(refused.getMessage().contains("too little free space") &&
                refused.getMessage().contains("wirespeed.archive.dir"), refused.getMessage());
            Await.until("no mark to say the stream is recorded", () -> CountersReader.NULL_COUNTER_ID ==
                transport.recordingWatch().findRecordedStream(CHANNEL, STREAM));
        }
    }

    @Test
    void aDiskThatFillsWhileRecordingStopsTheRecordingKeepsWhatWasRecordedAndRecordsAgainWhenSpaceReturns()
        throws Exception
    {
        try (AeronTransport transport = transportOnSmallDisk("64m");
            ArchiveHost archive = archiveOnSmallDisk(16 * MIB);
            StreamArchive streams = StreamArchive.connect(transport, archive.config());
            TransportPublication publication = transport.addPublication(CHANNEL, STREAM))
        {
            final RecordingWatch watch = transport.recordingWatch();
            streams.record(CHANNEL, STREAM);
            final int mark = watch.findRecordedStream(CHANNEL, STREAM);
            Await.until("the publication to reach the recording", publication::isConnected);
            final long before = offer(publication);
            awaitRecorded(watch, publication, before);
            assertFalse(watch.isRecordingStopped(mark));

            final Path filler = disk.fill(8 * MIB);
            Await.until("the recording to stop for want of space", () ->
            {
                streams.checkSpace(System.nanoTime());
                return watch.isRecordingStopped(mark);
            });
            assertTrue(watch.isRecordedStream(mark, CHANNEL, STREAM), "the stream stays marked as recorded");
            Await.until("the archive to stop the recording", () -> streams.recordings(CHANNEL, STREAM, -1).stream()
                .noneMatch(StreamArchive.Recording::isActive));
            assertTrue(streams.recordings(CHANNEL, STREAM, -1).get(0).stopPosition() >= before,
                "what was recorded before is kept");
            final TransportException refused = assertThrows(TransportException.class,
                () -> streams.record(CHANNEL, STREAM + 1));
            assertTrue(refused.getMessage().contains("too little free space") &&
                refused.getMessage().contains("archiveMinFree"), refused.getMessage());

            Files.delete(filler);
            Await.until("the recording to resume once space returns", () ->
            {
                streams.checkSpace(System.nanoTime());
                return !watch.isRecordingStopped(mark);
            });
            final long after = offer(publication);
            awaitRecorded(watch, publication, after);
            assertEquals(2, streams.recordings(CHANNEL, STREAM, -1).size(), "one recording before, one after");
        }
    }

    /** Mounts the small disk and connects to a new media driver (whose directory is not on that disk). */
    private AeronTransport transportOnSmallDisk(final String size) throws Exception
    {
        disk = SmallDisk.mount(temp.resolve("small"), size);
        aeronDir = DriverDirectories.unique("fulldisk");
        return AeronTransport.connect(new AeronTransportContext().directory(aeronDir).termLength(64 * 1024).conclude());
    }

    private ArchiveHost archiveOnSmallDisk(final long minFree)
    {
        return ArchiveHost.launch(aeronDir, ArchiveConfig.builder().directory(disk.directory().resolve("a"))
            .segmentLength(1024 * 1024).retention(Duration.ZERO).minFree(minFree).build(), IdleStrategyKind.BACKOFF);
    }

    private static long offer(final TransportPublication publication)
    {
        final UnsafeBuffer message = new UnsafeBuffer(new byte[64]);
        return Await.value("a message to be published", Duration.ofSeconds(10), () ->
        {
            final long position = publication.offer(message, 0, message.capacity());
            return position > 0 ? position : null;
        });
    }

    private static void awaitRecorded(final RecordingWatch watch, final TransportPublication publication,
        final long position)
    {
        Await.until("the archive to record the message", () -> watch.recordedPosition(
            watch.findRecordingCounter(publication.sessionId()), publication.sessionId()) >= position);
    }
}
