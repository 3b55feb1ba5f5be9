package io.wirespeed.codec;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A flyweight over a range of bytes in a buffer, read in place as bytes or as UTF-8 text. Views handed
 * out by a reader are reused: they stay valid until the reader is wrapped again or asked for another view.
 */
public final class BytesView
{
    private static final DirectBuffer EMPTY_BUFFER = new UnsafeBuffer(new byte[0]);

    private DirectBuffer buffer = EMPTY_BUFFER;
    private int offset;
    private int length;

    /**
     * Points this view at a range; the caller guarantees the range lies inside the buffer.
     *
     * @param buffer holding the bytes.
     * @param offset of the first byte.
     * @param length in bytes.
     * @return this view.
     */
    public BytesView wrap(final DirectBuffer buffer, final int offset, final int length)
    {
        this.buffer = buffer;
        this.offset = offset;
        this.length = length;
        return this;
    }

    /**
     * Points this view at an empty range.
     *
     * @return this view.
     */
    public BytesView reset()
    {
        return wrap(EMPTY_BUFFER, 0, 0);
    }

    /**
     * The buffer holding the bytes.
     *
     * @return the underlying buffer, not a copy.
     */
    public DirectBuffer buffer()
    {
        return buffer;
    }

    /**
     * Where the bytes start in {@link #buffer()}.
     *
     * @return the absolute offset of the first byte.
     */
    public int offset()
    {
        return offset;
    }

    /**
     * How many bytes the view covers.
     *
     * @return the length in bytes.
     */
    public int length()
    {
        return length;
    }

    /**
     * Whether the view covers no bytes.
     *
     * @return true when {@link #length()} is 0.
     */
    public boolean isEmpty()
    {
        return 0 == length;
    }

    /**
     * One byte of the view.
     *
     * @param index from 0 to {@code length() - 1}.
     * @return the byte.
     * @throws IndexOutOfBoundsException when the index is outside the view.
     */
    public byte byteAt(final int index)
    {
        if (index < 0 || index >= length)
        {
            throw new IndexOutOfBoundsException("index " + index + " outside view of length " + length);
        }
        return buffer.getByte(offset + index);
    }

    /**
     * Whether the bytes are the UTF-8 encoding of a sequence, compared without allocating.
     *
     * @param value to compare with.
     * @return true when equal.
     */
    public boolean contentEquals(final CharSequence value)
    {
        return Utf8.equals(buffer, offset, length, value);
    }

    /**
     * Whether the bytes are the UTF-8 encoding of a text encoded beforehand: the fast form of
     * {@link #contentEquals(CharSequence)} for names compared on every message.
     *
     * @param value the encoded text.
     * @return true when equal.
     */
    public boolean contentEquals(final Utf8String value)
    {
        return value.matches(buffer, offset, length);
    }

    /**
     * Whether the bytes equal those of another range.
     *
     * @param other       buffer holding the other bytes.
     * @param otherOffset of the first other byte.
     * @param otherLength of the other range.
     * @return true when both ranges hold the same bytes.
     */
    public boolean contentEquals(final DirectBuffer other, final int otherOffset, final int otherLength)
    {
        if (otherLength != length)
        {
            return false;
        }
        for (int i = 0; i < length; i++)
        {
            if (buffer.getByte(offset + i) != other.getByte(otherOffset + i))
            {
                return false;
            }
        }
        return true;
    }

    /**
     * Appends the bytes decoded as UTF-8; allocates only if the builder must grow.
     *
     * @param destination to append to.
     * @return the destination.
     */
    public StringBuilder appendTo(final StringBuilder destination)
    {
        return Utf8.decode(buffer, offset, length, destination);
    }

    /**
     * Copies the bytes into an array.
     *
     * @param destination    to copy into; needs {@link #length()} bytes from destinationOffset.
     * @param destinationOffset where the first byte goes.
     * @return the number of bytes copied.
     */
    public int getBytes(final byte[] destination, final int destinationOffset)
    {
        buffer.getBytes(offset, destination, destinationOffset, length);
        return length;
    }

    /**
     * Copies the bytes into another buffer.
     *
     * @param destination       to copy into.
     * @param destinationOffset where the first byte goes.
     * @return the number of bytes copied.
     */
    public int getBytes(final MutableDirectBuffer destination, final int destinationOffset)
    {
        destination.putBytes(destinationOffset, buffer, offset, length);
        return length;
    }

    /**
     * The bytes as a new array; allocates.
     *
     * @return a copy of the bytes.
     */
    public byte[] toByteArray()
    {
        final byte[] bytes = new byte[length];
        getBytes(bytes, 0);
        return bytes;
    }

    /**
     * The bytes decoded as UTF-8 into a new String; allocates.
     *
     * @return the text.
     */
    public String asString()
    {
        return 0 == length ? "" : buffer.getStringWithoutLengthUtf8(offset, length);
    }

    /**
     * The bytes decoded as UTF-8; same as {@link #asString()}.
     *
     * @return the text.
     */
    public String toString()
    {
        return asString();
    }
}
