package io.wirespeed.transport.rdma;

import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportException;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;
import io.wirespeed.transport.rdma.verbs.GuardedVerbs;
import io.wirespeed.transport.rdma.verbs.Verbs;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;

/**
 * The RDMA transport over any {@link Verbs} backend (native or simulated), for channels
 * {@code wirespeed:rdma?endpoint=host:port|...} (see {@link RdmaChannel}). A publication listens
 * on the endpoint and accepts subscriptions, which connect to it. One conductor thread per
 * transport makes the verbs calls. Use {@link RdmaTransportFactory} to get an RDMA transport where
 * the host supports it and a fallback elsewhere.
 */
public final class RdmaTransport implements Transport
{
    private final Verbs verbs;
    private final Consumer<String> logger;
    private final RdmaConductor conductor;
    private final AgentRunner runner;
    private final Map<String, long[]> devices = new HashMap<>();
    private boolean closed;

    /**
     * Starts a transport with a backoff idle strategy, logging to standard error.
     *
     * @param verbs the verbs backend; guarded here if it is not already a {@link GuardedVerbs}. Not closed by this
     *              transport.
     */
    public RdmaTransport(final Verbs verbs)
    {
        this(verbs, new BackoffIdleStrategy(100, 10, 1_000, 1_000_000), System.err::println);
    }

    /**
     * Starts a transport.
     *
     * @param verbs        the verbs backend; guarded here if it is not already a {@link GuardedVerbs}. Not closed by
     *                     this transport.
     * @param idleStrategy how the conductor waits when idle (a busy spin only on machines with cores to spare).
     * @param logger       receives one line per connection change or failure.
     */
    public RdmaTransport(final Verbs verbs, final IdleStrategy idleStrategy, final Consumer<String> logger)
    {
        this.verbs = verbs instanceof GuardedVerbs ? verbs : new GuardedVerbs(verbs);
        this.logger = logger;
        this.conductor = new RdmaConductor(logger);
        this.runner = new AgentRunner(idleStrategy, ex -> logger.accept("[wirespeed] RDMA conductor error: " + ex),
            null, conductor);
        AgentRunner.startOnThread(runner);
    }

    /** {@inheritDoc} */
    public synchronized TransportPublication addPublication(final String channel, final int streamId)
    {
        checkOpen();
        final RdmaChannel rdmaChannel = RdmaChannel.parse(channel);
        final long[] device = device(rdmaChannel.device());
        final LogBuffer log = new LogBuffer(verbs, device[1], rdmaChannel.termLength(), Verbs.ACCESS_LOCAL_WRITE);
        final int sessionId = ThreadLocalRandom.current().nextInt();
        final int initialTermId = ThreadLocalRandom.current().nextInt();
        final PublicationSender[] sender = new PublicationSender[1];
        final RdmaPublication publication = new RdmaPublication(
            rdmaChannel, channel, streamId, log, sessionId, initialTermId, () -> conductor.remove(sender[0]));
        try
        {
            sender[0] = new PublicationSender(verbs, device[0], device[1], rdmaChannel, publication, log, streamId,
                sessionId, logger);
        }
        catch (final RuntimeException ex)
        {
            log.close();
            throw ex;
        }
        conductor.add(sender[0]);
        return publication;
    }

    /** {@inheritDoc} */
    public synchronized TransportSubscription addSubscription(final String channel, final int streamId)
    {
        checkOpen();
        final RdmaChannel rdmaChannel = RdmaChannel.parse(channel);
        final long[] device = device(rdmaChannel.device());
        final LogBuffer replica = new LogBuffer(verbs, device[1], rdmaChannel.termLength(),
            Verbs.ACCESS_LOCAL_WRITE | Verbs.ACCESS_REMOTE_WRITE);
        final SubscriptionReceiver[] receiver = new SubscriptionReceiver[1];
        final RdmaSubscription subscription = new RdmaSubscription(
            rdmaChannel, channel, streamId, replica, () -> conductor.remove(receiver[0]));
        try
        {
            receiver[0] = new SubscriptionReceiver(verbs, device[0], device[1], rdmaChannel, subscription, replica,
                streamId, logger);
        }
        catch (final RuntimeException ex)
        {
            replica.close();
            throw ex;
        }
        conductor.add(receiver[0]);
        return subscription;
    }

    /** The verbs backend in use ("native" or "simulated"). */
    public String verbsName()
    {
        return verbs.name();
    }

    /** {@inheritDoc} */
    public synchronized void close()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        runner.close();
        for (final long[] device : devices.values())
        {
            verbs.deallocateProtectionDomain(device[1]);
            verbs.closeDevice(device[0]);
        }
        devices.clear();
    }

    private long[] device(final String name)
    {
        final String key = name == null ? "" : name;
        long[] device = devices.get(key);
        if (device == null)
        {
            final long context = verbs.openDevice(name);
            try
            {
                device = new long[] { context, verbs.allocateProtectionDomain(context) };
            }
            catch (final RuntimeException ex)
            {
                verbs.closeDevice(context);
                throw ex;
            }
            devices.put(key, device);
        }
        return device;
    }

    private void checkOpen()
    {
        if (closed)
        {
            throw new TransportException("the RDMA transport is closed");
        }
    }
}
