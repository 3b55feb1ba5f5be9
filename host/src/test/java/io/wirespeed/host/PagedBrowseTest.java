package io.wirespeed.host;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.wirespeed.codec.DestinationKind;
import io.wirespeed.codec.EnvelopeReader;
import io.wirespeed.codec.EnvelopeWriter;
import io.wirespeed.codec.control.QueueStreams;
import io.wirespeed.codec.control.sbe.BrowseEncoder;
import io.wirespeed.codec.control.sbe.BrowseEndDecoder;
import io.wirespeed.codec.control.sbe.BrowseItemDecoder;
import io.wirespeed.codec.control.sbe.MessageHeaderDecoder;
import io.wirespeed.codec.control.sbe.MessageHeaderEncoder;
import io.wirespeed.test.AdjustableClock;
import io.wirespeed.test.transport.InMemoryMedium;
import io.wirespeed.test.transport.InMemoryTransport;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Browsing a large queue: the host sends it a page per duty cycle while the browsing client takes it, so another
 * client is answered while the browse goes on, and the browsing client gets every message, in delivery order,
 * without its send queue overflowing.
 */
class PagedBrowseTest
{
    private static final int MESSAGES = 50_000;

    private final AdjustableClock clock = new AdjustableClock();
    private final InMemoryTransport transport = new InMemoryMedium(1 << 22).connect();
    private final QueueHost host = new QueueHost(transport, QueueSelectors::compile)
        .limits(new HostLimits(64, 4096, 8 << 20, TimeUnit.SECONDS.toNanos(10)), clock);
    private final TransportPublication control = transport.addPublication(QueueHostChannels.IPC,
        QueueStreams.CONTROL_STREAM);
    private final TransportPublication inbound = transport.addPublication(QueueHostChannels.IPC,
        QueueStreams.INBOUND_STREAM);
    private final Browser big = new Browser(1, 5001);
    private final Browser small = new Browser(2, 5002);
    private Level hostLogLevel;

    @BeforeEach
    void quietHostWarnings()
    {
        hostLogLevel = Logger.getLogger("io.wirespeed.host").getLevel();
        Logger.getLogger("io.wirespeed.host").setLevel(Level.OFF);
    }

    @AfterEach
    void close()
    {
        Logger.getLogger("io.wirespeed.host").setLevel(hostLogLevel);
        host.close();
        transport.close();
    }

    @Test
    void aBrowseOfALargeQueueGoesInPagesWhileOtherClientsAreAnswered()
    {
        final UnsafeBuffer out = new UnsafeBuffer(new byte[256]);
        final EnvelopeWriter writer = new EnvelopeWriter();
        for (int i = 0; i < MESSAGES; i++)
        {
            final int length = writer.wrap(out, 0).messageId(9, 9, 1, 1, i).timestamp(i)
                .priority(i % 100 == 0 ? 9 : 4).destination(DestinationKind.QUEUE, "big").textBody("m" + i).finish();
            while (inbound.offer(out, 0, length) < 0)
            {
                host.doWork();
            }
        }
        while (host.doWork() > 0)
        {
            // take in every message
        }

        big.browse("big");
        small.browse("empty");
        int itemsWhenSmallAnswered = -1;
        for (int cycles = 0; cycles < 100_000 && !big.ended; cycles++)
        {
            host.doWork();
            big.poll();
            small.poll();
            if (small.ended && itemsWhenSmallAnswered < 0)
            {
                itemsWhenSmallAnswered = big.sequences.size();
            }
        }

        assertTrue(small.ended, "the other client was answered");
        assertTrue(itemsWhenSmallAnswered >= 0 && itemsWhenSmallAnswered < MESSAGES / 10,
            "the other client was answered while the large browse went on, after " + itemsWhenSmallAnswered);
        assertTrue(big.ended, "the large browse ended");
        assertEquals(MESSAGES, big.sequences.size(), "every message browsed");
        final List<Long> expected = new ArrayList<>();
        for (int i = 0; i < MESSAGES; i += 100)
        {
            expected.add((long)i);
        }
        for (int i = 0; i < MESSAGES; i++)
        {
            if (i % 100 != 0)
            {
                expected.add((long)i);
            }
        }
        assertEquals(expected, big.sequences, "delivery order: priority, then arrival");
    }

    /** A client that browses, on the test's thread. */
    private final class Browser
    {
        private final long id;
        private final int replyStream;
        private final TransportSubscription replies;
        private final MessageHeaderDecoder header = new MessageHeaderDecoder();
        private final BrowseItemDecoder item = new BrowseItemDecoder();
        private final EnvelopeReader reader = new EnvelopeReader();
        private final UnsafeBuffer request = new UnsafeBuffer(new byte[256]);
        private final UnsafeBuffer envelope = new UnsafeBuffer(new byte[0]);
        private final List<Long> sequences = new ArrayList<>();
        private boolean ended;

        Browser(final long id, final int replyStream)
        {
            this.id = id;
            this.replyStream = replyStream;
            this.replies = transport.addSubscription(QueueHostChannels.IPC, replyStream);
        }

        void browse(final String queue)
        {
            final BrowseEncoder browse = new BrowseEncoder().wrapAndApplyHeader(request, 0, new MessageHeaderEncoder())
                .correlationId(1);
            browse.client().high(id).low(id).replyStreamId(replyStream);
            browse.queue(queue).selector("");
            while (control.offer(request, 0, MessageHeaderEncoder.ENCODED_LENGTH + browse.encodedLength()) < 0)
            {
                host.doWork();
            }
        }

        void poll()
        {
            replies.poll(this::onReply, 64);
        }

        private void onReply(final DirectBuffer buffer, final int offset, final int length)
        {
            header.wrap(buffer, offset);
            final int body = offset + MessageHeaderDecoder.ENCODED_LENGTH;
            if (buffer.getLong(body) != id)
            {
                return;
            }
            if (header.templateId() == BrowseItemDecoder.TEMPLATE_ID)
            {
                item.wrap(buffer, body, header.blockLength(), header.version());
                final byte[] bytes = new byte[item.envelopeLength()];
                item.getEnvelope(bytes, 0, bytes.length);
                envelope.wrap(bytes);
                sequences.add(reader.wrap(envelope, 0, bytes.length).sequence());
            }
            else if (header.templateId() == BrowseEndDecoder.TEMPLATE_ID)
            {
                ended = true;
            }
        }
    }
}
