package io.wirespeed.codec;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * UTF-8 between {@link CharSequence}s and buffers without allocating. Encoding matches
 * {@code String.getBytes(UTF_8)}: an unpaired surrogate becomes {@code '?'}. Decoding replaces ill-formed
 * input with U+FFFD exactly as {@code new String(bytes, UTF_8)} does (an encoded surrogate is one U+FFFD).
 */
public final class Utf8
{
    private static final char REPLACEMENT = '\uFFFD';

    private Utf8()
    {
    }

    /**
     * The number of bytes {@link #encode} writes for a sequence.
     *
     * @param value to measure.
     * @return its UTF-8 length in bytes.
     */
    public static int encodedLength(final CharSequence value)
    {
        final int charCount = value.length();
        int length = charCount;
        for (int i = 0; i < charCount; i++)
        {
            final char c = value.charAt(i);
            if (c >= 0x80)
            {
                if (c < 0x800)
                {
                    length += 1;
                }
                else if (Character.isHighSurrogate(c) && i + 1 < charCount &&
                    Character.isLowSurrogate(value.charAt(i + 1)))
                {
                    length += 2;
                    i++;
                }
                else if (!Character.isSurrogate(c))
                {
                    length += 2;
                }
            }
        }

        return length;
    }

    /**
     * Writes a sequence as UTF-8 at an index; the caller has made room for {@link #encodedLength} bytes.
     *
     * @param value  to encode.
     * @param buffer to write into.
     * @param index  of the first byte.
     * @return the number of bytes written.
     */
    public static int encode(final CharSequence value, final MutableDirectBuffer buffer, final int index)
    {
        final int charCount = value.length();
        int position = index;
        for (int i = 0; i < charCount; i++)
        {
            final char c = value.charAt(i);
            if (c < 0x80)
            {
                buffer.putByte(position++, (byte)c);
            }
            else if (c < 0x800)
            {
                buffer.putByte(position++, (byte)(0xC0 | (c >>> 6)));
                buffer.putByte(position++, (byte)(0x80 | (c & 0x3F)));
            }
            else if (Character.isSurrogate(c))
            {
                if (Character.isHighSurrogate(c) && i + 1 < charCount && Character.isLowSurrogate(value.charAt(i + 1)))
                {
                    final int codePoint = Character.toCodePoint(c, value.charAt(++i));
                    buffer.putByte(position++, (byte)(0xF0 | (codePoint >>> 18)));
                    buffer.putByte(position++, (byte)(0x80 | ((codePoint >>> 12) & 0x3F)));
                    buffer.putByte(position++, (byte)(0x80 | ((codePoint >>> 6) & 0x3F)));
                    buffer.putByte(position++, (byte)(0x80 | (codePoint & 0x3F)));
                }
                else
                {
                    buffer.putByte(position++, (byte)'?');
                }
            }
            else
            {
                buffer.putByte(position++, (byte)(0xE0 | (c >>> 12)));
                buffer.putByte(position++, (byte)(0x80 | ((c >>> 6) & 0x3F)));
                buffer.putByte(position++, (byte)(0x80 | (c & 0x3F)));
            }
        }

        return position - index;
    }

    /**
     * Whether the bytes of a region are exactly the UTF-8 encoding of a sequence, as {@link #encode} writes it.
     *
     * @param buffer holding the bytes.
     * @param offset of the first byte.
     * @param length of the region in bytes.
     * @param value  to compare with.
     * @return true when equal.
     */
    public static boolean equals(
        final DirectBuffer buffer, final int offset, final int length, final CharSequence value)
    {
        final int charCount = value.length();
        if (length < charCount || length > 3 * charCount)
        {
            return false;
        }

        final int limit = offset + length;
        int position = offset;
        for (int i = 0; i < charCount; i++)
        {
            final char c = value.charAt(i);
            if (c < 0x80)
            {
                if (position >= limit || buffer.getByte(position++) != (byte)c)
                {
                    return false;
                }
            }
            else
            {
                int codePoint = c;
                if (Character.isSurrogate(c))
                {
                    if (Character.isHighSurrogate(c) && i + 1 < charCount &&
                        Character.isLowSurrogate(value.charAt(i + 1)))
                    {
                        codePoint = Character.toCodePoint(c, value.charAt(++i));
                    }
                    else
                    {
                        codePoint = '?';
                    }
                }

                position = matchCodePoint(buffer, position, limit, codePoint);
                if (position < 0)
                {
                    return false;
                }
            }
        }

        return position == limit;
    }

