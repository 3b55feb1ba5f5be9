package io.wirespeed.selector;

import java.util.Arrays;

/**
 * A compiled LIKE pattern: code points to match literally, {@code _} for any one character and {@code %} for any
 * run of characters, with an optional escape character that makes the next {@code _}, {@code %} or itself
 * literal. Matching walks the text once with a single backtracking point, without recursion or allocation.
 */
final class LikePattern
{
    static final int ANY_RUN = -1;
    static final int ANY_ONE = -2;

    private final int[] elements;

    private LikePattern(final int[] elements)
    {
        this.elements = elements;
    }

    /**
     * Compiles a pattern.
     *
     * @param pattern the pattern's characters.
     * @param escape  the escape code point, or -1 for none.
     * @return the pattern.
     * @throws IllegalArgumentException naming the problem when an escape is not followed by '_', '%' or itself.
     */
    static LikePattern compile(final String pattern, final int escape)
    {
        final int[] elements = new int[pattern.length()];
        int count = 0;
        for (int i = 0; i < pattern.length(); )
        {
            int codePoint = pattern.codePointAt(i);
            i += Character.charCount(codePoint);
            if (escape == codePoint)
            {
                if (i >= pattern.length())
                {
                    throw new IllegalArgumentException("the pattern ends with its escape character");
                }
                codePoint = pattern.codePointAt(i);
                i += Character.charCount(codePoint);
                if ('%' != codePoint && '_' != codePoint && escape != codePoint)
                {
                    throw new IllegalArgumentException("the escape character is followed by '" +
                        new String(Character.toChars(codePoint)) + "', not by '%', '_' or itself");
                }
                elements[count++] = codePoint;
            }
            else if ('%' == codePoint)
            {
                if (0 == count || ANY_RUN != elements[count - 1])
                {
                    elements[count++] = ANY_RUN;
                }
            }
            else
            {
                elements[count++] = '_' == codePoint ? ANY_ONE : codePoint;
            }
        }
        return new LikePattern(Arrays.copyOf(elements, count));
    }

    /**
     * Whether a whole text matches the pattern.
     *
     * @param text to match.
     * @return true when it matches.
     */
    boolean matches(final Text text)
    {
        final int[] elements = this.elements;
        final int count = elements.length;
        final int end = text.end();
        int element = 0;
        int position = text.start();
        int runElement = -1;
        int runPosition = 0;

        while (position < end)
        {
            if (element < count && ANY_RUN == elements[element])
            {
                runElement = element++;
                runPosition = position;
            }
            else if (element < count &&
                (ANY_ONE == elements[element] || elements[element] == text.codePointAt(position)))
            {
                element++;
                position = text.next(position);
            }
            else if (runElement >= 0)
            {
                element = runElement + 1;
                runPosition = text.next(runPosition);
                position = runPosition;
            }
            else
            {
                return false;
            }
        }

        while (element < count && ANY_RUN == elements[element])
        {
            element++;
        }
        return element == count;
    }
}
