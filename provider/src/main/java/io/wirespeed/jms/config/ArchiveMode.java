package io.wirespeed.jms.config;

/**
 * When the embedded driver's archive starts: the URI option {@code archive}.
 */
public enum ArchiveMode
{
    /** When a durable subscription is first needed, or with the first connection when the directory holds some. */
    AUTO("auto"),
    /** With the first connection; queues are then durable too. */
    ON("on"),
    /** Never: durable subscriptions are refused. */
    OFF("off");

    private final String optionValue;

    ArchiveMode(final String optionValue)
    {
        this.optionValue = optionValue;
    }

    /** @return the option's value that selects this mode, e.g. {@code auto}. */
    public String optionValue()
    {
        return optionValue;
    }
}
