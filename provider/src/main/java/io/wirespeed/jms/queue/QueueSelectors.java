package io.wirespeed.jms.queue;

import java.util.function.Predicate;

import io.wirespeed.codec.EnvelopeReader;

/**
 * Compiles the selectors of queue consumers and browsers for the queue host.
 */
public final class QueueSelectors
{
    private QueueSelectors()
    {
    }

    /**
     * Checks a selector on the client side, so that an invalid one fails where it was given.
     *
     * @param selector the selector text, not blank.
     * @throws javax.jms.InvalidSelectorException naming what is wrong.
     */
    public static void check(final String selector) throws javax.jms.InvalidSelectorException
    {
        try
        {
            compile(selector);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new javax.jms.InvalidSelectorException(ex.getMessage());
        }
    }

    /**
     * Compiles a selector into a test on an envelope, read in place.
     *
     * @param selector the selector text, not blank.
     * @return the test.
     * @throws IllegalArgumentException with the reason when the selector is invalid.
     */
    public static Predicate<EnvelopeReader> compile(final String selector)
    {
        throw new IllegalArgumentException("message selectors are not available yet in this Wirespeed version " +
            "(selector \"" + selector + "\")");
    }
}
