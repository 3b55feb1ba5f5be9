package io.wirespeed.jms.selector;

import java.lang.management.ManagementFactory;

import io.wirespeed.codec.EnvelopeReader;
import io.wirespeed.codec.EnvelopeWriter;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.wirespeed.selector.EnvelopeSelectorSource;
import io.wirespeed.selector.Selector;
import io.wirespeed.selector.SelectorException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Evaluating a compiled selector in place on an envelope allocates nothing once warm. Measured with the JVM's
 * per-thread allocation counter; a round is repeated until one measures zero, as JIT compilation may allocate
 * while the code warms up.
 */
class SelectorAllocationTest
{
    private static final int EVALUATIONS_PER_ROUND = 10_000;
    private static final int MAX_ROUNDS = 30;

    private final com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "qty > 50 AND price BETWEEN 10 AND 11 AND ratio * 2 = 5 AND big / 0 IS NULL AND NOT halted",
        "symbol = 'IBM' AND symbol <> venue AND unicode LIKE 'Gr_ße%😀' AND venue IN ('XLON', 'XNYS')",
        "note LIKE '%100!%%' ESCAPE '!' AND symbol NOT IN ('MSFT') AND missing IS NULL AND empty = ''",
        "JMSDeliveryMode = 'PERSISTENT' AND JMSPriority > 4 AND JMSType = 'car' AND JMSTimestamp > 0",
        "JMSCorrelationID LIKE 'corr-%' AND JMSMessageID LIKE 'ID:%:12345' AND JMSXDeliveryCount = 2",
        "missing = 1 OR numText > 1 OR f11 = 1.1F AND odd = 16777216.0F",
    })
    void evaluatingOnAnEnvelopeAllocatesNothingOnceWarm(final String selectorText) throws SelectorException
    {
        assertTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled(),
            "this JVM must count allocated bytes per thread");
        final Selector selector = Selector.compile(selectorText);
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[4096]);
        final int length = TestMessage.standard().encode(new EnvelopeWriter(), buffer);
        final EnvelopeReader reader = new EnvelopeReader();
        final EnvelopeSelectorSource source = new EnvelopeSelectorSource();
        final boolean expected = selector.matches(source.wrap(reader.wrap(buffer, 0, length)));

        long allocated = -1;
        int matched = 0;
        for (int round = 0; round < MAX_ROUNDS && 0 != allocated; round++)
        {
            matched = 0;
            final long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < EVALUATIONS_PER_ROUND; i++)
            {
                if (selector.matches(source.wrap(reader)))
                {
                    matched++;
                }
            }
            allocated = threads.getCurrentThreadAllocatedBytes() - before;
        }

        assertEquals(0, allocated, "bytes allocated by " + EVALUATIONS_PER_ROUND + " evaluations");
        assertEquals(expected ? EVALUATIONS_PER_ROUND : 0, matched);
    }

    @Test
    void theSelectorsMeasuredAboveAreTheOnesTheStandardMessageMatches() throws SelectorException
    {
        final EnvelopeSelectorSource source = new EnvelopeSelectorSource().wrap(TestMessage.standard().encode());

        assertTrue(Selector.compile("JMSCorrelationID LIKE 'corr-%' AND JMSMessageID LIKE 'ID:%:12345'")
            .matches(source));
        assertTrue(Selector.compile("missing = 1 OR numText > 1 OR f11 = 1.1F AND odd = 16777216.0F")
            .matches(source));
    }
}
