package io.wirespeed.transport;

/**
 * How a transport spreads its own work (for Aeron: the media driver's conductor, sender and receiver)
 * over threads, each with the name used in properties and URIs. Only {@link #SHARED} suits a small machine.
 */
public enum ThreadingMode
{
    /** One thread does everything: the default, right for small machines. */
    SHARED("shared"),
    /** One thread for the conductor, one shared by sending and receiving. */
    SHARED_NETWORK("shared-network"),
    /** A thread for each duty, spinning: only with cores to spare. */
    DEDICATED("dedicated");

    private final String propertyName;

    ThreadingMode(final String propertyName)
    {
        this.propertyName = propertyName;
    }

    /**
     * The name this mode has in properties, e.g. {@code shared-network}.
     *
     * @return the property value that selects this mode.
     */
    public String propertyName()
    {
        return propertyName;
    }
}
