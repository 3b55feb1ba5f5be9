package io.wirespeed.host;

import java.util.ArrayList;
import java.util.Arrays;
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
import io.wirespeed.codec.EnvelopeWriter;
import io.wirespeed.codec.control.QueueStreams;
import io.wirespeed.codec.control.sbe.AcknowledgeEncoder;
import io.wirespeed.codec.control.sbe.BrowseEncoder;
import io.wirespeed.codec.control.sbe.BrowseEndDecoder;
import io.wirespeed.codec.control.sbe.CreditEncoder;
import io.wirespeed.codec.control.sbe.DeliverDecoder;
import io.wirespeed.codec.control.sbe.MessageHeaderDecoder;
import io.wirespeed.codec.control.sbe.MessageHeaderEncoder;
import io.wirespeed.codec.control.sbe.SubscribeEncoder;
import io.wirespeed.test.AdjustableClock;
import io.wirespeed.test.transport.InMemoryMedium;
import io.wirespeed.test.transport.InMemoryTransport;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The queue host under broken and hostile clients: clients that never read their replies, forged client ids. The
 * host runs on the test's thread through its real decoding path (the transport's control and inbound streams, and
 * the control adapter fed directly), so that an exception anywhere in it fails the test, and time is the test's clock.
 */
class HostileClientsTest
{
    private static final long TIMEOUT_NS = TimeUnit.SECONDS.toNanos(1);
    private static final int MAX_CLIENTS = 64;
    private static final int GOOD_REPLY_STREAM = 5001;

