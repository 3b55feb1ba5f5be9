package io.wirespeed.jms.wire;

import org.agrona.DirectBuffer;

import io.wirespeed.codec.BytesView;

/**
 * Turns UTF-8 bytes read from envelopes into Strings, reusing the String made last time for the
 * same bytes: property names, JMSType values and destination names repeat from message to
 * message, so decoding them allocates nothing once warm. A small direct-mapped cache: a miss
 * simply replaces the slot.
 */
final class StringCache
{
    private static final int SLOTS = 256;

    private final String[] strings = new String[SLOTS];

    /**
     * The String for the viewed bytes.
     *
     * @param view UTF-8 bytes.
     * @return an equal String, shared with earlier calls for the same bytes where cached.
     */
    String get(final BytesView view)
    {
        final int length = view.length();
        if (length == 0)
        {
            return "";
        }
        final DirectBuffer buffer = view.buffer();
        final int offset = view.offset();
        int hash = length;
        for (int i = 0; i < length; i++)
        {
            hash = 31 * hash + buffer.getByte(offset + i);
        }
        final int slot = (hash ^ (hash >>> 16)) & (SLOTS - 1);
        final String cached = strings[slot];
        if (cached != null && view.contentEquals(cached))
        {
            return cached;
        }
        final String made = view.asString();
        strings[slot] = made;
        return made;
    }
}
