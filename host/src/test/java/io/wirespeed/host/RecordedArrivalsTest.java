package io.wirespeed.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/**
 * Live queue messages wait for their recorded copies; those that waited when the archive stopped recording for
 * want of disk space, and still wait when it resumes, were never recorded and stop waiting (else they would be
 * waited for forever, and a closing host would wait for them).
 */
class RecordedArrivalsTest
{
    @Test
    void messagesWaitingWhenRecordingStoppedStopWaitingWhenItResumesAndLaterOnesWaitAsBefore()
    {
        final RecordedArrivals arrivals = new RecordedArrivals();
        final StoredMessage recordedLater = message(1);
        final StoredMessage neverRecorded = message(2);
        arrivals.awaitRecording(identity(1), recordedLater);
        arrivals.awaitRecording(identity(2), neverRecorded);

        arrivals.recordingStopped();
        assertSame(recordedLater, arrivals.onRecorded(identity(1)), "recorded before the stop: still matched");
        arrivals.recordingResumed();

        assertEquals(0, arrivals.awaiting());
        assertNull(arrivals.onRecorded(identity(2)));
        final StoredMessage afterResume = message(3);
        arrivals.awaitRecording(identity(3), afterResume);
        arrivals.recordingResumed();
        assertSame(afterResume, arrivals.onRecorded(identity(3)), "a later arrival waits for its copy as before");
    }

    private static RecordedArrivals.Identity identity(final long sequence)
    {
        return new RecordedArrivals.Identity(1, 2, 3, 4, sequence);
    }

    private static StoredMessage message(final long sequence)
    {
        return new StoredMessage(new byte[0], sequence, 4, 0, 0);
    }
}
