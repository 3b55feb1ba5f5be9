package io.wirespeed.selector;

/**
 * A {@link Text} over a Java {@link CharSequence}; positions are char indexes.
 */
final class CharSequenceText extends Text
{
    private CharSequence chars = "";

    CharSequenceText wrap(final CharSequence chars)
    {
        this.chars = chars;
        return this;
    }

    CharSequence chars()
    {
        return chars;
    }

    @Override
    int start()
    {
        return 0;
    }

    @Override
    int end()
    {
        return chars.length();
    }

    @Override
    int codePointAt(final int position)
    {
        return Character.codePointAt(chars, position);
    }

    @Override
    int next(final int position)
    {
        final char c = chars.charAt(position);
        return Character.isHighSurrogate(c) && position + 1 < chars.length() &&
            Character.isLowSurrogate(chars.charAt(position + 1)) ? position + 2 : position + 1;
    }

    @Override
    boolean contentEquals(final Text other)
    {
        if (other instanceof Utf8BufferText)
        {
            return other.contentEquals(this);
        }
        if (other instanceof CharSequenceText)
        {
            final CharSequence otherChars = ((CharSequenceText)other).chars;
            final int length = chars.length();
            if (length != otherChars.length())
            {
                return false;
            }
            for (int i = 0; i < length; i++)
            {
                if (chars.charAt(i) != otherChars.charAt(i))
                {
                    return false;
                }
            }
            return true;
        }
        return super.contentEquals(other);
    }

    @Override
    public String toString()
    {
        return chars.toString();
    }
}
