package io.wirespeed.jms.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class ConnectionIdTest
{
    @Test
    void textAndMessageIdPrefixAreWhatTheFormatterGives()
    {
        final long[] edges = {0L, 1L, 0xFL, 0x10L, 0xFFFFL, Long.MAX_VALUE, Long.MIN_VALUE, -1L};
        for (final long high : edges)
        {
            for (final long low : edges)
            {
                assertSame(high, low);
            }
        }
        final SplittableRandom random = new SplittableRandom(25);
        for (int i = 0; i < 10_000; i++)
        {
            assertSame(random.nextLong(), random.nextLong() >>> random.nextInt(64));
        }
    }

    @Test
    void successiveIdsDiffer()
    {
        final ConnectionId first = ConnectionId.next();
        final ConnectionId second = ConnectionId.next();
        assertEquals(first.high(), second.high());
        assertEquals(first.low() + 1, second.low());
        assertEquals(String.format("%016x-%x", second.high(), second.low()), second.toString());
    }

    private static void assertSame(final long high, final long low)
    {
        final String expected = String.format("%016x-%x", high, low);
        assertEquals("ID:" + expected + ":3:7:", ConnectionId.messageIdPrefix(high, low, 3, 7));
    }
}
