package io.wirespeed.host;

import java.util.Locale;

/**
 * What the queue host does with a producer when a queue, or the host, is full ({@link QueueLimits}): in the spirit
 * of the address-full policies of other brokers, but never dropping silently.
 */
public enum FullPolicy
{
    /** The producer waits for room up to its {@code sendTimeout}, then fails (ResourceAllocationException). */
    BLOCK,
    /** The send fails at once with a ResourceAllocationException. */
    FAIL;

    /**
     * The policy a setting names.
     *
     * @param text {@code block} or {@code fail}, any case.
     * @param what the setting, for the message.
     * @return the policy.
     * @throws IllegalArgumentException for anything else.
     */
    public static FullPolicy parse(final String text, final String what)
    {
        try
        {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        }
        catch (final IllegalArgumentException ex)
        {
            throw new IllegalArgumentException(what + "=" + text + " is not a policy: use block or fail");
        }
    }

    /** @return the name as settings spell it. */
    public String settingName()
    {
        return name().toLowerCase(Locale.ROOT);
    }
}
