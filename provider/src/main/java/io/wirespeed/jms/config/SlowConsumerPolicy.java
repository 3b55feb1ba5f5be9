package io.wirespeed.jms.config;

import java.util.Locale;

/**
 * What happens when a topic consumer cannot keep up with its publishers: the URI options {@code slowConsumers} and
 * {@code slowConsumers.<pattern>} (docs/configuration.md, "Slow consumers").
 */
public enum SlowConsumerPolicy
{
    /**
     * The consumer holds its publishers back: once it is a window behind, their sends meet back-pressure and fail
     * after {@code sendTimeout}. Nothing is lost; one slow consumer paces every publisher of its stream.
     */
    HOLD,
    /**
     * The consumer falls behind alone: after {@code slowConsumerTimeout} a full window behind it is left behind and
     * rejoins the stream where it is now, losing what it had not read; its connection's {@code ExceptionListener}
     * hears of the loss and a counter ({@code consumer.loss.bytes}) adds it up. Publishers and other consumers go
     * on at their own pace.
     */
    DROP;

    /** @return the option's value that selects this policy, e.g. {@code drop}. */
    public String optionValue()
    {
        return name().toLowerCase(Locale.ROOT);
    }
}
