package io.wirespeed.bench.rig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

class SequenceCheckTest
{
    @Test
    void countsMessagesInTurnAndOutOfTurnAndKeepsProbesApart()
    {
        final SequenceCheck check = SequenceCheck.inMemory();

        check.onMessage(-1);
        check.onMessage(0);
        check.onMessage(1);
        check.onMessage(3);
        check.onMessage(4);

        assertEquals(4, check.received());
        assertEquals(1, check.outOfOrder());
        assertEquals(1, check.probes());
        assertEquals(Thread.currentThread().getId(), check.threadId());
        assertTrue(check.lastNanos() > 0, "the time of message 0");
    }

    @Test
    void whatTheReceiverCountsInAMappedFileTheSenderReadsFromItsOwnMapping() throws Exception
    {
        final Path file = SequenceCheck.newFile();
        try
        {
            final SequenceCheck receiver = SequenceCheck.mapped(file);
            final SequenceCheck sender = SequenceCheck.mapped(file);

            receiver.onMessage(-1);
            for (long sequence = 0; sequence < 1000; sequence++)
            {
                receiver.onMessage(sequence);
            }

            assertEquals(1000, sender.received());
            assertEquals(0, sender.outOfOrder());
            assertEquals(1, sender.probes());
            assertEquals(-1, sender.threadId(), "the receiving thread is not the reader's to measure");
        }
        finally
        {
            Files.deleteIfExists(file);
        }
    }
}
