package io.wirespeed.transport.aeron;

import io.aeron.Aeron;
import io.aeron.CommonContext;
import io.aeron.exceptions.AeronException;
import io.aeron.exceptions.RegistrationException;
import io.wirespeed.transport.ClientDuty;
import io.wirespeed.transport.ClusterClients;
import io.wirespeed.transport.CounterRegistry;
import io.wirespeed.transport.DriverStatus;
import io.wirespeed.transport.PersistenceWatch;
import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportException;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;
import org.agrona.CloseHelper;
import org.agrona.concurrent.AgentInvoker;

import java.io.File;
import java.util.Optional;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The {@link Transport} over Aeron: IPC ({@code aeron:ipc}), UDP unicast and UDP multicast
 * channels, served by a media driver embedded in this JVM or by one already running at the
 * configured directory. Closing it closes the Aeron client and gives back its share of the
 * embedded driver, whose last share stops the driver and deletes its directory. Capabilities: a
 * {@link PersistenceWatch} ({@link RecordingWatch}) on the archive that may run beside its media driver, a
 * {@link CounterRegistry} in the driver's CnC file, a {@link DriverStatus} on the driver's heartbeat.
 */
public final class AeronTransport implements Transport
{
    /** The most passes of the client's conductor one {@link ClientDuty#doClientWork} makes. */
    private static final int MAX_CLIENT_DUTY_ROUNDS = 64;

    private final AeronTransportContext context;
    private final Aeron aeron;
    private final EmbeddedMediaDriver driver;
    private final AeronErrorTranslator errors;
    private final AtomicBoolean closed = new AtomicBoolean();

    private AeronTransport(
        final AeronTransportContext context,
        final Aeron aeron,
        final EmbeddedMediaDriver driver,
        final AeronErrorTranslator errors)
    {
        this.context = context;
        this.aeron = aeron;
        this.driver = driver;
        this.errors = errors;
    }

    /**
     * Connects a transport configured by the {@code wirespeed.driver.*} system properties.
     *
     * @return the connected transport.
     * @throws TransportException if the configuration is invalid or no driver can be reached.
     */
    public static AeronTransport connect()
    {
        return connect(new AeronTransportContext().properties(System.getProperties()));
    }

    /**
     * Concludes the context, starts or joins the embedded driver or checks that an external one is running,
     * then connects an Aeron client to it.
     *
     * @param context the settings; concluded here if not yet.
     * @return the connected transport.
     * @throws TransportException naming the setting to change if a setting is invalid or the driver cannot be
     *                            started or reached.
     */
    public static AeronTransport connect(final AeronTransportContext context)
    {
        return connect(context, null);
    }

    /**
     * Concludes the context, starts or joins the embedded driver or checks that an external one is running,
     * then connects an Aeron client to it whose thread a factory makes.
     *
     * @param context       the settings; concluded here if not yet.
     * @param clientThreads makes the Aeron client's conductor thread, or null for Aeron's (non-daemon) default.
     * @return the connected transport.
     * @throws TransportException naming the setting to change if a setting is invalid or the driver cannot be
     *                            started or reached.
     */
    public static AeronTransport connect(final AeronTransportContext context, final ThreadFactory clientThreads)
    {
        return connect(context, clientThreads, false);
    }

    /**
     * Concludes the context, starts or joins the embedded driver or checks that an external one is running,
     * then connects an Aeron client to it, whose conductor either runs on a thread a factory makes or is run by the
     * transport's owner ({@link ClientDuty}).
     *
     * @param context       the settings; concluded here if not yet.
     * @param clientThreads makes the Aeron client's conductor thread, or null for Aeron's (non-daemon) default;
     *                      unused when the owner runs the conductor.
     * @param ownerRunsDuty true if the caller runs the client's conductor by calling this transport's
     *                      {@link ClientDuty} from its own duty cycle (Aeron's conductor agent invoker): no client
     *                      thread, and a new subscription's images are known when {@link #addSubscription} returns.
     * @return the connected transport.
     * @throws TransportException naming the setting to change if a setting is invalid or the driver cannot be
     *                            started or reached.
     */
    public static AeronTransport connect(
        final AeronTransportContext context, final ThreadFactory clientThreads, final boolean ownerRunsDuty)
    {
        final AeronTransportContext config = context.conclude();
        final AeronErrorTranslator errors = new AeronErrorTranslator(config);
        EmbeddedMediaDriver driver = null;
        if (config.embedded())
        {
            driver = EmbeddedMediaDriver.acquire(config);
        }
        else
        {
            requireRunningDriver(config);
        }

        try
        {
            final Aeron.Context clientContext = new Aeron.Context()
                .aeronDirectoryName(config.directory())
                .driverTimeoutMs(config.timeout().toMillis())
                .useConductorAgentInvoker(ownerRunsDuty)
                .errorHandler((error) -> config.errorHandler().accept(errors.asynchronous(error)));
            if (clientThreads != null)
            {
                clientContext.threadFactory(clientThreads);
            }
            final Aeron aeron = Aeron.connect(clientContext);
            return new AeronTransport(config, aeron, driver, errors);
        }
        catch (final AeronException | IllegalStateException ex)
        {
            CloseHelper.quietClose(driver);
            throw new TransportException(
                "cannot connect to the media driver at " + config.directory() + ": " + ex.getMessage() +
                "; check that the driver is running and that " + AeronTransportConfiguration.DIR_PROP +
                " names its directory", ex);
        }
    }

