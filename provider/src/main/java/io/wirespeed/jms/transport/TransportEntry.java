package io.wirespeed.jms.transport;

import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import org.agrona.CloseHelper;

import io.wirespeed.jms.config.ConnectionConfig;
import io.wirespeed.jms.config.MediaChannels;
import io.wirespeed.transport.ClientDuty;
import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportContext;
import io.wirespeed.transport.TransportException;
import io.wirespeed.transport.TransportFactories;
import io.wirespeed.transport.TransportFactory;

/**
 * The transports that connections with equal settings share, and the connections holding them. A channel is
 * served by the factory its scheme names ({@link TransportFactories}), whose transport this entry connects
 * on first use and keeps; where that transport cannot run on this host (RDMA without a device), the
 * factory's fallback channel serves instead (UDP on the same endpoint), said once per JVM in the log
 * {@code io.wirespeed.transport.<factory>}. The home transport, connected at once, serves the queue host's
 * channel and the connections' queues.
 */
final class TransportEntry
{
    private static final Set<String> FALLBACKS_LOGGED = new HashSet<>();

    final List<Consumer<TransportException>> listeners = new CopyOnWriteArrayList<>();
    private final TransportFactories factories;
    private final TransportContext context;
    private final Map<TransportFactory, Transport> transports = new LinkedHashMap<>();
    private final Map<TransportFactory, String> unavailable = new LinkedHashMap<>();
    private final Transport home;
    private volatile ClientDuty[] duties = new ClientDuty[0];

    /**
     * Connects the home transport.
     *
     * @param factories the transport factories of this JVM.
     * @param config    the connection's configuration: its transport settings, through {@code context}.
     * @throws TransportException if the home transport cannot be connected.
     */
    TransportEntry(final TransportFactories factories, final ConnectionConfig config)
    {
        this.factories = factories;
        // the runtime's thread runs the clients' housekeeping (doClientWork): no client thread of their own, and a new
        // subscription knows the publications it joined when it is made (a fresh connection's topic consumer reads
        // the first message sent after it at once, not when a client thread next wakes)
        this.context = SharedTransports.transportContext(config, this::onError).ownerRunsClientDuty(true);
        this.home = resolve(MediaChannels.queueHost()).transport();
    }

    /** @return the transport of the queue host's channel, which the connections' queues use. */
    Transport home()
    {
        return home;
    }

    /**
     * The transport that serves a channel here, and the channel as that transport names it.
     *
     * @param channel the configured channel.
     * @return where the channel's messages travel.
     * @throws TransportException if no transport serves the channel, or it cannot be connected.
     */
    synchronized TransportChannel resolve(final String channel)
    {
        final TransportFactory factory = factories.forChannel(channel);
        Transport transport = transports.get(factory);
        if (null == transport && !unavailable.containsKey(factory))
        {
            final String reason = factory.unavailableReason(context);
            if (null != reason)
            {
                unavailable.put(factory, reason);
            }
            else
            {
                transport = factory.connect(context);
                transports.put(factory, transport);
                transport.capability(ClientDuty.class).ifPresent(this::addDuty);
            }
        }
        if (null != transport)
        {
            return new TransportChannel(transport, channel);
        }
        final String reason = unavailable.get(factory);
        final String fallback = factory.fallbackChannel(channel);
        if (null == fallback)
        {
            throw new TransportException("the " + factory.name() + " transport cannot run on this host (" + reason +
                ") and its channels have no fallback: route '" + channel + "' over another transport");
        }
        logFallbackOnce(factory, channel, fallback, reason);
        return resolve(fallback);
    }

    private void addDuty(final ClientDuty duty)
    {
        final ClientDuty[] more = Arrays.copyOf(duties, duties.length + 1);
        more[duties.length] = duty;
        duties = more;
    }

    /**
     * Runs the housekeeping of the transports' clients ({@link ClientDuty}): the runtime's thread calls it from each
     * duty cycle.
     *
     * @return the work done.
     */
    int doClientWork()
    {
        int work = 0;
        for (final ClientDuty duty : duties)
        {
            work += duty.doClientWork();
        }
        return work;
    }

    /** Closes every transport this entry connected. */
    synchronized void close()
    {
        duties = new ClientDuty[0];
        CloseHelper.closeAll(transports.values());
        transports.clear();
    }

    void onError(final TransportException error)
    {
        for (final Consumer<TransportException> listener : listeners)
        {
            listener.accept(error);
        }
    }

    private static void logFallbackOnce(
        final TransportFactory factory, final String channel, final String fallback, final String reason)
    {
        synchronized (FALLBACKS_LOGGED)
        {
            if (FALLBACKS_LOGGED.add(factory.name()))
            {
                System.getLogger("io.wirespeed.transport." + factory.name()).log(System.Logger.Level.WARNING,
                    "[wirespeed] the " + factory.name() + " transport is unavailable on this host, so its channels " +
                    "travel over their fallback instead (" + channel + " over " + fallback + "): " + reason);
            }
        }
    }
}
