package io.wirespeed.selector;

/**
 * The header fields and properties of one message, as a {@link Selector} reads them. Wrap a source around a
 * message, then ask selectors whether they match it. A source holds evaluation state: one thread uses it at a
 * time.
 */
public abstract sealed class SelectorSource permits EnvelopeSelectorSource, ObjectSelectorSource
{
    final Operand operand = new Operand();

    SelectorSource()
    {
    }

    /**
     * Loads the value an identifier names into a register.
     *
     * @param identifier a header field or property reference.
     * @param operand    the register to write the value's bits into; a string's handle for {@link #text}.
     * @return the value's kind, {@link Operand#NULL} for a missing property or null header field.
     */
    abstract int load(Identifier identifier, Operand operand);

    /**
     * Shows a string that {@link #load} found.
     *
     * @param identifier the same identifier.
     * @param handle     the handle load put in the register.
     * @param slot       0 or 1, so that two strings can be shown at once.
     * @return the string, valid until the next call with the same slot or the next wrap.
     */
    abstract Text text(Identifier identifier, int handle, int slot);
}
