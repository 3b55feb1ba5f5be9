package io.wirespeed.jms.message;

import javax.jms.MessageFormatException;

/**
 * Checks that a String is well-formed UTF-16 before a message stores it: the envelope carries text as UTF-8,
 * which has no encoding for a lone surrogate, and replacing one (as {@code String.getBytes} does, with '?') would
 * change the application's data without telling it. Scans without allocating.
 */
public final class WellFormedText
{
    private WellFormedText()
    {
    }

    /**
     * Throws unless every surrogate in the value is half of a pair.
     *
     * @param value the String to store, may be null.
     * @param what  what the String is, for the message, e.g. "The text of a TextMessage" or "Property".
     * @param name  the name of the property or entry, or null.
     * @throws MessageFormatException naming the index of the first lone surrogate.
     */
    public static void check(final String value, final String what, final String name) throws MessageFormatException
    {
        if (null != value)
        {
            final int index = loneSurrogate(value);
            if (index >= 0)
            {
                throw new MessageFormatException(what + (null == name ? "" : " '" + name + "'") +
                    " has a lone UTF-16 surrogate U+" +
                    Integer.toHexString(value.charAt(index)).toUpperCase() + " at index " + index + ": it cannot " +
                    "travel as UTF-8 and Wirespeed does not replace it; pair it with its other half or remove it " +
                    "(send binary data in a BytesMessage)");
            }
        }
    }

    /**
     * The index of the first surrogate that is not half of a pair.
     *
     * @param value the String.
     * @return the index, or -1 when the String is well-formed.
     */
    public static int loneSurrogate(final CharSequence value)
    {
        for (int i = 0, length = value.length(); i < length; i++)
        {
            final char c = value.charAt(i);
            if (Character.isSurrogate(c))
            {
                if (Character.isHighSurrogate(c) && i + 1 < length && Character.isLowSurrogate(value.charAt(i + 1)))
                {
                    i++;
                }
                else
                {
                    return i;
                }
            }
        }
        return -1;
    }
}
