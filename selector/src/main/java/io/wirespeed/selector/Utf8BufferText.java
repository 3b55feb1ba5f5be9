package io.wirespeed.selector;

import io.wirespeed.codec.BytesView;
import io.wirespeed.codec.Utf8;
import org.agrona.DirectBuffer;

/**
 * A {@link Text} over UTF-8 bytes read in place; positions are buffer offsets. Ill-formed input decodes to U+FFFD
 * as {@code new String(bytes, UTF_8)} decodes it, one replacement per maximal ill-formed subpart.
 */
final class Utf8BufferText extends Text
{
    private static final int REPLACEMENT = 0xFFFD;

    private DirectBuffer buffer;
    private int offset;
    private int limit;

    Utf8BufferText wrap(final BytesView view)
    {
        buffer = view.buffer();
        offset = view.offset();
        limit = view.offset() + view.length();
        return this;
    }

    @Override
    int start()
    {
        return offset;
    }

    @Override
    int end()
    {
        return limit;
    }

    @Override
    int codePointAt(final int position)
    {
        final int b0 = buffer.getByte(position) & 0xFF;
        if (b0 < 0x80)
        {
            return b0;
        }
        final int length = sequenceLength(position, b0);
        if (length < 0)
        {
            return REPLACEMENT;
        }
        int codePoint = b0 & (0xFF >>> (length + 1));
        for (int i = 1; i < length; i++)
        {
            codePoint = (codePoint << 6) | (buffer.getByte(position + i) & 0x3F);
        }
        return codePoint;
    }

    @Override
    int next(final int position)
    {
        final int b0 = buffer.getByte(position) & 0xFF;
        if (b0 < 0x80)
        {
            return position + 1;
        }
        final int length = sequenceLength(position, b0);
        return position + (length < 0 ? -length : length);
    }

    @Override
    boolean contentEquals(final Text other)
    {
        if (other instanceof Utf8BufferText)
        {
            final Utf8BufferText that = (Utf8BufferText)other;
            final int length = limit - offset;
            if (length != that.limit - that.offset)
            {
                return false;
            }
            for (int i = 0; i < length; i++)
            {
                if (buffer.getByte(offset + i) != that.buffer.getByte(that.offset + i))
                {
                    return false;
                }
            }
            return true;
        }
        if (other instanceof CharSequenceText)
        {
            return Utf8.equals(buffer, offset, limit - offset, ((CharSequenceText)other).chars());
        }
        return super.contentEquals(other);
    }

    /**
     * The length of a well-formed sequence starting with a non-ASCII byte, or minus the number of bytes of the
     * ill-formed subpart to replace with one U+FFFD.
     */
    private int sequenceLength(final int position, final int b0)
    {
        final int needed;
        int lower = 0x80;
        int upper = 0xBF;
        if (b0 >= 0xC2 && b0 <= 0xDF)
        {
            needed = 1;
        }
        else if (b0 >= 0xE0 && b0 <= 0xEF)
        {
            needed = 2;
            lower = 0xE0 == b0 ? 0xA0 : 0x80;
            upper = 0xED == b0 ? 0x9F : 0xBF;
        }
        else if (b0 >= 0xF0 && b0 <= 0xF4)
        {
            needed = 3;
            lower = 0xF0 == b0 ? 0x90 : 0x80;
            upper = 0xF4 == b0 ? 0x8F : 0xBF;
        }
        else
        {
            return -1;
        }

        int seen = 0;
        while (seen < needed && position + 1 + seen < limit)
        {
            final int b = buffer.getByte(position + 1 + seen) & 0xFF;
            if (b < lower || b > upper)
            {
                break;
            }
            lower = 0x80;
            upper = 0xBF;
            seen++;
        }
        return seen == needed ? needed + 1 : -(seen + 1);
    }

    @Override
    public String toString()
    {
        return null == buffer ? "" : buffer.getStringWithoutLengthUtf8(offset, limit - offset);
    }
}
