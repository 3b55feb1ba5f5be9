package io.wirespeed.selector;

/**
 * A selector that does not compile: the message names the selector, what is wrong, its position (characters from
 * 0) and what was expected there. The JMS provider turns it into {@code InvalidSelectorException} with the same
 * message.
 */
public final class SelectorException extends Exception
{
    private static final long serialVersionUID = 1L;

    /**
     * @param message what is wrong and where.
     */
    public SelectorException(final String message)
    {
        super(message);
    }
}
