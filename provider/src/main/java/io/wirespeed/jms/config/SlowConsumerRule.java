package io.wirespeed.jms.config;

/**
 * One {@code slowConsumers.<pattern>=hold|drop} option: consumers of topics whose names match the pattern (the
 * routes' grammar, {@link io.wirespeed.codec.NamePattern}) follow the policy.
 *
 * @param pattern the topic name pattern.
 * @param policy  the policy for matching topics.
 */
public record SlowConsumerRule(String pattern, SlowConsumerPolicy policy)
{
    /**
     * Checks the pattern.
     *
     * @throws IllegalArgumentException if the pattern is not valid, saying why.
     */
    public SlowConsumerRule
    {
        ChannelRule.checkPattern("slowConsumers", pattern);
    }
}
