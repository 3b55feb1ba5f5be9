package io.wirespeed.transport.aeron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.aeron.Aeron;
import io.aeron.Counter;
import io.aeron.Subscription;
import io.wirespeed.test.Await;
import io.wirespeed.test.DriverDirectories;
import io.wirespeed.transport.ArchiveConfig;
import io.wirespeed.transport.DriverStatus;
import io.wirespeed.transport.IdleStrategyKind;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.CountersReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Lag read from a real driver's position counters: a subscription of this transport that does not read lags by
 * what was published and catches up when it reads; another client's idle subscription of the same stream is not
 * this transport's lag; an archive recording the stream shows its position and no lag once it caught up.
 */
class StreamPositionSampleTest
{
    private static final String CHANNEL = "aeron:ipc?term-length=64k";
    private static final int STREAM = 0x0ABC_0001;
    private static final int MESSAGES = 50;
    private static final Duration DEADLINE = Duration.ofSeconds(10);

    @TempDir
    Path archiveDir;

    private String aeronDir;
    private AeronTransport transport;
    private DriverStatus status;

    @BeforeEach
    void start()
    {
        aeronDir = DriverDirectories.unique("positions");
        transport = AeronTransport.connect(new AeronTransportContext().directory(aeronDir).termLength(64 * 1024)
            .conclude());
        status = transport.capability(DriverStatus.class).orElseThrow();
    }

    @AfterEach
    void stop()
    {
        transport.close();
        DriverDirectories.delete(aeronDir);
    }

    @Test
    void aSubscriptionThatDoesNotReadLagsByWhatWasPublishedUntilItReads()
    {
        try (TransportSubscription subscription = transport.addSubscription(CHANNEL, STREAM);
            TransportPublication publication = transport.addPublication(CHANNEL, STREAM))
        {
            Await.until("the publication to see its subscriber", DEADLINE, publication::isConnected);
            final long published = publishAll(publication);
            final String stream = CHANNEL + " " + STREAM;
            Await.until("the lag to show what was published", DEADLINE,
                () -> status.subscriberLags().getOrDefault(stream, -1L) == published);

            final int[] read = {0};
            Await.until("every message read", DEADLINE, () ->
            {
                read[0] += subscription.poll((buffer, offset, length) -> { }, 100);
                return read[0] == MESSAGES;
            });
            Await.until("the lag to fall to nothing", DEADLINE,
                () -> status.subscriberLags().getOrDefault(stream, -1L) == 0L);
        }
    }

    @Test
    void anotherClientsIdleSubscriptionIsNotThisTransportsLag()
    {
        try (Aeron other = Aeron.connect(new Aeron.Context().aeronDirectoryName(aeronDir));
            Subscription ignored = other.addSubscription(CHANNEL, STREAM);
            TransportPublication publication = transport.addPublication(CHANNEL, STREAM))
        {
            Await.until("the publication to see the other client", DEADLINE, publication::isConnected);
            final long published = publishAll(publication);
            Await.until("the other client's lag to show in the sample", DEADLINE,
                () -> StreamPositionSample.read(other.countersReader()).subscriberLags(other.clientId())
                    .getOrDefault(CHANNEL + " " + STREAM, -1L) == published);

            assertEquals(Map.of(), status.subscriberLags());
            assertEquals(0, status.archiveLag());
        }
    }

    @Test
    void aRecordingShowsItsPositionAndNoLagOnceItCaughtUp()
    {
        try (ArchiveHost archive = ArchiveHost.launch(aeronDir, ArchiveConfig.builder().directory(archiveDir)
            .segmentLength(64 * 1024).build(), IdleStrategyKind.BACKOFF);
            StreamArchive streams = StreamArchive.connect(transport, archive.config()))
        {
            streams.record(CHANNEL, STREAM);
            try (TransportPublication publication = transport.addPublication(CHANNEL, STREAM))
            {
                Await.until("the recording to join", DEADLINE, publication::isConnected);
                final long published = publishAll(publication);
                Await.until("the recording to reach what was published", DEADLINE, () ->
                {
                    final List<StreamPositionSample.Recording> recordings =
                        StreamPositionSample.read(counters()).recordings();
                    return recordings.size() == 1 && recordings.get(0).position() == published &&
                        recordings.get(0).sessionId() == publication.sessionId();
                });
                assertEquals(0, status.archiveLag());
                final StreamPositionSample sample = StreamPositionSample.read(counters());
                assertEquals(0, sample.recordings().get(0).lag());
                assertFalse(sample.streams().isEmpty());
                assertEquals(List.of(new StreamPositionSample.RecordedStream(CHANNEL, STREAM, false)),
                    sample.recordedStreams());
            }
            streams.stopRecording(CHANNEL, STREAM);
        }
    }

    @Test
    void aRecordedStreamWhoseRecordingStoppedForWantOfDiskSpaceShowsAsStopped()
    {
        final byte[] key = RecordingWatch.recordedStreamKey(CHANNEL, STREAM);
        try (Counter mark = transport.aeron().addCounter(RecordingWatch.RECORDED_STREAM_TYPE_ID,
            new UnsafeBuffer(key), 0, key.length, new UnsafeBuffer(new byte[0]), 0, 0))
        {
            mark.setRelease(RecordingWatch.RECORDING_STOPPED);

            Await.until("the stopped recording in a sample", DEADLINE, () -> StreamPositionSample.read(counters())
                .recordedStreams().contains(new StreamPositionSample.RecordedStream(CHANNEL, STREAM, true)));
        }
    }

    private CountersReader counters()
    {
        return transport.aeron().countersReader();
    }

    private static long publishAll(final TransportPublication publication)
    {
        final UnsafeBuffer payload = new UnsafeBuffer(new byte[100]);
        long position = 0;
        for (int i = 0; i < MESSAGES; i++)
        {
            payload.putInt(0, i);
            long result;
            while ((result = publication.offer(payload, 0, payload.capacity())) < 0)
            {
                Thread.onSpinWait();
            }
            position = result;
        }
        return position;
    }
}
