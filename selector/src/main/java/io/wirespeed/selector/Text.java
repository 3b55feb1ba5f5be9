package io.wirespeed.selector;

/**
 * A string seen in place as a run of Unicode code points, whatever holds it: UTF-8 bytes in an envelope or a
 * Java {@link CharSequence}. Positions are opaque indexes from {@link #start()} to {@link #end()}.
 */
abstract class Text
{
    /**
     * Where the first code point starts.
     *
     * @return the first position.
     */
    abstract int start();

    /**
     * The position just after the last code point.
     *
     * @return the end position.
     */
    abstract int end();

    /**
     * The code point starting at a position; ill-formed input reads as U+FFFD.
     *
     * @param position from {@link #start()}, before {@link #end()}.
     * @return the code point.
     */
    abstract int codePointAt(int position);

    /**
     * The position of the code point after the one at a position.
     *
     * @param position from {@link #start()}, before {@link #end()}.
     * @return the next position, at most {@link #end()}.
     */
    abstract int next(int position);

    /**
     * Whether two texts hold the same sequence of characters.
     *
     * @param other text to compare with.
     * @return true when equal.
     */
    boolean contentEquals(final Text other)
    {
        int position = start();
        int otherPosition = other.start();
        final int end = end();
        final int otherEnd = other.end();
        while (position < end && otherPosition < otherEnd)
        {
            if (codePointAt(position) != other.codePointAt(otherPosition))
            {
                return false;
            }
            position = next(position);
            otherPosition = other.next(otherPosition);
        }
        return position == end && otherPosition == otherEnd;
    }
}
