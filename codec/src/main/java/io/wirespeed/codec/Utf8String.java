package io.wirespeed.codec;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A string with its UTF-8 bytes, encoded once, as {@link Utf8} writes them: for comparing names read from envelopes
 * (a destination's name on every message received) eight bytes at a time instead of decoding character by
 * character. Immutable, so safely shared between threads.
 */
public final class Utf8String
{
    private final String text;
    private final UnsafeBuffer bytes;
    private final int length;

    /**
     * @param text the string.
     */
    public Utf8String(final String text)
    {
        this.text = text;
        this.length = Utf8.encodedLength(text);
        this.bytes = new UnsafeBuffer(new byte[length]);
        Utf8.encode(text, bytes, 0);
    }

    private Utf8String(final String text, final UnsafeBuffer bytes)
    {
        this.text = text;
        this.length = bytes.capacity();
        this.bytes = bytes;
    }

    /**
     * A copy of bytes read from an envelope, kept as they are even where they are not well-formed UTF-8 (the text
     * then shows U+FFFD in their place), so that {@link #matches} finds exactly those bytes again.
     *
     * @param view the bytes.
     * @return the copy.
     */
    public static Utf8String copyOf(final BytesView view)
    {
        return new Utf8String(view.asString(), new UnsafeBuffer(view.toByteArray()));
    }

    /** @return the string. */
    public String text()
    {
        return text;
    }

    /** @return the UTF-8 bytes, at index 0, {@link #length()} of them; read them, never write. */
    public DirectBuffer bytes()
    {
        return bytes;
    }

    /** @return the number of UTF-8 bytes. */
    public int length()
    {
        return length;
    }

    /**
     * Whether a range of a buffer holds exactly these bytes.
     *
     * @param buffer the buffer.
     * @param offset where the range starts.
     * @param length its length.
     * @return true when equal.
     */
    public boolean matches(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length != this.length)
        {
            return false;
        }
        if (length < Long.BYTES)
        {
            for (int i = 0; i < length; i++)
            {
                if (buffer.getByte(offset + i) != bytes.getByte(i))
                {
                    return false;
                }
            }
            return true;
        }
        final int last = length - Long.BYTES;
        for (int i = 0; i < last; i += Long.BYTES)
        {
            if (buffer.getLong(offset + i) != bytes.getLong(i))
            {
                return false;
            }
        }
        return buffer.getLong(offset + last) == bytes.getLong(last);
    }

    @Override
    public String toString()
    {
        return text;
    }
}
