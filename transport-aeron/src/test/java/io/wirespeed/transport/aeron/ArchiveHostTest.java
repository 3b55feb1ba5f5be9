package io.wirespeed.transport.aeron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import io.wirespeed.test.Await;
import io.wirespeed.test.DriverDirectories;
import io.wirespeed.test.SlowTest;
import io.wirespeed.transport.ArchiveConfig;
import io.wirespeed.transport.IdleStrategyKind;
import io.wirespeed.transport.TransportException;
import io.wirespeed.transport.TransportPublication;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.CountersReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The archive beside an embedded driver: recording a stream marks it for publishers, the recording
 * position reaches what a publication offered, a replay from a position gives the messages after it
 * with their positions, the archive keeps recordings across a restart, and retention purges.
 */
class ArchiveHostTest
{
    private static final String CHANNEL = "aeron:ipc?term-length=64k";
    private static final int STREAM = 0x1234_5678;

    @TempDir
    Path archiveDir;

    private String aeronDir;
    private AeronTransport transport;
    private ArchiveHost archive;

    @BeforeEach
    void start()
    {
        aeronDir = DriverDirectories.unique("archive");
        transport = AeronTransport.connect(new AeronTransportContext().directory(aeronDir).termLength(64 * 1024)
            .conclude());
        archive = ArchiveHost.launch(aeronDir, config(0), IdleStrategyKind.BACKOFF);
    }

    private ArchiveConfig config(final long retentionSize)
    {
        return ArchiveConfig.builder().directory(archiveDir).segmentLength(64 * 1024).retentionSize(retentionSize)
            .retention(Duration.ZERO).build();
    }

    @AfterEach
    void stop()
    {
        archive.close();
        transport.close();
        DriverDirectories.delete(aeronDir);
    }

    @Test
    void theLogSaysWhichDirectoryAndHowToFixTheDefaultOne()
    {
        final String chosen = ArchiveHost.describe(archiveDir);
        assertEquals("archive directory " + archiveDir.toAbsolutePath().normalize(), chosen);
        final String byDefault = ArchiveHost.describe(ArchiveConfig.defaultDirectory());
        assertTrue(byDefault.contains(ArchiveConfig.defaultDirectory().toString()) && byDefault.contains("default") &&
            byDefault.contains("archiveDir") && byDefault.contains(ArchiveConfig.DIR_PROP), byDefault);
    }

    @Test
    void recordsMarksAndReplaysFromAPosition()
    {
        final RecordingWatch watch = transport.recordingWatch();
        assertEquals(CountersReader.NULL_COUNTER_ID, watch.findRecordedStream(CHANNEL, STREAM));
        final List<Long> ends = new ArrayList<>();
        try (StreamArchive streams = StreamArchive.connect(transport, archive.config()))
        {
            streams.record(CHANNEL, STREAM);
            final int mark = watch.findRecordedStream(CHANNEL, STREAM);
            assertNotEquals(CountersReader.NULL_COUNTER_ID, mark);
            assertTrue(watch.isRecordedStream(mark, CHANNEL, STREAM));

            try (TransportPublication publication = transport.addPublication(CHANNEL, STREAM))
            {
                long last = 0;
                for (int i = 0; i < 20; i++)
                {
                    last = offer(publication, i);
                    ends.add(last);
                }
                final long offered = last;
                Await.until("the recording to reach the offer", Duration.ofSeconds(10),
                    () -> watch.recordedPosition(watch.findRecordingCounter(publication.sessionId()),
                        publication.sessionId()) >= offered);
            }
            final List<StreamArchive.Recording> recordings = streams.recordings(CHANNEL, STREAM, -1);
            assertEquals(1, recordings.size());
            final long recordingId = recordings.get(0).recordingId();

            final List<String> seen = new ArrayList<>();
            final List<Long> positions = new ArrayList<>();
            try (RecordedStream replay = streams.replay(recordingId, ends.get(9)))
            {
                Await.until("ten replayed messages", Duration.ofSeconds(10), () ->
                {
                    replay.poll((buffer, offset, length, end) ->
                    {
                        seen.add(buffer.getStringWithoutLengthAscii(offset, length));
                        positions.add(end);
                    }, 10);
                    return seen.size() == 10;
                });
            }
            assertEquals("message-10", seen.get(0));
            assertEquals("message-19", seen.get(9));
            assertEquals(ends.subList(10, 20), positions);
            streams.stopRecording(CHANNEL, STREAM);
            // the driver frees the mark's counter asynchronously, after the client closed it
            Await.until("the recorded-stream mark to go", Duration.ofSeconds(10),
                () -> watch.findRecordedStream(CHANNEL, STREAM) == CountersReader.NULL_COUNTER_ID);
        }
    }