    /**
     * Appends the text of a UTF-8 region to a builder; allocates only if the builder must grow.
     *
     * @param buffer      holding the bytes.
     * @param offset      of the first byte.
     * @param length      of the region in bytes.
     * @param destination to append to.
     * @return the destination.
     */
    public static StringBuilder decode(
        final DirectBuffer buffer, final int offset, final int length, final StringBuilder destination)
    {
        final int limit = offset + length;
        int position = offset;
        while (position < limit)
        {
            final int b0 = buffer.getByte(position) & 0xFF;
            if (b0 < 0x80)
            {
                destination.append((char)b0);
                position++;
                continue;
            }

            final int needed;
            int lower = 0x80;
            int upper = 0xBF;
            int codePoint;
            if (b0 >= 0xC2 && b0 <= 0xDF)
            {
                needed = 1;
                codePoint = b0 & 0x1F;
            }
            else if (b0 >= 0xE0 && b0 <= 0xEF)
            {
                needed = 2;
                codePoint = b0 & 0x0F;
                lower = b0 == 0xE0 ? 0xA0 : 0x80;
            }
            else if (b0 >= 0xF0 && b0 <= 0xF4)
            {
                needed = 3;
                codePoint = b0 & 0x07;
                lower = b0 == 0xF0 ? 0x90 : 0x80;
                upper = b0 == 0xF4 ? 0x8F : 0xBF;
            }
            else
            {
                destination.append(REPLACEMENT);
                position++;
                continue;
            }

            position++;
            int seen = 0;
            while (seen < needed && position < limit)
            {
                final int b = buffer.getByte(position) & 0xFF;
                if (b < lower || b > upper)
                {
                    break;
                }
                codePoint = (codePoint << 6) | (b & 0x3F);
                lower = 0x80;
                upper = 0xBF;
                position++;
                seen++;
            }

            if (seen < needed || (needed == 2 && Character.isSurrogate((char)codePoint)))
            {
                destination.append(REPLACEMENT);
            }
            else if (codePoint < 0x10000)
            {
                destination.append((char)codePoint);
            }
            else
            {
                destination.append(Character.highSurrogate(codePoint)).append(Character.lowSurrogate(codePoint));
            }
        }

        return destination;
    }

    private static int matchCodePoint(
        final DirectBuffer buffer, final int position, final int limit, final int codePoint)
    {
        if (codePoint < 0x80)
        {
            return matchByte(buffer, position, limit, codePoint) ? position + 1 : -1;
        }
        else if (codePoint < 0x800)
        {
            return matchByte(buffer, position, limit, 0xC0 | (codePoint >>> 6)) &&
                matchByte(buffer, position + 1, limit, 0x80 | (codePoint & 0x3F)) ? position + 2 : -1;
        }
        else if (codePoint < 0x10000)
        {
            return matchByte(buffer, position, limit, 0xE0 | (codePoint >>> 12)) &&
                matchByte(buffer, position + 1, limit, 0x80 | ((codePoint >>> 6) & 0x3F)) &&
                matchByte(buffer, position + 2, limit, 0x80 | (codePoint & 0x3F)) ? position + 3 : -1;
        }

        return matchByte(buffer, position, limit, 0xF0 | (codePoint >>> 18)) &&
            matchByte(buffer, position + 1, limit, 0x80 | ((codePoint >>> 12) & 0x3F)) &&
            matchByte(buffer, position + 2, limit, 0x80 | ((codePoint >>> 6) & 0x3F)) &&
            matchByte(buffer, position + 3, limit, 0x80 | (codePoint & 0x3F)) ? position + 4 : -1;
    }

    private static boolean matchByte(final DirectBuffer buffer, final int position, final int limit, final int expected)
    {
        return position < limit && (buffer.getByte(position) & 0xFF) == expected;
    }
}
