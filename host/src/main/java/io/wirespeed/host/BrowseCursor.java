package io.wirespeed.host;

import java.util.function.Predicate;

import org.agrona.concurrent.UnsafeBuffer;

import io.wirespeed.codec.EnvelopeReader;

/**
 * A browse under way: the queue's messages as they stood when it began, in delivery order (references only, no
 * copies of the envelopes), sent a page per duty cycle while its client takes them, so that browsing a large queue
 * neither holds the host's thread nor floods the client's send queue. A message settled or expired since the browse
 * began is left out when its turn comes. Used on the host's thread only.
 */
final class BrowseCursor
{
    /** The most messages one duty cycle sends of one browse. */
    static final int PAGE = 64;

    final HostedClient client;
    final long correlationId;
    private final StoredMessage[] messages;
    private final Predicate<EnvelopeReader> test;
    private final EnvelopeReader reader = new EnvelopeReader();
    private final UnsafeBuffer view = new UnsafeBuffer(new byte[0]);
    private int next;
    private boolean ended;

    /**
     * @param client        the browsing client.
     * @param correlationId the browse's id.
     * @param messages      the queue's messages in delivery order.
     * @param test          the browse's selector, or null for all.
     */
    BrowseCursor(
        final HostedClient client, final long correlationId, final StoredMessage[] messages,
        final Predicate<EnvelopeReader> test)
    {
        this.client = client;
        this.correlationId = correlationId;
        this.messages = messages;
        this.test = test;
    }

    /**
     * Sends the next page, as far as the client takes it now.
     *
     * @param proxy sends to the client.
     * @param nowMs the time now, for expiry.
     * @return how many messages it went through (sent or left out), and one more when the browse ended.
     */
    int sendPage(final ClientProxy proxy, final long nowMs)
    {
        final int from = next;
        int sent = 0;
        while (next < messages.length && sent < PAGE && client.backlog.isEmpty())
        {
            final StoredMessage message = messages[next];
            messages[next++] = null;
            if (message.isSettled() || message.isExpired(nowMs))
            {
                continue;
            }
            view.wrap(message.envelope);
            if (test == null || test.test(reader.wrap(view, 0, message.envelope.length)))
            {
                proxy.browseItem(client, correlationId, message.deliveryCount, view, 0, message.envelope.length);
                sent++;
            }
        }
        if (next == messages.length && client.backlog.isEmpty())
        {
            proxy.browseEnd(client, correlationId);
            ended = true;
            return next - from + 1;
        }
        return next - from;
    }

    /** @return whether the browse has ended. */
    boolean isEnded()
    {
        return ended;
    }
}
