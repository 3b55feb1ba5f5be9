package io.wirespeed.host.durable;

import java.nio.file.Path;
import java.util.List;

import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.CountersReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.test.Await;
import io.wirespeed.transport.ArchiveConfig;
import io.wirespeed.transport.CounterRegistry;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.aeron.AeronTransport;
import io.wirespeed.transport.aeron.StreamArchive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The queue host reads how far an active recording is written from its counter in the media driver, not by asking
 * the archive: it reads what the archive would answer, while the recording grows and once it has stopped; a stopped
 * recording's position is asked without waiting and remembered. Real media driver and archive.
 */
class RecordingPositionsTest
{
    private static final String CHANNEL = "aeron:ipc";
    private static final int STREAM = 4711;

    @TempDir
    Path archiveDir;

    private ArchiveOnADriver rig;
    private AeronTransport transport;
    private StreamArchive archive;
    private ArchiveConfig config;

    @BeforeEach
    void start()
    {
        rig = new ArchiveOnADriver(archiveDir, "recording-positions-test");
        transport = rig.transport;
        archive = rig.archive;
        config = rig.config;
    }

    @AfterEach
    void stop()
    {
        rig.close();
    }

    private CountersReader counters()
    {
        return transport.capability(CounterRegistry.class).orElseThrow().reader();
    }

    @Test
    void readsWhatTheArchiveAnswersWhileRecordingAndAfter()
    {
        archive.record(CHANNEL, STREAM);
        final TransportPublication publication = transport.addPublication(CHANNEL, STREAM);
        final UnsafeBuffer message = new UnsafeBuffer(new byte[100]);
        final RecordingPositions positions = new RecordingPositions(archive, counters());
        final long[] recordingId = {-1};
        Await.until("the stream's recording starts", () ->
        {
            final List<StreamArchive.Recording> recordings = archive.recordings(CHANNEL, STREAM, -1);
            if (!recordings.isEmpty())
            {
                recordingId[0] = recordings.get(0).recordingId();
            }
            return recordingId[0] >= 0;
        });
        final StreamArchive closedClient = StreamArchive.connect(transport, config);
        final RecordingPositions withoutArchive = new RecordingPositions(closedClient,
            counters());
        closedClient.close();
        final long[] end = {0};
        for (int round = 1; round <= 3; round++)
        {
            final int sent = round * 10;
            for (int i = 0; i < 10; i++)
            {
                final int length = 100 - i % 7;
                Await.until("a message is taken", () ->
                {
                    final long result = publication.offer(message, 0, length);
                    end[0] = Math.max(end[0], result);
                    return result > 0;
                });
            }
            Await.until("the recording has the round's messages", () ->
                positions.position(recordingId[0]) == end[0] && archive.position(recordingId[0]) == end[0]);
            assertTrue(end[0] > 0, "after " + sent + " messages");
            assertEquals(end[0], withoutArchive.position(recordingId[0]), "read with no request to the archive");
        }
        publication.close();
        archive.stopRecording(CHANNEL, STREAM);
        Await.until("the recording stops", () -> !archive.recording(recordingId[0]).isActive());
        assertEquals(end[0], archive.position(recordingId[0]));
        assertEquals(archive.position(recordingId[0]), positions.position(recordingId[0]), "a stopped recording");

        // for the duty cycle: a stopped recording's position is asked asynchronously, taken by a later call, kept
        final RecordingPositions withoutWaiting = new RecordingPositions(archive, counters());
        assertEquals(RecordingPositions.NONE, withoutWaiting.positionWithoutWaiting(recordingId[0]),
            "asked, not answered yet");
        Await.until("the stop position is answered", () ->
        {
            archive.requests().poll();
            return withoutWaiting.positionWithoutWaiting(recordingId[0]) == end[0];
        });
        assertEquals(0, archive.requests().outstanding());
        assertEquals(end[0], withoutWaiting.positionWithoutWaiting(recordingId[0]), "remembered");
        assertEquals(0, archive.requests().outstanding(), "not asked again");
    }
}
