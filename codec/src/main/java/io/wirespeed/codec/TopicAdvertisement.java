package io.wirespeed.codec;

import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * The topic-resolution message: which topics a publisher sends on a channel, each with its partition stream, and
 * how long the advertisement holds unless renewed. It travels on the channel's resolution stream, so the channel
 * is the one it was read from. Little-endian layout: {@code int32 magic 'WSTR', uint16 version, uint16 count,
 * int32 ttlMs}, then {@code count} entries of {@code int32 streamId, uint16 nameLength, name (UTF-8)}.
 */
public final class TopicAdvertisement
{
    /** The first four bytes of every advertisement. */
    public static final int MAGIC = 0x52545357;
    /** The layout's version. */
    public static final int VERSION = 1;
    /** Bytes before the first entry. */
    public static final int HEADER_LENGTH = 12;
    /** Bytes of an entry besides its name. */
    public static final int ENTRY_OVERHEAD = 6;
    /** The longest topic name an entry carries; longer names are not advertised. */
    public static final int MAX_NAME_LENGTH = 0xFFFF;

    private static final ByteOrder ORDER = ByteOrder.LITTLE_ENDIAN;

    private TopicAdvertisement()
    {
    }

    /**
     * What a reader is told for each entry of an advertisement.
     */
    @FunctionalInterface
    public interface Visitor
    {
        /**
         * One advertised topic.
         *
         * @param name     the topic name.
         * @param streamId its partition stream on the channel the advertisement was read from.
         * @param ttlMs    how long the advertisement holds from now, in milliseconds.
         */
        void onTopic(String name, int streamId, int ttlMs);
    }

    /**
     * Writes an advertisement's header; entries follow with {@link #putEntry}.
     *
     * @param buffer the buffer.
     * @param offset where the advertisement starts.
     * @param count  how many entries follow.
     * @param ttlMs  how long they hold, in milliseconds.
     * @return the header's length.
     */
    public static int putHeader(final MutableDirectBuffer buffer, final int offset, final int count, final int ttlMs)
    {
        buffer.putInt(offset, MAGIC, ORDER);
        buffer.putShort(offset + 4, (short)VERSION, ORDER);
        buffer.putShort(offset + 6, (short)count, ORDER);
        buffer.putInt(offset + 8, ttlMs, ORDER);
        return HEADER_LENGTH;
    }

    /**
     * Writes one entry.
     *
     * @param buffer   the buffer.
     * @param offset   where the entry starts.
     * @param name     the topic name's UTF-8 bytes, at most {@link #MAX_NAME_LENGTH}.
     * @param streamId its partition stream.
     * @return the entry's length.
     */
    public static int putEntry(final MutableDirectBuffer buffer, final int offset, final byte[] name,
        final int streamId)
    {
        buffer.putInt(offset, streamId, ORDER);
        buffer.putShort(offset + 4, (short)name.length, ORDER);
        buffer.putBytes(offset + ENTRY_OVERHEAD, name);
        return ENTRY_OVERHEAD + name.length;
    }

    /**
     * Reads an advertisement.
     *
     * @param buffer  the buffer.
     * @param offset  where it starts.
     * @param length  its length.
     * @param visitor told each entry.
     * @return false, telling nothing, if it is not a well-formed advertisement of this version.
     */
    public static boolean read(final DirectBuffer buffer, final int offset, final int length, final Visitor visitor)
    {
        if (length < HEADER_LENGTH || buffer.getInt(offset, ORDER) != MAGIC ||
            (buffer.getShort(offset + 4, ORDER) & 0xFFFF) != VERSION)
        {
            return false;
        }
        final int count = buffer.getShort(offset + 6, ORDER) & 0xFFFF;
        final int ttlMs = buffer.getInt(offset + 8, ORDER);
        final int end = offset + length;
        int position = offset + HEADER_LENGTH;
        for (int i = 0; i < count; i++)
        {
            if (end - position < ENTRY_OVERHEAD)
            {
                return false;
            }
            final int nameLength = buffer.getShort(position + 4, ORDER) & 0xFFFF;
            if (end - position - ENTRY_OVERHEAD < nameLength)
            {
                return false;
            }
            position += ENTRY_OVERHEAD + nameLength;
        }
        position = offset + HEADER_LENGTH;
        for (int i = 0; i < count; i++)
        {
            final int streamId = buffer.getInt(position, ORDER);
            final int nameLength = buffer.getShort(position + 4, ORDER) & 0xFFFF;
            visitor.onTopic(buffer.getStringWithoutLengthUtf8(position + ENTRY_OVERHEAD, nameLength), streamId,
                ttlMs);
            position += ENTRY_OVERHEAD + nameLength;
        }
        return true;
    }

    /**
     * The UTF-8 bytes an entry carries for a name.
     *
     * @param name the topic name.
     * @return its bytes.
     */
    public static byte[] nameBytes(final String name)
    {
        return name.getBytes(StandardCharsets.UTF_8);
    }
}
