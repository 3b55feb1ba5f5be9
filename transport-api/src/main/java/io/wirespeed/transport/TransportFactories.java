package io.wirespeed.transport;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.TreeSet;

/**
 * The transport factories of a class loader, and the choice of one for a channel: the factory with the
 * longest {@link TransportFactory#schemes() scheme} the channel starts with. Immutable; thread safe.
 */
public final class TransportFactories
{
    private static TransportFactories installed;

    private final List<TransportFactory> factories;

    private TransportFactories(final List<TransportFactory> factories)
    {
        final List<String> claimed = new ArrayList<>();
        final List<TransportFactory> owners = new ArrayList<>();
        for (final TransportFactory factory : factories)
        {
            for (final String scheme : factory.schemes())
            {
                final int previous = claimed.indexOf(scheme);
                if (previous >= 0)
                {
                    throw new TransportException("two transport factories claim the channel scheme '" + scheme +
                        "': " + describe(owners.get(previous)) + " and " + describe(factory) +
                        "; keep one of them on the classpath");
                }
                claimed.add(scheme);
                owners.add(factory);
            }
        }
        this.factories = List.copyOf(factories);
    }

    /**
     * The factories of this JVM: {@link #load()} once, then the same factories for every caller.
     *
     * @return the factories found.
     * @throws TransportException if two of them claim the same scheme.
     */
    public static synchronized TransportFactories installed()
    {
        if (null == installed)
        {
            installed = load();
        }
        return installed;
    }

    /**
     * The factories registered with {@link ServiceLoader} and visible to the class loader of this class.
     *
     * @return the factories found.
     * @throws TransportException if two of them claim the same scheme.
     */
    public static TransportFactories load()
    {
        return load(TransportFactories.class.getClassLoader());
    }

    /**
     * The factories registered with {@link ServiceLoader} and visible to a class loader.
     *
     * @param classLoader where to look.
     * @return the factories found.
     * @throws TransportException if two of them claim the same scheme.
     */
    public static TransportFactories load(final ClassLoader classLoader)
    {
        final List<TransportFactory> found = new ArrayList<>();
        ServiceLoader.load(TransportFactory.class, classLoader).forEach(found::add);
        return new TransportFactories(found);
    }

    /**
     * The given factories, as if they had been found.
     *
     * @param factories the factories.
     * @return them.
     * @throws TransportException if two of them claim the same scheme.
     */
    public static TransportFactories of(final List<TransportFactory> factories)
    {
        return new TransportFactories(factories);
    }

    /** @return every factory, in the order found. */
    public List<TransportFactory> factories()
    {
        return factories;
    }

    /**
     * Whether a factory serves a channel.
     *
     * @param channel a channel URI.
     * @return true when one of the factories claims a scheme the channel starts with.
     */
    public boolean serves(final String channel)
    {
        return null != find(channel);
    }

    /**
     * The factory that serves a channel.
     *
     * @param channel a channel URI, e.g. {@code aeron:udp?endpoint=10.0.0.5:40456}.
     * @return the factory with the longest scheme the channel starts with.
     * @throws TransportException naming the known schemes when no factory serves the channel.
     */
    public TransportFactory forChannel(final String channel)
    {
        final TransportFactory chosen = find(channel);
        if (null == chosen)
        {
            final TreeSet<String> schemes = new TreeSet<>();
            factories.forEach((factory) -> schemes.addAll(factory.schemes()));
            throw new TransportException("no transport serves the channel '" + channel + "': the transports on " +
                "the classpath serve " + (schemes.isEmpty() ? "none" : String.join(", ", schemes)) + "; use one " +
                "of those, or add the transport's jar (io.wirespeed:wirespeed-transport-aeron for aeron:, " +
                "io.wirespeed:wirespeed-transport-rdma for wirespeed:rdma?)");
        }
        return chosen;
    }

    /**
     * The channel vocabulary of the transport that serves a channel or scheme.
     *
     * @param channel a channel URI or a scheme, e.g. {@code aeron:}.
     * @return the {@link TransportFactory#channels()} of the factory that serves it, or null when no factory serves
     *         it or that factory offers none.
     */
    public TransportChannels channels(final String channel)
    {
        final TransportFactory factory = find(channel);
        return null == factory ? null : factory.channels();
    }

    /**
     * Whether a channel is in shared memory ({@link TransportFactory#isSharedMemory}).
     *
     * @param channel a channel URI.
     * @return true when a factory serves the channel and says it is in shared memory.
     */
    public boolean isSharedMemory(final String channel)
    {
        final TransportFactory factory = find(channel);
        return null != factory && factory.isSharedMemory(channel);
    }

    private TransportFactory find(final String channel)
    {
        TransportFactory chosen = null;
        int chosenLength = -1;
        for (final TransportFactory factory : factories)
        {
            for (final String scheme : factory.schemes())
            {
                if (null != channel && channel.startsWith(scheme) && scheme.length() > chosenLength)
                {
                    chosen = factory;
                    chosenLength = scheme.length();
                }
            }
        }
        return chosen;
    }

    private static String describe(final TransportFactory factory)
    {
        return factory.name() + " (" + factory.getClass().getName() + ")";
    }
}
