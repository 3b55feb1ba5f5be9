package io.wirespeed.codec;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class Utf8Test
{
    private static final char[] ALPHABET = { 'a', 'Z', '0', '\u00e9', '\u07ff', '\u0800', '\u20ac', '\uFFFF',
        '\uD83D', '\uDE80', '\uDBFF', '\uDFFF', '\uD800', '\uDC00', '\u0000', '\u007f' };

    @Test
    void encodesExactlyAsStringGetBytesIncludingSurrogatePairsAndUnpairedSurrogates()
    {
        final Random random = new Random(11);
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[256]);
        for (int i = 0; i < 20_000; i++)
        {
            final String value = randomString(random);
            final byte[] expected = value.getBytes(UTF_8);

            assertEquals(expected.length, Utf8.encodedLength(value), value);
            assertEquals(expected.length, Utf8.encode(value, buffer, 3));
            final byte[] actual = new byte[expected.length];
            buffer.getBytes(3, actual);
            assertArrayEquals(expected, actual, value);
            assertTrue(Utf8.equals(buffer, 3, expected.length, value));
            assertTrue(Utf8.equals(buffer, 3, expected.length, new StringBuilder(value)));
        }
    }

    @Test
    void comparesUnequalWhenAnyByteOrTheLengthDiffers()
    {
        final UnsafeBuffer buffer = new UnsafeBuffer("\u00e9t\u00e9 \uD83D\uDE80".getBytes(UTF_8));
        final int length = buffer.capacity();
        assertTrue(Utf8.equals(buffer, 0, length, "\u00e9t\u00e9 \uD83D\uDE80"));
        assertFalse(Utf8.equals(buffer, 0, length, "\u00e9t\u00e9 \uD83D\uDE81"));
        assertFalse(Utf8.equals(buffer, 0, length, "\u00e9t\u00e9 "));
        assertFalse(Utf8.equals(buffer, 0, length - 1, "\u00e9t\u00e9 \uD83D\uDE80"));
        assertFalse(Utf8.equals(buffer, 0, length, "ete \uD83D\uDE80"));
        assertTrue(Utf8.equals(buffer, 0, 0, ""));
    }

    @Test
    void decodesAnyBytesExactlyAsNewStringDoes()
    {
        final Random random = new Random(13);
        final StringBuilder decoded = new StringBuilder();
        for (int i = 0; i < 50_000; i++)
        {
            final byte[] bytes = new byte[random.nextInt(12)];
            for (int j = 0; j < bytes.length; j++)
            {
                final int pick = random.nextInt(4);
                bytes[j] = (byte)(pick == 0 ? random.nextInt(0x80) : pick == 1 ? 0x80 + random.nextInt(0x40) :
                    pick == 2 ? 0xC0 + random.nextInt(0x40) : random.nextInt(256));
            }

            decoded.setLength(0);
            Utf8.decode(new UnsafeBuffer(bytes), 0, bytes.length, decoded);
            assertEquals(new String(bytes, UTF_8), decoded.toString(), java.util.Arrays.toString(bytes));
        }
    }

    private static String randomString(final Random random)
    {
        final char[] chars = new char[random.nextInt(20)];
        for (int i = 0; i < chars.length; i++)
        {
            chars[i] = random.nextInt(3) == 0 ?
                (char)random.nextInt(0x10000) : ALPHABET[random.nextInt(ALPHABET.length)];
        }
        return new String(chars);
    }
}
