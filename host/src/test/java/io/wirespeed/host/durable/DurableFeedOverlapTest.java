package io.wirespeed.host.durable;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.agrona.CloseHelper;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.test.Await;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;
import io.wirespeed.transport.aeron.AeronTransport;
import io.wirespeed.transport.aeron.StreamArchive;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A stream whose recording stopped (the archive's disk was full) and started again is recorded in two recordings of
 * the same publisher session, and the second may begin before the first ended: an IPC image joins at the slowest
 * subscriber's position, so a live subscriber that lags puts messages the first recording holds into the second as
 * well. A durable feed delivers each message once all the same. Real media driver and archive.
 */
class DurableFeedOverlapTest
{
    private static final String CHANNEL = "aeron:ipc";
    private static final int STREAM = 4712;

    @TempDir
    Path archiveDir;

    private ArchiveOnADriver rig;
    private AeronTransport transport;
    private StreamArchive archive;
    private DurableFeed feed;

    @BeforeEach
    void start()
    {
        rig = new ArchiveOnADriver(archiveDir, "durable-overlap-test");
        transport = rig.transport;
        archive = rig.archive;
    }

    @AfterEach
    void stop()
    {
        CloseHelper.quietCloseAll(feed, rig);
    }

    @Test
    void aMessageInTwoRecordingsOfOneSessionIsDeliveredOnce()
    {
        final TransportPublication publication = transport.addPublication(CHANNEL, STREAM);
        // a live subscriber that reads nothing: the recording started again joins the stream where it is
        final TransportSubscription lagging = transport.addSubscription(CHANNEL, STREAM);
        feed = DurableFeed.create(archive, new SubscriptionStore(archiveDir, false),
            new DurableState("overlap/sub", "overlap", "", false, false, CHANNEL, STREAM));
        Await.until("the publication to connect", publication::isConnected);
        long firstEnd = 0;
        for (int i = 0; i < 5; i++)
        {
            firstEnd = send(publication, i);
        }
        final long first = archive.recordings(CHANNEL, STREAM, -1).get(0).recordingId();
        final long end = firstEnd;
        Await.until("the first recording to reach " + end, () -> archive.position(first) >= end);

        archive.stopRecording(CHANNEL, STREAM);
        archive.record(CHANNEL, STREAM);
        Await.until("the second recording", () -> archive.recordings(CHANNEL, STREAM, -1).size() == 2);
        final List<StreamArchive.Recording> recordings = archive.recordings(CHANNEL, STREAM, -1);
        assertEquals(recordings.get(0).sessionId(), recordings.get(1).sessionId(), "one publisher session");
        send(publication, 5);

        final List<Integer> received = new ArrayList<>();
        Await.until("message 5 through the feed", () ->
        {
            feed.poll((buffer, offset, length, recordingId, start, possiblyDelivered) ->
            {
                received.add(buffer.getInt(offset));
                return false;
            }, 10, System.currentTimeMillis());
            return received.contains(5);
        });
        assertEquals(List.of(0, 1, 2, 3, 4, 5), received, "the second recording began at " +
            recordings.get(1).startPosition() + ", before the first's end " + firstEnd);
        lagging.close();
    }

    /** @return the stream's position after the message. */
    private static long send(final TransportPublication publication, final int value)
    {
        final UnsafeBuffer message = new UnsafeBuffer(new byte[64]);
        message.putInt(0, value);
        final long[] position = new long[1];
        Await.until("message " + value + " to be taken", () ->
        {
            position[0] = publication.offer(message, 0, 64);
            return position[0] > 0;
        });
        return position[0];
    }
}