    /** @return the Aeron client, for the archive's clients in this package. */
    Aeron aeron()
    {
        return aeron;
    }

    /**
     * What publishers on this transport can see of an archive beside its media driver.
     *
     * @return a reader of the driver's counters, for one thread at a time.
     */
    public RecordingWatch recordingWatch()
    {
        return new RecordingWatch(aeron.countersReader());
    }

    /**
     * {@inheritDoc}
     * <p>
     * An Aeron transport has a {@link PersistenceWatch}: a new {@link RecordingWatch} on its driver's counters; a
     * {@link CounterRegistry} in its driver's CnC file; a {@link DriverStatus} reading its driver's heartbeat; a
     * {@link ClusterClients} whose sessions are Aeron Cluster clients on this transport's Aeron client.
     */
    @Override
    public <T> Optional<T> capability(final Class<T> type)
    {
        if (PersistenceWatch.class == type)
        {
            return Optional.of(type.cast(recordingWatch()));
        }
        if (CounterRegistry.class == type)
        {
            return Optional.of(type.cast(new AeronCounterRegistry(aeron)));
        }
        if (DriverStatus.class == type)
        {
            return Optional.of(type.cast(new AeronDriverStatus(aeron, context)));
        }
        if (ClusterClients.class == type)
        {
            return Optional.of(type.cast((ClusterClients)(endpoints, egressChannel, timeoutNs) ->
                AeronClusterSession.connect(aeron, endpoints, egressChannel, timeoutNs)));
        }
        if (ClientDuty.class == type && null != aeron.conductorAgentInvoker())
        {
            return Optional.of(type.cast((ClientDuty)this::doClientWork));
        }
        return Optional.empty();
    }

    /** @return the concluded settings this transport was connected with. */
    public AeronTransportContext context()
    {
        return context;
    }

    /**
     * {@inheritDoc}
     * <p>
     * The publication is an Aeron exclusive publication: one writer thread, no contention.
     */
    @Override
    public TransportPublication addPublication(final String channel, final int streamId)
    {
        requireChannel(channel);
        try
        {
            return new AeronPublication(
                aeron.addExclusivePublication(channel, streamId), aeron.context().aeronDirectoryName());
        }
        catch (final RegistrationException ex)
        {
            throw errors.registrationFailed(ex, "publication", channel, streamId);
        }
        catch (final AeronException | IllegalStateException | IllegalArgumentException ex)
        {
            throw refused(ex, channel);
        }
    }

    /** {@inheritDoc} */
    @Override
    public TransportSubscription addSubscription(final String channel, final int streamId)
    {
        requireChannel(channel);
        try
        {
            final ImageGaps gaps = new ImageGaps();
            final AeronSubscription subscription =
                new AeronSubscription(aeron.addSubscription(channel, streamId, gaps, gaps), gaps);
            // the driver announces the publications the subscription joined right after it answered the request:
            // taken now, they are read from the first poll (a client conductor thread would take them when it wakes)
            doClientWork();
            return subscription;
        }
        catch (final RegistrationException ex)
        {
            throw errors.registrationFailed(ex, "subscription", channel, streamId);
        }
        catch (final AeronException | IllegalStateException | IllegalArgumentException ex)
        {
            throw refused(ex, channel);
        }
    }

    /**
     * Runs the client's conductor until it has nothing left to do, where the owner runs it ({@link ClientDuty});
     * else nothing (the client's own thread does).
     *
     * @return the work done.
     */
    private int doClientWork()
    {
        final AgentInvoker invoker = aeron.conductorAgentInvoker();
        int work = 0;
        if (null != invoker && !closed.get())
        {
            for (int i = 0, done; i < MAX_CLIENT_DUTY_ROUNDS && (done = invoker.invoke()) > 0; i++)
            {
                work += done;
            }
        }
        return work;
    }

    /**
     * Closes the Aeron client and gives back the share of the embedded driver, joining their
     * threads. Idempotent.
     */
    @Override
    public void close()
    {
        if (closed.compareAndSet(false, true))
        {
            CloseHelper.closeAll(aeron, driver);
        }
    }

    private TransportException refused(final RuntimeException ex, final String channel)
    {
        if (closed.get() || aeron.isClosed())
        {
            return new TransportException("the transport is closed", ex);
        }
        return errors.invalidChannel(ex, channel);
    }

    private static void requireChannel(final String channel)
    {
        if (!AeronChannels.isAeron(channel))
        {
            throw new TransportException(
                "invalid channel '" + channel + "': an Aeron channel starts with aeron:, e.g. aeron:ipc or " +
                "aeron:udp?endpoint=localhost:40123");
        }
    }

    private static void requireRunningDriver(final AeronTransportContext config)
    {
        final String directory = config.directory();
        if (!CommonContext.isDriverActive(new File(directory), config.timeout().toMillis(), (message) -> {}))
        {
            throw new TransportException(
                "no media driver is running at " + directory + " (" + AeronTransportConfiguration.DIR_PROP +
                ", or aeron.dir): start one with driver/bin/wirespeed-driver -D" +
                AeronTransportConfiguration.DIR_PROP + "=" + directory + " (java -jar wirespeed-driver.jar), or set " +
                AeronTransportConfiguration.EMBEDDED_PROP + "=true to use the embedded driver");
        }
    }
}
