package io.wirespeed.jms.message;

import javax.jms.MessageFormatException;

/**
 * The modified UTF-8 of {@link java.io.DataInput#readUTF()}: chars 1 to 0x7F in one byte, 0 and 0x80 to 0x7FF in
 * two, the rest in three, each UTF-16 char encoded on its own. Encodes into and decodes from byte arrays in
 * place, without streams.
 */
public final class ModifiedUtf8
{
    /** The largest encoded length a two-byte length prefix can hold. */
    public static final int MAX_ENCODED_LENGTH = 0xFFFF;

    private ModifiedUtf8()
    {
    }

    /**
     * The number of bytes the encoding of a String takes, without the length prefix.
     *
     * @param value the String.
     * @return the encoded length.
     */
    public static int encodedLength(final String value)
    {
        int length = 0;
        for (int i = 0, size = value.length(); i < size; i++)
        {
            final char c = value.charAt(i);
            length += c >= 0x0001 && c <= 0x007F ? 1 : c <= 0x07FF ? 2 : 3;
        }
        return length;
    }

    /**
     * Encodes a String at an offset; the caller has checked there is room for {@link #encodedLength(String)} bytes.
     *
     * @param value  the String.
     * @param buffer the destination.
     * @param offset where the first byte goes.
     * @return the offset after the last byte written.
     */
    public static int encode(final String value, final byte[] buffer, final int offset)
    {
        int position = offset;
        for (int i = 0, size = value.length(); i < size; i++)
        {
            final char c = value.charAt(i);
            if (c >= 0x0001 && c <= 0x007F)
            {
                buffer[position++] = (byte)c;
            }
            else if (c <= 0x07FF)
            {
                buffer[position++] = (byte)(0xC0 | (c >> 6));
                buffer[position++] = (byte)(0x80 | (c & 0x3F));
            }
            else
            {
                buffer[position++] = (byte)(0xE0 | (c >> 12));
                buffer[position++] = (byte)(0x80 | ((c >> 6) & 0x3F));
                buffer[position++] = (byte)(0x80 | (c & 0x3F));
            }
        }
        return position;
    }

    /**
     * Decodes a String from a byte range holding exactly its encoding.
     *
     * @param buffer the source.
     * @param offset the first byte.
     * @param length the number of bytes.
     * @return the decoded String.
     * @throws MessageFormatException when the bytes are not modified UTF-8.
     */
    public static String decode(final byte[] buffer, final int offset, final int length)
        throws MessageFormatException
    {
        final char[] chars = new char[length];
        final int end = offset + length;
        int count = 0;
        int position = offset;
        while (position < end)
        {
            final int b = buffer[position] & 0xFF;
            if (b < 0x80)
            {
                chars[count++] = (char)b;
                position++;
            }
            else if ((b & 0xE0) == 0xC0)
            {
                checkContinuation(buffer, position, 1, end);
                chars[count++] = (char)(((b & 0x1F) << 6) | (buffer[position + 1] & 0x3F));
                position += 2;
            }
            else if ((b & 0xF0) == 0xE0)
            {
                checkContinuation(buffer, position, 2, end);
                chars[count++] = (char)(((b & 0x0F) << 12) | ((buffer[position + 1] & 0x3F) << 6) |
                    (buffer[position + 2] & 0x3F));
                position += 3;
            }
            else
            {
                throw malformed(position);
            }
        }
        return new String(chars, 0, count);
    }

    private static void checkContinuation(final byte[] buffer, final int position, final int count, final int end)
        throws MessageFormatException
    {
        if (position + count >= end)
        {
            throw malformed(position);
        }
        for (int i = 1; i <= count; i++)
        {
            if ((buffer[position + i] & 0xC0) != 0x80)
            {
                throw malformed(position + i);
            }
        }
    }

    private static MessageFormatException malformed(final int index)
    {
        return JmsMessageExceptions.format(
            "The bytes read by readUTF are not modified UTF-8 (bad byte at index " + index +
            " of the body); the body was not written with writeUTF at this position", null);
    }
}
