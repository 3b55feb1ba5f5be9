package io.wirespeed.host;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;

import org.agrona.concurrent.UnsafeBuffer;

import io.wirespeed.codec.EnvelopeReader;

/**
 * A consumer as the queue host knows it: its credit, its selector, and the messages delivered to
 * it and not yet acknowledged.
 */
final class HostedConsumer
{
    final HostedClient client;
    final long id;
    final HostedQueue queue;
    final Map<Long, StoredMessage> inFlight = new LinkedHashMap<>();
    private final Predicate<EnvelopeReader> selector;
    private final EnvelopeReader reader = new EnvelopeReader();
    private final UnsafeBuffer view = new UnsafeBuffer(new byte[0]);
    int credit;

    HostedConsumer(
        final HostedClient client, final long id, final HostedQueue queue, final Predicate<EnvelopeReader> selector,
        final int credit)
    {
        this.client = client;
        this.id = id;
        this.queue = queue;
        this.selector = selector;
        this.credit = credit;
    }

    boolean accepts(final StoredMessage message)
    {
        if (selector == null)
        {
            return true;
        }
        view.wrap(message.envelope);
        return selector.test(reader.wrap(view, 0, message.envelope.length));
    }
}
