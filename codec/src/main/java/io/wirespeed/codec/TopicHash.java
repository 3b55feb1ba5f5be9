package io.wirespeed.codec;

import java.nio.charset.StandardCharsets;

import org.agrona.DirectBuffer;

/**
 * The hash of a destination name that envelopes carry in their fixed block (from version 2) and that receivers
 * dispatch on: 32-bit FNV-1a over the name's UTF-8 bytes. Stable across JVMs, versions and platforms, so a
 * publisher and its subscribers agree on it without talking; different names may share a hash, so a receiver
 * compares the name once the hash has matched.
 */
public final class TopicHash
{
    private static final int OFFSET_BASIS = 0x811c9dc5;
    private static final int PRIME = 0x01000193;

    private TopicHash()
    {
    }

    /**
     * The hash of a name.
     *
     * @param name the destination name.
     * @return its hash; allocates the name's UTF-8 bytes, so cache it per destination.
     */
    public static int of(final String name)
    {
        int hash = OFFSET_BASIS;
        for (final byte b : name.getBytes(StandardCharsets.UTF_8))
        {
            hash ^= b & 0xFF;
            hash *= PRIME;
        }
        return hash;
    }

    /**
     * The hash of a name's UTF-8 bytes in place.
     *
     * @param buffer holding the bytes.
     * @param offset of the first byte.
     * @param length in bytes.
     * @return the hash.
     */
    public static int of(final DirectBuffer buffer, final int offset, final int length)
    {
        int hash = OFFSET_BASIS;
        for (int i = offset, end = offset + length; i < end; i++)
        {
            hash ^= buffer.getByte(i) & 0xFF;
            hash *= PRIME;
        }
        return hash;
    }

    /**
     * The hash of the bytes a view shows.
     *
     * @param name a view of a name's UTF-8 bytes.
     * @return the hash.
     */
    public static int of(final BytesView name)
    {
        return of(name.buffer(), name.offset(), name.length());
    }
}
