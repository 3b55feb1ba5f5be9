package io.wirespeed.selector;

/**
 * Builds the {@link SelectorException} for a selector that does not compile, naming the selector, the
 * problem, its position (characters from 0) and what was expected there.
 */
final class SelectorError
{
    private SelectorError()
    {
    }

    /**
     * The exception for a problem at a position.
     *
     * @param selector the selector text.
     * @param problem  what is wrong, e.g. {@code unexpected '<'}.
     * @param position of the problem, counted in chars from 0.
     * @param expected what would have been right there, or null.
     * @return the exception, to be thrown.
     */
    static SelectorException at(
        final String selector, final String problem, final int position, final String expected)
    {
        final StringBuilder message = new StringBuilder("selector \"").append(selector).append("\": ")
            .append(problem).append(" at position ").append(position);
        if (null != expected)
        {
            message.append("; expected ").append(expected);
        }
        return new SelectorException(message.toString());
    }
}
