package io.wirespeed.jms.consumer;

import javax.jms.InvalidSelectorException;

import io.wirespeed.selector.Selector;
import io.wirespeed.selector.SelectorException;

/**
 * Compiles the selectors the application gives, so that an invalid one fails where it was given, as the
 * {@link InvalidSelectorException} the specification names.
 */
public final class JmsSelectors
{
    private JmsSelectors()
    {
    }

    /**
     * Compiles a selector.
     *
     * @param selector the selector text, or null.
     * @return the compiled selector, or null when there is none (every message matches).
     * @throws InvalidSelectorException naming what is wrong and where.
     */
    public static Selector compile(final String selector) throws InvalidSelectorException
    {
        try
        {
            return Selector.compile(selector);
        }
        catch (final SelectorException ex)
        {
            final InvalidSelectorException invalid = new InvalidSelectorException(ex.getMessage());
            invalid.initCause(ex);
            throw invalid;
        }
    }
}
