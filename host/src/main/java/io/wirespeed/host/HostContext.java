package io.wirespeed.host;

import java.util.function.Function;
import java.util.function.Predicate;

import org.agrona.concurrent.EpochClock;
import org.agrona.concurrent.NanoClock;
import org.agrona.concurrent.SystemEpochClock;
import org.agrona.concurrent.SystemNanoClock;

import io.wirespeed.codec.EnvelopeReader;
import io.wirespeed.codec.control.sbe.ErrorCode;
import io.wirespeed.transport.Transport;

/**
 * What the parts of a {@link QueueHost} share: its transport, selector compiler and counters, and the settings that
 * {@link QueueHost#limits} and {@link QueueHost#queueLimits} replace before the host starts (the limits and clock,
 * the proxy that answers clients under them, the admission of messages under the queue limits). Each part reads a
 * setting here when it uses it, so a setting replaced before the start reaches every part. Used on the host's thread
 * only (the settings are replaced before that thread starts).
 * <p>
 * Time is an input, as a clustered state machine needs it: the conductor reads the host's clocks once per duty cycle
 * ({@link #tick}) and the parts read that time, {@link #nowNs} for timeouts and intervals and {@link #nowMs} for the
 * messages' expiry and delivery times; no part reads a clock of its own, so time moves only when the clocks given to
 * {@link QueueHost#clocks} move.
 */
final class HostContext
{
    /** The host's transport; null for a state machine without one ({@link QueueHost#stateMachine}). */
    final Transport transport;
    final HostCounters counters;
    private final Function<String, Predicate<EnvelopeReader>> selectors;
    HostLimits limits = HostLimits.fromSystemProperties();
    /** The host's monotonic clock, for timeouts and intervals; read by {@link #tick} (and by close's deadlines). */
    NanoClock clock = SystemNanoClock.INSTANCE;
    /** The host's wall clock, for the messages' expiry and delivery times; read by {@link #tick}. */
    EpochClock epochClock = SystemEpochClock.INSTANCE;
    /** The monotonic time of this duty cycle, from {@link #clock}. */
    long nowNs;
    /** The epoch time (ms) of this duty cycle, from {@link #epochClock}. */
    long nowMs;
    /** Where everything sent to the clients goes ({@link PublicationEgress} unless a test gives another). */
    HostEgress egress;
    ClientProxy proxy;
    /** What {@link #compileFor} returns for a selector it refused. */
    static final Predicate<EnvelopeReader> REFUSED = (envelope) -> false;
    Admission admission = new Admission(QueueLimits.fromSystemProperties());

    /**
     * @param transport the host's transport, or null for a state machine without one (its egress is given later,
     *                  {@link QueueHost#stateMachine}).
     * @param selectors compiles a selector into a test on an envelope; throws IllegalArgumentException with the
     *                  reason for an invalid one.
     * @param counters  the host's counters.
     */
    HostContext(
        final Transport transport, final Function<String, Predicate<EnvelopeReader>> selectors,
        final HostCounters counters)
    {
        this.transport = transport;
        this.selectors = selectors;
        this.counters = counters;
        this.egress = null == transport ? null : new PublicationEgress(transport, this::limits, this::cycleNs);
        this.proxy = newProxy();
        tick();
    }

    /** Reads the host's clocks: the time of the duty cycle that starts now, for every part. */
    void tick()
    {
        nowNs = clock.nanoTime();
        nowMs = epochClock.time();
    }

    /**
     * A proxy that sends through the current egress.
     *
     * @return the proxy.
     */
    ClientProxy newProxy()
    {
        return new ClientProxy(egress);
    }

    private HostLimits limits()
    {
        return limits;
    }

    private long cycleNs()
    {
        return nowNs;
    }

    /**
     * Compiles a selector.
     *
     * @param selector the selector, blank for none.
     * @return its test, or null for none.
     * @throws IllegalArgumentException with the reason for an invalid one.
     */
    Predicate<EnvelopeReader> compile(final String selector)
    {
        return selector.isBlank() ? null : selectors.apply(selector);
    }

    /**
     * Compiles a consumer's selector, or refuses the consumer ({@code INVALID_SELECTOR}, with the reason) and returns
     * {@link #REFUSED}.
     *
     * @param client     the consumer's client.
     * @param consumerId the consumer.
     * @param selector   the selector, blank for none.
     * @return its test, null for none, or {@link #REFUSED}.
     */
    Predicate<EnvelopeReader> compileFor(final HostSession client, final long consumerId, final String selector)
    {
        try
        {
            return compile(selector);
        }
        catch (final IllegalArgumentException ex)
        {
            proxy.refuse(client, consumerId, ErrorCode.INVALID_SELECTOR, ex.getMessage());
            return REFUSED;
        }
    }
}
