package io.wirespeed.jms.config;

/**
 * One {@code slowConsumers.<pattern>=hold|drop} option: consumers of topics whose names match the pattern (the
 * routes' syntax, {@link ChannelRule#matches(String, String)}) follow the policy.
 *
 * @param pattern the topic name pattern.
 * @param policy  the policy for matching topics.
 */
public record SlowConsumerRule(String pattern, SlowConsumerPolicy policy)
{
}
