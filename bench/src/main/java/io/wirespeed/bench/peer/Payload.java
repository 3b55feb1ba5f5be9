package io.wirespeed.bench.peer;

/**
 * The layout every peer sends, whatever its API: the intended send time, then the sequence
 * number, then padding to the message size.
 * <pre>
 *   0               8               16                size
 *   +---------------+---------------+------ ... ------+
 *   | intended ns   | sequence      | padding         |
 *   +---------------+---------------+------ ... ------+
 * </pre>
 */
public final class Payload
{
    /** Offset of the intended send time, a long. */
    public static final int INTENDED_OFFSET = 0;
    /** Offset of the sequence number, a long. */
    public static final int SEQUENCE_OFFSET = 8;
    /** The smallest message size that holds both fields. */
    public static final int MIN_SIZE = 16;

    private Payload()
    {
    }

    /**
     * Checks a message size.
     *
     * @param size bytes.
     * @return the size.
     */
    public static int checkSize(final int size)
    {
        if (size < MIN_SIZE)
        {
            throw new IllegalArgumentException("message size must be at least " + MIN_SIZE + ": " + size);
        }
        return size;
    }
}
