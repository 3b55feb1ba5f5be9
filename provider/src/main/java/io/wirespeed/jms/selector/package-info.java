/**
 * JMS message selectors: {@link io.wirespeed.jms.selector.Selector#compile} parses a selector once (a hand-written
 * recursive-descent parser, errors reported as {@code InvalidSelectorException} with the position), and
 * {@link io.wirespeed.jms.selector.Selector#matches} evaluates it against a
 * {@link io.wirespeed.jms.selector.SelectorSource}: in place on an encoded envelope, allocating nothing
 * ({@link io.wirespeed.jms.selector.EnvelopeSelectorSource}), or on a message object
 * ({@link io.wirespeed.jms.selector.MessageSelectorSource}).
 * <p>
 * Evaluation writes values into a register ({@code Operand}) owned by the source instead of creating objects;
 * strings stay where they are (UTF-8 bytes or Java strings) and are compared code point by code point
 * ({@code Text}). Choices the specification leaves open are listed on {@link io.wirespeed.jms.selector.Selector}.
 */
package io.wirespeed.jms.selector;
