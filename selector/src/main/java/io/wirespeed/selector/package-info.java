/**
 * JMS message selectors: {@link io.wirespeed.selector.Selector#compile} parses a selector once (a hand-written
 * recursive-descent parser, errors reported as {@code SelectorException} with the position), and
 * {@link io.wirespeed.selector.Selector#matches} evaluates it against a
 * {@link io.wirespeed.selector.SelectorSource}: in place on an encoded envelope, allocating nothing
 * ({@link io.wirespeed.selector.EnvelopeSelectorSource}), or on a message object
 * ({@link io.wirespeed.selector.ObjectSelectorSource}).
 * <p>
 * Evaluation writes values into a register ({@code Operand}) owned by the source instead of creating objects;
 * strings stay where they are (UTF-8 bytes or Java strings) and are compared code point by code point
 * ({@code Text}). Choices the specification leaves open are listed on {@link io.wirespeed.selector.Selector}.
 */
package io.wirespeed.selector;