    @Test
    void keepsRecordingAStreamAfterItsFirstPublisherLeaves()
    {
        final RecordingWatch watch = transport.recordingWatch();
        try (StreamArchive streams = StreamArchive.connect(transport, archive.config()))
        {
            streams.record(CHANNEL, STREAM);
            for (int publisher = 0; publisher < 3; publisher++)
            {
                try (TransportPublication publication = transport.addPublication(CHANNEL, STREAM))
                {
                    Await.until("publisher " + publisher + " to reach the recording", Duration.ofSeconds(10),
                        publication::isConnected);
                    final long offered = offer(publication, publisher);
                    Await.until("the archive to record publisher " + publisher, Duration.ofSeconds(10),
                        () -> watch.recordedPosition(watch.findRecordingCounter(publication.sessionId()),
                            publication.sessionId()) >= offered);
                }
            }
            Await.until("one recording per publisher", Duration.ofSeconds(10),
                () -> streams.recordings(CHANNEL, STREAM, -1).size() == 3);
        }
    }

    @Test
    void retentionBySizePurgesWholeOldSegments()
    {
        try (StreamArchive streams = StreamArchive.connect(transport, archive.config()))
        {
            streams.record(CHANNEL, STREAM);
            final RecordingWatch watch = transport.recordingWatch();
            final UnsafeBuffer payload = new UnsafeBuffer(new byte[1000]);
            try (TransportPublication publication = transport.addPublication(CHANNEL, STREAM))
            {
                long last = 0;
                for (int i = 0; i < 400; i++)
                {
                    long result;
                    while ((result = publication.offer(payload, 0, payload.capacity())) < 0)
                    {
                        Thread.onSpinWait();
                    }
                    last = result;
                }
                final long offered = last;
                Await.until("the recording to reach the offer", Duration.ofSeconds(10),
                    () -> watch.recordedPosition(watch.findRecordingCounter(publication.sessionId()),
                        publication.sessionId()) >= offered);
            }
            archive.close();
            archive = ArchiveHost.launch(aeronDir, config(128 * 1024), IdleStrategyKind.BACKOFF);
            final int purged = archive.applyRetention();
            assertTrue(purged >= 4, "purged " + purged + " segments of about 6");
        }
        try (StreamArchive streams = StreamArchive.connect(transport, archive.config()))
        {
            final List<StreamArchive.Recording> recordings = streams.recordings(CHANNEL, STREAM, -1);
            assertEquals(1, recordings.size());
            assertTrue(
                recordings.get(0).startPosition() >= 4 * 64 * 1024, "start " + recordings.get(0).startPosition());
        }
    }

    @SlowTest
    @Test
    void aSecondArchiveOnTheSameDirectoryIsRefusedWithTheSettingToChange()
    {
        final String otherDriver = DriverDirectories.unique("archive-other");
        try (AeronTransport other =
            AeronTransport.connect(new AeronTransportContext().directory(otherDriver).conclude()))
        {
            final TransportException refused = assertThrows(TransportException.class,
                () -> ArchiveHost.launch(otherDriver, config(0), IdleStrategyKind.BACKOFF));
            assertTrue(refused.getMessage().contains(ArchiveConfig.DIR_PROP), refused.getMessage());
        }
        finally
        {
            DriverDirectories.delete(otherDriver);
        }
    }

    @Test
    void parsesRetentionAndSizes()
    {
        assertEquals(Duration.ofHours(24), ArchiveConfig.parseDuration("k", "24h"));
        assertEquals(Duration.ofDays(7), ArchiveConfig.parseDuration("k", "7d"));
        assertEquals(Duration.ofMillis(1500), ArchiveConfig.parseDuration("k", "1500"));
        assertEquals(2L * 1024 * 1024 * 1024, ArchiveConfig.parseSize("k", "2g"));
        assertThrows(TransportException.class, () -> ArchiveConfig.parseDuration("k", "soon"));
        assertThrows(TransportException.class, () -> ArchiveConfig.builder().segmentLength(1000));
        final Properties properties = new Properties();
        properties.setProperty(ArchiveConfig.MIN_FREE_PROP, "512m");
        assertEquals(512L * 1024 * 1024, ArchiveConfig.builder().properties(properties).build().minFree());
        assertEquals(ArchiveConfig.DEFAULT_MIN_FREE, ArchiveConfig.builder().build().minFree());
        assertThrows(TransportException.class, () -> ArchiveConfig.builder().minFree(1024));
    }

    private static long offer(final TransportPublication publication, final int i)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[64]);
        final int length = buffer.putStringWithoutLengthAscii(0, "message-" + i);
        while (true)
        {
            final long result = publication.offer(buffer, 0, length);
            if (result > 0)
            {
                return result;
            }
            Thread.onSpinWait();
        }
    }
}
