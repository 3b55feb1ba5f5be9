package io.wirespeed.transport.aeron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.wirespeed.test.Await;
import io.wirespeed.test.DriverDirectories;
import io.wirespeed.transport.ArchiveConfig;
import io.wirespeed.transport.IdleStrategyKind;
import io.wirespeed.transport.TransportPublication;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Asynchronous archive requests against a real archive: a listing, a stop position and a replay are sent, a
 * synchronous call on {@link StreamArchive}'s own client is made while each waits, and the answer still arrives
 * through {@link ArchiveRequests#poll}.
 */
class ArchiveRequestsTest
{
    private static final String CHANNEL = "aeron:ipc?term-length=64k";
    private static final int STREAM = 0x1234_5679;

    @TempDir
    Path archiveDir;

    private String aeronDir;
    private AeronTransport transport;
    private ArchiveHost archive;

    @BeforeEach
    void start()
    {
        aeronDir = DriverDirectories.unique("archive-requests");
        transport = AeronTransport.connect(new AeronTransportContext().directory(aeronDir).termLength(64 * 1024)
            .conclude());
        archive = ArchiveHost.launch(aeronDir, ArchiveConfig.builder().directory(archiveDir)
            .segmentLength(64 * 1024).retention(Duration.ZERO).build(), IdleStrategyKind.BACKOFF);
    }

    @AfterEach
    void stop()
    {
        archive.close();
        transport.close();
        DriverDirectories.delete(aeronDir);
    }

    @Test
    void answersArriveThroughThePollerDespiteSynchronousCallsInBetween()
    {
        try (StreamArchive streams = StreamArchive.connect(transport, archive.config()))
        {
            final ArchiveRequests requests = streams.requests();
            assertNotEquals(0, requests.controlSessionId());
            streams.record(CHANNEL, STREAM);
            final List<Long> ends = new ArrayList<>();
            final int sessionId;
            try (TransportPublication publication = transport.addPublication(CHANNEL, STREAM))
            {
                sessionId = publication.sessionId();
                for (int i = 0; i < 20; i++)
                {
                    ends.add(offer(publication, i));
                }
                Await.until("the recording to reach the offers", Duration.ofSeconds(10), () ->
                {
                    final List<StreamArchive.Recording> found = streams.recordings(CHANNEL, STREAM, -1);
                    return found.size() == 1 && streams.position(found.get(0).recordingId()) >= ends.get(19);
                });
            }

            final ArchiveRequest listing = requests.listRecordingsForUri(CHANNEL, STREAM, -1);
            assertTrue(listing.isPending(), listing.toString());
            // the synchronous client reads its own response stream: the listing's answer stays for the poller
            final List<StreamArchive.Recording> synchronous = streams.recordings(CHANNEL, STREAM, -1);
            awaitAnswer(requests, listing);
            assertEquals(1, listing.recordings().size());
            assertEquals(synchronous.get(0).recordingId(), listing.recordings().get(0).recordingId());
            assertEquals(sessionId, listing.recordings().get(0).sessionId());
            final long recordingId = listing.recordings().get(0).recordingId();

            Await.until("the recording to stop with its publisher", Duration.ofSeconds(10),
                () -> !streams.recording(recordingId).isActive());
            final ArchiveRequest stop = requests.stopPosition(recordingId);
            final long stoppedAt = streams.position(recordingId);
            awaitAnswer(requests, stop);
            assertEquals(stoppedAt, stop.stopPosition());
            assertEquals(ends.get(19), stop.stopPosition());

            final ArchiveRequest one = requests.listRecording(recordingId);
            final ArchiveRequest unknown = requests.listRecording(recordingId + 1000);
            assertNotNull(streams.recording(recordingId));
            awaitAnswer(requests, one);
            awaitAnswer(requests, unknown);
            assertEquals(ends.get(19), one.recording().stopPosition());
            assertFalse(one.recording().isActive());
            assertNull(unknown.recording());

            final ArchiveRequest replayRequest = requests.replay(recordingId, ends.get(9));
            assertEquals(1, streams.recordings(CHANNEL, STREAM, -1).size());
            awaitAnswer(requests, replayRequest);
            final List<String> seen = new ArrayList<>();
            final List<Long> positions = new ArrayList<>();
            try (RecordedStream replay = replayRequest.takeReplay())
            {
                assertNotNull(replay);
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

            // cancelled before its answer: the replay the archive starts is stopped, its subscription closed
            final ArchiveRequest cancelled = requests.replay(recordingId, ends.get(9));
            cancelled.cancel();
            assertFalse(cancelled.isPending());
            Await.until("the cancelled replay's answer to be taken", Duration.ofSeconds(10), () ->
            {
                requests.poll();
                return requests.outstanding() == 0;
            });
            assertNull(cancelled.takeReplay());

            final ArchiveRequest refused = requests.replay(recordingId + 1000, 0);
            awaitAnswerOrFailure(requests, refused);
            assertTrue(refused.isFailed(), refused.toString());
            assertNotNull(refused.error());
            assertEquals(0, requests.outstanding());
        }
    }

    @Test
    void aRequestUnansweredWithinTheTimeoutIsForgotten()
    {
        try (StreamArchive streams = StreamArchive.connect(transport, archive.config()))
        {
            final ArchiveRequests requests = streams.requests();
            requests.timeoutNs(TimeUnit.MILLISECONDS.toNanos(200));
            // the answers can no longer reach this client: nothing answers in time
            requests.client().controlResponsePoller().subscription().close();
            final long startNs = System.nanoTime();
            final ArchiveRequest listing = requests.listRecordingsForUri(CHANNEL, STREAM, -1);
            final ArchiveRequest replay = requests.replay(0, 0);
            final ArchiveRequest queued = requests.listRecording(0);
            assertEquals(3, requests.outstanding());
            Await.until("the requests to time out", Duration.ofSeconds(10), () ->
            {
                requests.poll();
                return !listing.isPending() && !replay.isPending();
            });
            assertTrue(listing.isTimedOut(), listing + ": " + listing.error());
            assertTrue(System.nanoTime() - startNs >= TimeUnit.MILLISECONDS.toNanos(200));
            assertTrue(listing.error().contains("no answer"), listing.error());
            assertTrue(replay.isTimedOut(), replay.toString());
            assertNull(replay.takeReplay());
            // the listing waiting its turn is sent once the one before timed out, and times out in turn
            Await.until("the queued listing to time out", Duration.ofSeconds(10), () ->
            {
                requests.poll();
                return queued.isTimedOut();
            });
            Await.until("every request forgotten", Duration.ofSeconds(10), () ->
            {
                requests.poll();
                return requests.outstanding() == 0;
            });
            // a synchronous call goes on working on the other client
            assertTrue(streams.recordings(CHANNEL, STREAM, -1).isEmpty());
        }
    }

    private static void awaitAnswer(final ArchiveRequests requests, final ArchiveRequest request)
    {
        awaitAnswerOrFailure(requests, request);
        assertTrue(request.isAnswered(), request + ": " + request.error());
    }

    private static void awaitAnswerOrFailure(final ArchiveRequests requests, final ArchiveRequest request)
    {
        Await.until("the answer to " + request, Duration.ofSeconds(10), () ->
        {
            requests.poll();
            return !request.isPending();
        });
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
