package io.wirespeed.host;

import java.util.function.Predicate;

import io.wirespeed.codec.EnvelopeReader;
import io.wirespeed.selector.EnvelopeSelectorSource;
import io.wirespeed.selector.Selector;
import io.wirespeed.selector.SelectorException;

/**
 * Compiles the selectors of queue consumers and browsers for the queue host, which evaluates them on the stored
 * envelopes in place.
 */
public final class QueueSelectors
{
    private QueueSelectors()
    {
    }

    /**
     * Compiles a selector into a test on an envelope, read in place. The test keeps scratch state: one thread at a
     * time (the host's).
     *
     * @param selector the selector text, not blank.
     * @return the test.
     * @throws IllegalArgumentException with the reason when the selector is invalid.
     */
    public static Predicate<EnvelopeReader> compile(final String selector)
    {
        final Selector compiled;
        try
        {
            compiled = Selector.compile(selector);
        }
        catch (final SelectorException ex)
        {
            throw new IllegalArgumentException(ex.getMessage(), ex);
        }
        if (compiled == null)
        {
            return (reader) -> true;
        }
        final EnvelopeSelectorSource source = new EnvelopeSelectorSource();
        return (reader) -> compiled.matches(source.wrap(reader));
    }
}
