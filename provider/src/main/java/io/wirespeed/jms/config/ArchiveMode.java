package io.wirespeed.jms.config;

import java.util.Locale;

/**
 * When the embedded driver's archive starts: the URI option {@code archive}.
 */
public enum ArchiveMode
{
    /** When a durable subscription is first needed, or with the first connection when the directory holds some. */
    AUTO,
    /** With the first connection; queues are then durable too. */
    ON,
    /** Never: durable subscriptions are refused. */
    OFF;

    /** @return the option's value that selects this mode, e.g. {@code auto}. */
    public String optionValue()
    {
        return name().toLowerCase(Locale.ROOT);
    }
}
