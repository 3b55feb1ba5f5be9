package io.wirespeed.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * A pre-encoded text matches exactly the bytes {@link Utf8} writes for it, whatever their position in a buffer,
 * and agrees with {@link Utf8#equals} on every pair of strings, including multi-byte characters and unpaired
 * surrogates.
 */
class Utf8StringTest
{
    private static final String ALPHABET = "ab.>*\u00e9\u20ac\ud83d\ude00\ud800z0123456789";

    @Test
    void matchesTheBytesUtf8WritesAtAnyOffsetAndNothingElse()
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[256]);
        for (final String text : new String[]{"", "a", "prices.equities.XNAS.AAPL", "\u20ac\u00e9.\ud83d\ude00.x",
            "exactly8", "sixteen.bytes.ab"})
        {
            for (int offset = 0; offset < 9; offset++)
            {
                final int length = Utf8.encode(text, buffer, offset);
                final Utf8String encoded = new Utf8String(text);
                assertEquals(length, encoded.length());
                assertTrue(encoded.matches(buffer, offset, length), text + " at " + offset);
                assertFalse(encoded.matches(buffer, offset, length + 1), text + " with one byte more");
                if (length > 0)
                {
                    buffer.putByte(offset + length - 1, (byte)(buffer.getByte(offset + length - 1) ^ 1));
                    assertFalse(encoded.matches(buffer, offset, length), text + " with its last byte changed");
                }
            }
        }
    }

    @Test
    void aCopyOfBytesMatchesExactlyThoseBytesEvenIllFormedOnes()
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[64]);
        final int length = Utf8.encode("prices.\u20ac.quite.long", buffer, 3);
        final Utf8String copy = Utf8String.copyOf(new BytesView().wrap(buffer, 3, length));
        assertEquals("prices.\u20ac.quite.long", copy.text());
        assertEquals(length, copy.length());
        assertTrue(copy.matches(buffer, 3, length));

        final byte[] illFormed = { 'a', (byte)0xC0, (byte)0x80, 'b' };
        buffer.putBytes(0, illFormed);
        final Utf8String illFormedCopy = Utf8String.copyOf(new BytesView().wrap(buffer, 0, illFormed.length));
        assertEquals(illFormed.length, illFormedCopy.length());
        assertTrue(illFormedCopy.matches(buffer, 0, illFormed.length), "the bytes as they were");
        final int encoded = Utf8.encode(illFormedCopy.text(), buffer, 8);
        assertFalse(illFormedCopy.matches(buffer, 8, encoded), "not the encoding of the text they decode to");
    }

    @Test
    void agreesWithUtf8EqualsOnRandomStrings()
    {
        final long seed = Long.getLong("wirespeed.fuzz.seed", 20_261_124L);
        final SplittableRandom random = new SplittableRandom(seed);
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[512]);
        for (int i = 0; i < 20_000; i++)
        {
            final String written = randomText(random);
            final String compared = random.nextInt(3) == 0 ? written : randomText(random);
            final int offset = random.nextInt(16);
            final int length = Utf8.encode(written, buffer, offset);
            assertEquals(Utf8.equals(buffer, offset, length, compared),
                new Utf8String(compared).matches(buffer, offset, length),
                () -> "seed " + seed + ": '" + written + "' against '" + compared + "'");
        }
    }

    private static String randomText(final SplittableRandom random)
    {
        final StringBuilder text = new StringBuilder();
        final int length = random.nextInt(24);
        for (int i = 0; i < length; i++)
        {
            text.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return text.toString();
    }
}
