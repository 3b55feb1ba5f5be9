package io.wirespeed.transport.rdma;

import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportChannels;
import io.wirespeed.transport.TransportContext;
import io.wirespeed.transport.TransportException;
import io.wirespeed.transport.TransportFactories;
import io.wirespeed.transport.TransportFactory;
import io.wirespeed.transport.rdma.verbs.NativeVerbs;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The {@link TransportFactory} of {@code wirespeed:rdma?} channels (registered with {@link ServiceLoader}):
 * an {@link RdmaTransport} over the {@link VerbsBackend} that the option {@value #VERBS_OPTION} names
 * ({@code native}, the default, or {@code simulated} from this module's test jar). Where the host has no RDMA
 * it says why ({@link #unavailableReason}) and its channels travel over UDP on the same endpoint
 * ({@link #fallbackChannel}). The static {@code create} methods make the same choice for code that holds a
 * fallback transport of its own.
 */
public final class RdmaTransportFactory implements TransportFactory
{
    /** The {@link TransportContext#option(String) option} that names the verbs backend. */
    public static final String VERBS_OPTION = "rdmaVerbs";
    /** The artifact that holds the simulated verbs backend, named where it is asked for and missing. */
    public static final String SIMULATED_ARTIFACT =
        "io.wirespeed:wirespeed-transport-rdma with <type>test-jar</type> and <scope>test</scope>";

    /** The scheme of the transport that carries RDMA channels where RDMA cannot run (UDP, on the same endpoint). */
    private static final String FALLBACK_SCHEME = "aeron:";

    /** {@inheritDoc} */
    @Override
    public String name()
    {
        return "rdma";
    }

    /** {@inheritDoc} */
    @Override
    public List<String> schemes()
    {
        return List.of(RdmaChannel.PREFIX);
    }

    /**
     * {@inheritDoc}
     * <p>
     * Asks the backend the {@value #VERBS_OPTION} option names; the native one probes the host once per JVM.
     */
    @Override
    public String unavailableReason(final TransportContext context)
    {
        final RdmaAvailability availability = backend(context).availability();
        return availability.available() ? null : availability.reason();
    }

    /**
     * {@inheritDoc}
     *
     * @return UDP on the RDMA channel's endpoint ({@code aeron:udp?endpoint=host:port}), as the transport that
     *         serves {@code aeron:} channels writes it; null when no transport on the classpath does.
     */
    @Override
    public String fallbackChannel(final String channel)
    {
        final TransportChannels udp = TransportFactories.installed().channels(FALLBACK_SCHEME);
        return null == udp ? null : udp.udp(RdmaChannel.parse(channel).endpoint(), null, 0, 0);
    }

    /** {@inheritDoc} */
    @Override
    public Transport connect(final TransportContext context)
    {
        return new RdmaTransport(backend(context).verbs());
    }

    /**
     * The backend a context's {@value #VERBS_OPTION} option names, among those on the classpath.
     *
     * @param context the settings.
     * @return the backend.
     * @throws TransportException naming the artifact to add when no backend of that name is on the classpath.
     */
    static VerbsBackend backend(final TransportContext context)
    {
        final String option = context.option(VERBS_OPTION);
        final List<VerbsBackend> found = new ArrayList<>();
        ServiceLoader.load(VerbsBackend.class, RdmaTransportFactory.class.getClassLoader()).forEach(found::add);
        return backend(null == option ? NativeVerbsBackend.NAME : option, found);
    }

    /**
     * The backend of a name among those found.
     *
     * @param name  the backend's name.
     * @param found the backends on the classpath.
     * @return the backend.
     * @throws TransportException naming the artifact to add when none has that name.
     */
    static VerbsBackend backend(final String name, final List<VerbsBackend> found)
    {
        final List<String> names = new ArrayList<>();
        for (final VerbsBackend backend : found)
        {
            if (backend.name().equals(name))
            {
                return backend;
            }
            names.add(backend.name());
        }
        throw new TransportException(VERBS_OPTION + "=" + name + ": no verbs backend of that name is on the " +
            "classpath (found: " + (names.isEmpty() ? "none" : String.join(", ", names)) + ")" +
            ("simulated".equals(name) ? "; the simulated verbs are for tests only and live in the test jar of " +
            "transport-rdma: add the dependency " + SIMULATED_ARTIFACT : "; use rdmaVerbs=native"));
    }

    /**
     * Probes this host and returns an RDMA transport or the fallback, logging to standard error.
     *
     * @param fallback creates the transport to use when RDMA is unavailable; called at most once.
     * @return the transport to use.
     */
    public static Transport create(final Supplier<Transport> fallback)
    {
        return create(RdmaAvailability.probe(), fallback, System.err::println);
    }

    /**
     * Returns an RDMA transport if {@code availability} says RDMA is available, else the fallback.
     *
     * @param availability the probe's outcome.
     * @param fallback     creates the transport to use when RDMA is unavailable.
     * @param logger       receives the one line saying why RDMA is not used.
     * @return the transport to use.
     */
    public static Transport create(
        final RdmaAvailability availability, final Supplier<Transport> fallback, final Consumer<String> logger)
    {
        if (availability.available())
        {
            return new RdmaTransport(new NativeVerbs());
        }
        logger.accept("[wirespeed] RDMA unavailable, using the UDP transport instead: " + availability.reason());
        return fallback.get();
    }
}