    private final AdjustableClock clock = new AdjustableClock();
    private final InMemoryTransport transport = new InMemoryMedium().connect();
    private final QueueHost host = new QueueHost(transport, QueueSelectors::compile)
        .limits(new HostLimits(MAX_CLIENTS, 256, 1 << 20, TIMEOUT_NS), clock);
    private final ControlAdapter adapter = new ControlAdapter(host);
    private final TransportPublication control = transport.addPublication(QueueStreams.CHANNEL,
        QueueStreams.CONTROL_STREAM);
    private final TransportPublication inbound = transport.addPublication(QueueStreams.CHANNEL,
        QueueStreams.INBOUND_STREAM);
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[4096]);
    private final MessageHeaderEncoder headerEncoder = new MessageHeaderEncoder();
    private Level hostLogLevel;

    @BeforeEach
    void quietHostWarnings()
    {
        // a million dropped requests each log a warning; the test asserts outcomes, not the log
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
    void aClientThatNeverReadsIsCutOffAndItsDeliveriesGoToAnotherConsumer()
    {
        final Client reader = new Client(1, 1, GOOD_REPLY_STREAM);
        final Client sleeper = new Client(2, 2, GOOD_REPLY_STREAM + 1);
        sleeper.subscribe(1, "orders", 1_000_000);
        final int messages = 2_000;
        for (int i = 0; i < messages; i++)
        {
            reader.send("orders", i);
            host.doWork();
        }
        for (int i = 0; i < 100; i++)
        {
            sleeper.browse(i, "orders");
            host.doWork();
        }
        reader.subscribe(1, "orders", 1_000_000);
        reader.roundTrip(0, "");
        assertEquals(2, host.clientCount(), "the client that does not read is served until the timeout");

        clock.advanceNanos(TIMEOUT_NS + 1);
        host.doWork();

        assertEquals(1, host.clientCount(), "the client that never read its replies is cut off after the timeout");
        reader.awaitAllInAnyOrder(messages);
    }

    @Test
    void forgedClientIdsLeaveNoLastingState()
    {
        final Client good = new Client(1, 1, GOOD_REPLY_STREAM);
        good.subscribe(1, "orders", 10);
        final CreditEncoder credit = new CreditEncoder();
        for (int forged = 0; forged < 3_000; forged++)
        {
            credit.wrapAndApplyHeader(buffer, 0, headerEncoder).consumerId(1).credit(1).client().high(forged + 100)
                .low(forged).replyStreamId(10_000 + forged);
            adapter.onMessage(buffer, 0, MessageHeaderEncoder.ENCODED_LENGTH + credit.encodedLength());
            host.doWork();
        }
        assertEquals(MAX_CLIENTS, host.clientCount(), "forged ids beyond the cap are refused");
        good.roundTrip(0, "");

        clock.advanceNanos(TIMEOUT_NS + 1);
        host.doWork();

        assertEquals(1, host.clientCount(), "forged clients that never connect are forgotten after the timeout");
        good.send("orders", 0);
        good.awaitAll(1, "");
    }

    private static byte[] envelope(final String queue, final int sequence)
    {
        final UnsafeBuffer out = new UnsafeBuffer(new byte[512]);
        final int length = new EnvelopeWriter().wrap(out, 0).messageId(9, 9, 1, 1, sequence).timestamp(sequence)
            .destination(DestinationKind.QUEUE, queue).textBody("message " + sequence).finish();
        final byte[] bytes = new byte[length];
        out.getBytes(0, bytes);
        return bytes;
    }

    private void offer(final TransportPublication publication, final DirectBuffer bytes, final int length)
    {
        for (int tries = 0; publication.offer(bytes, 0, length) < 0; tries++)
        {
            assertTrue(tries < 1_000, "the host does not read its stream");
            host.doWork();
        }
    }

    /** A client that follows the protocol, on the test's thread. */
    private final class Client
    {
        private final long high;
        private final long low;
        private final int replyStream;
        private final TransportSubscription replies;
        private final List<byte[]> sent = new ArrayList<>();
        private final List<byte[]> received = new ArrayList<>();
        private final MessageHeaderDecoder header = new MessageHeaderDecoder();
        private final DeliverDecoder deliver = new DeliverDecoder();
        private final BrowseEndDecoder browseEnd = new BrowseEndDecoder();
        private final AcknowledgeEncoder ack = new AcknowledgeEncoder();
        private final UnsafeBuffer request = new UnsafeBuffer(new byte[1024]);
        private long answered = -1;

        Client(final long high, final long low, final int replyStream)
        {
            this.high = high;
            this.low = low;
            this.replyStream = replyStream;
            this.replies = transport.addSubscription(QueueStreams.CHANNEL, replyStream);
        }

        void subscribe(final long consumerId, final String queue, final int credit)
        {
            final SubscribeEncoder subscribe = new SubscribeEncoder().wrapAndApplyHeader(request, 0, headerEncoder)
                .consumerId(consumerId).credit(credit);
            subscribe.client().high(high).low(low).replyStreamId(replyStream);
            subscribe.queue(queue).selector("");
            offer(control, request, MessageHeaderEncoder.ENCODED_LENGTH + subscribe.encodedLength());
        }

        void browse(final long correlationId, final String queue)
        {
            final BrowseEncoder browse = new BrowseEncoder().wrapAndApplyHeader(request, 0, headerEncoder)
                .correlationId(correlationId);
            browse.client().high(high).low(low).replyStreamId(replyStream);
            browse.queue(queue).selector("");
            offer(control, request, MessageHeaderEncoder.ENCODED_LENGTH + browse.encodedLength());
        }

        void send(final String queue, final int sequence)
        {
            final byte[] envelope = envelope(queue, sequence);
            sent.add(envelope);
            offer(inbound, new UnsafeBuffer(envelope), envelope.length);
        }

        /** Browses an empty queue and waits a few duty cycles of the host for its end. */
        void roundTrip(final long correlationId, final String repeat)
        {
            browse(correlationId, "probe");
            for (int cycles = 0; cycles < 100 && answered != correlationId; cycles++)
            {
                host.doWork();
                replies.poll(this::onReply, 64);
            }
            assertEquals(correlationId, answered, "round trip " + correlationId + " unanswered" + repeat);
        }

        void awaitAll(final int count, final String repeat)
        {
            for (int cycles = 0; cycles < 10_000 && received.size() < count; cycles++)
            {
                host.doWork();
                replies.poll(this::onReply, 64);
            }
            assertEquals(count, received.size(), "deliveries to the well-behaved client" + repeat);
            for (int i = 0; i < count; i++)
            {
                assertTrue(Arrays.equals(sent.get(i), received.get(i)), "message " + i + " differs" + repeat);
            }
        }

        void awaitAllInAnyOrder(final int count)
        {
            for (int cycles = 0; cycles < 10_000 && received.size() < count; cycles++)
            {
                host.doWork();
                replies.poll(this::onReply, 64);
            }
            assertEquals(count, received.size(), "deliveries to the client that reads");
            final List<String> expected = new ArrayList<>();
            final List<String> actual = new ArrayList<>();
            sent.forEach(bytes -> expected.add(Arrays.toString(bytes)));
            received.forEach(bytes -> actual.add(Arrays.toString(bytes)));
            expected.sort(null);
            actual.sort(null);
            assertEquals(expected, actual, "every message, those given back by the cut-off client included");
        }

        private void onReply(final DirectBuffer buffer, final int offset, final int length)
        {
            header.wrap(buffer, offset);
            final int body = offset + MessageHeaderDecoder.ENCODED_LENGTH;
            if (header.templateId() == DeliverDecoder.TEMPLATE_ID)
            {
                deliver.wrap(buffer, body, header.blockLength(), header.version());
                if (deliver.client().high() != high || deliver.client().low() != low)
                {
                    return;
                }
                final long consumerId = deliver.consumerId();
                final long deliveryId = deliver.deliveryId();
                final byte[] envelope = new byte[deliver.envelopeLength()];
                deliver.getEnvelope(envelope, 0, envelope.length);
                received.add(envelope);
                ack.wrapAndApplyHeader(request, 0, headerEncoder).consumerId(consumerId).deliveryId(deliveryId)
                    .client().high(high).low(low).replyStreamId(replyStream);
                offer(control, request, MessageHeaderEncoder.ENCODED_LENGTH + ack.encodedLength());
            }
            else if (header.templateId() == BrowseEndDecoder.TEMPLATE_ID)
            {
                browseEnd.wrap(buffer, body, header.blockLength(), header.version());
                if (browseEnd.client().high() == high && browseEnd.client().low() == low)
                {
                    answered = browseEnd.correlationId();
                }
            }
        }
    }
}
