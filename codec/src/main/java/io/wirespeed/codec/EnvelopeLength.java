package io.wirespeed.codec;

import static io.wirespeed.codec.EnvelopeDescriptor.DATA_HEADER_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.EMPTY_COMPACT_ENVELOPE_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.EMPTY_ENVELOPE_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.ENTRY_BLOCK_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.NAME_HEADER_LENGTH;

/**
 * Computes the exact length of an envelope before it is written, so that a publication can claim that much and
 * the {@link EnvelopeWriter} can write straight into the claim. Start with {@link #full()} or {@link #compact()}
 * (as the writer will be wrapped), add what the writer will be given, read {@link #length()}. It checks nothing:
 * the writer refuses what does not fit the envelope's limits.
 */
public final class EnvelopeLength
{
    private static final int MIN_ENTRY = ENTRY_BLOCK_LENGTH + NAME_HEADER_LENGTH + DATA_HEADER_LENGTH;

    private long length;

    /**
     * Starts a full envelope: empty, every part at its default.
     *
     * @return this.
     */
    public EnvelopeLength full()
    {
        length = EMPTY_ENVELOPE_LENGTH;
        return this;
    }

    /**
     * Starts a compact envelope: empty, every part at its default.
     *
     * @return this.
     */
    public EnvelopeLength compact()
    {
        length = EMPTY_COMPACT_ENVELOPE_LENGTH;
        return this;
    }

    /**
     * Adds an entry (a property, a map or stream entry) whose value is fixed-size or null.
     *
     * @param name of the entry; {@code null} in a stream.
     * @return this.
     */
    public EnvelopeLength entry(final CharSequence name)
    {
        length += MIN_ENTRY + textLength(name);
        return this;
    }

    /**
     * Adds a string entry (or a null one when the value is {@code null}).
     *
     * @param name  of the entry; {@code null} in a stream.
     * @param value the string.
     * @return this.
     */
    public EnvelopeLength stringEntry(final CharSequence name, final CharSequence value)
    {
        length += MIN_ENTRY + textLength(name) + textLength(value);
        return this;
    }

    /**
     * Adds a bytes entry.
     *
     * @param name        of the entry; {@code null} in a stream.
     * @param bytesLength how many bytes it holds.
     * @return this.
     */
    public EnvelopeLength bytesEntry(final CharSequence name, final int bytesLength)
    {
        length += MIN_ENTRY + textLength(name) + bytesLength;
        return this;
    }

    /**
     * Adds UTF-8 text to a variable-length part: a destination, reply-to, JMSType, correlation id or TEXT body.
     *
     * @param text the text, {@code null} when absent.
     * @return this.
     */
    public EnvelopeLength text(final CharSequence text)
    {
        length += textLength(text);
        return this;
    }

    /**
     * Adds bytes to a variable-length part: a destination name already in UTF-8, a correlation id as bytes, or a
     * BYTES or OBJECT body.
     *
     * @param bytesLength how many bytes.
     * @return this.
     */
    public EnvelopeLength bytes(final int bytesLength)
    {
        length += bytesLength;
        return this;
    }

    /**
     * The envelope's length, or {@link Integer#MAX_VALUE} when it would be longer than an int holds.
     *
     * @return the length in bytes.
     */
    public int length()
    {
        return (int)Math.min(Integer.MAX_VALUE, length);
    }

    private static int textLength(final CharSequence text)
    {
        return null == text ? 0 : Utf8.encodedLength(text);
    }
}
