package io.wirespeed.host;

import java.util.function.Function;
import java.util.function.Predicate;

import org.agrona.concurrent.NanoClock;
import org.agrona.concurrent.SystemNanoClock;

import io.wirespeed.codec.EnvelopeReader;
import io.wirespeed.transport.Transport;

/**
 * What the parts of a {@link QueueHost} share: its transport, selector compiler and counters, and the settings that
 * {@link QueueHost#limits} and {@link QueueHost#queueLimits} replace before the host starts (the limits and clock,
 * the proxy that answers clients under them, the admission of messages under the queue limits). Each part reads a
 * setting here when it uses it, so a setting replaced before the start reaches every part. Used on the host's thread
 * only (the settings are replaced before that thread starts).
 */
final class HostContext
{
    final Transport transport;
    final HostCounters counters;
    private final Function<String, Predicate<EnvelopeReader>> selectors;
    HostLimits limits = HostLimits.fromSystemProperties();
    NanoClock clock = SystemNanoClock.INSTANCE;
    ClientProxy proxy = new ClientProxy(limits, clock);
    Admission admission = new Admission(QueueLimits.fromSystemProperties());

    /**
     * @param transport the host's transport.
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
}
