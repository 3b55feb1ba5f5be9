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

    /**
     * Finds the mode with the given property name.
     *
     * @param name    the property value, e.g. {@code shared}; case is ignored.
     * @param setting the setting the value came from, named in the error.
     * @return the mode.
     * @throws TransportException if no mode has that name.
     */
    public static ThreadingMode byPropertyName(final String name, final String setting)
    {
        for (final ThreadingMode mode : values())
        {
            if (mode.propertyName.equalsIgnoreCase(name.trim()))
            {
                return mode;
            }
        }
        throw new TransportException(
            "unknown threading mode '" + name + "' in " + setting + ": use one of shared, shared-network, dedicated");
    }
}
