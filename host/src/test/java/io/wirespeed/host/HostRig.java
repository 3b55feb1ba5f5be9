package io.wirespeed.host;

import java.util.ArrayList;
import java.util.List;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import io.wirespeed.codec.DestinationKind;
import io.wirespeed.codec.EnvelopeReader;
import io.wirespeed.codec.EnvelopeWriter;
import io.wirespeed.codec.control.QueueStreams;
import io.wirespeed.codec.control.sbe.AcceptedDecoder;
import io.wirespeed.codec.control.sbe.AcknowledgeEncoder;
import io.wirespeed.codec.control.sbe.BooleanType;
import io.wirespeed.codec.control.sbe.BrowseEndDecoder;
import io.wirespeed.codec.control.sbe.BrowseEncoder;
import io.wirespeed.codec.control.sbe.BrowseItemDecoder;
import io.wirespeed.codec.control.sbe.CloseConsumerEncoder;
import io.wirespeed.codec.control.sbe.ConnectEncoder;
import io.wirespeed.codec.control.sbe.ConnectedDecoder;
import io.wirespeed.codec.control.sbe.CreateTemporaryQueueEncoder;
import io.wirespeed.codec.control.sbe.CreditEncoder;
import io.wirespeed.codec.control.sbe.DeliverDecoder;
import io.wirespeed.codec.control.sbe.GiveBackEncoder;
import io.wirespeed.codec.control.sbe.MessageHeaderDecoder;
import io.wirespeed.codec.control.sbe.MessageHeaderEncoder;
import io.wirespeed.codec.control.sbe.RefusedDecoder;
import io.wirespeed.codec.control.sbe.SendCreditEncoder;
import io.wirespeed.codec.control.sbe.SendGrantDecoder;
import io.wirespeed.codec.control.sbe.SubscribeEncoder;
import io.wirespeed.test.AdjustableClock;
import io.wirespeed.test.transport.InMemoryMedium;
import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A queue host on its own transport (an in-memory medium unless given another), driven on the test's thread: its duty
 * cycle runs only when the test calls {@link #cycle} (or {@link #settle}), and its clocks (monotonic and wall) are one
 * {@link AdjustableClock} that moves only when the test moves it. Clients ({@link Client}) send control requests and
 * queue messages on the host's real streams and keep a transcript of every reply they read.
 */
final class HostRig implements AutoCloseable
{
    final AdjustableClock clock = new AdjustableClock();
    final Transport transport;
    final QueueHost host;
    private final TransportPublication control;
    private final TransportPublication inbound;
    private final List<Client> clients = new ArrayList<>();
    private final UnsafeBuffer out = new UnsafeBuffer(new byte[4096]);
    private final MessageHeaderEncoder header = new MessageHeaderEncoder();

    /**
     * @param clientTimeoutNs the host's client timeout.
     */
    HostRig(final long clientTimeoutNs)
    {
        this(new InMemoryMedium(1 << 22).connect(), clientTimeoutNs);
    }

    /**
     * @param transport       the host's transport, closed with the rig.
     * @param clientTimeoutNs the host's client timeout.
     */
    HostRig(final Transport transport, final long clientTimeoutNs)
    {
        this.transport = transport;
        control = transport.addPublication(QueueHostChannels.IPC, QueueStreams.CONTROL_STREAM);
        inbound = transport.addPublication(QueueHostChannels.IPC, QueueStreams.INBOUND_STREAM);
        host = new QueueHost(transport, QueueSelectors::compile)
            .limits(new HostLimits(64, 4096, 8 << 20, clientTimeoutNs), clock)
            .clocks(clock, clock);
    }

    /**
     * A client of the host, reading its replies on its own stream.
     *
     * @param high        its connection id, high half.
     * @param low         its connection id, low half.
     * @param replyStream its reply stream.
     * @return the client.
     */
    Client client(final long high, final long low, final int replyStream)
    {
        final Client client = new Client(high, low, replyStream);
        clients.add(client);
        return client;
    }

    /** @return the clients made so far, in the order made. */
    List<Client> clients()
    {
        return clients;
    }

    /**
     * Runs the host's duty cycle a number of times, each followed by every client reading its replies.
     *
     * @param cycles how many.
     */
    void cycle(final int cycles)
    {
        for (int i = 0; i < cycles; i++)
        {
            host.doWork();
            for (final Client client : clients)
            {
                client.read();
            }
        }
    }

    /**
     * Runs duty cycles until the host has nothing more to do for a while: no work, no reply read, for 20 cycles.
     */
    void settle()
    {
        int idle = 0;
        for (int cycles = 0; idle < 20; cycles++)
        {
            assertTrue(cycles < 100_000, "the host did not settle");
            int work = host.doWork();
            for (final Client client : clients)
            {
                work += client.read();
            }
            idle = work == 0 ? idle + 1 : 0;
        }
    }

    /**
     * Runs duty cycles until the test's publications to the host are connected (the host subscribed).
     */
    void awaitConnected()
    {
        final long deadline = System.nanoTime() + 10_000_000_000L;
        while (!control.isConnected() || !inbound.isConnected())
        {
            assertTrue(System.nanoTime() < deadline, "the host's streams did not connect");
            cycle(1);
        }
    }

    /**
     * Runs duty cycles until a client has read a reply.
     *
     * @param client the client.
     * @param reply  the reply, in the words of its transcript.
     */
    void awaitReply(final Client client, final String reply)
    {
        final long deadline = System.nanoTime() + 10_000_000_000L;
        while (!client.transcript.contains(reply))
        {
            assertTrue(System.nanoTime() < deadline, "no '" + reply + "': " + client.transcript);
            cycle(1);
        }
    }

    /**
     * Sends a queue message.
     *
     * @param from         the sending client.
     * @param queue        the queue.
     * @param sequence     its producer's sequence.
     * @param priority     its priority.
     * @param expiration   when it expires (epoch ms), 0 for never.
     * @param deliveryTime when it falls due (epoch ms), 0 for at once.
     */
    void send(
        final Client from, final String queue, final long sequence, final int priority, final long expiration,
        final long deliveryTime)
    {
        final int length = new EnvelopeWriter().wrap(out, 0).messageId(from.high, from.low, 1, 1, sequence)
            .timestamp(sequence).priority(priority).expiration(expiration).deliveryTime(deliveryTime)
            .destination(DestinationKind.QUEUE, queue).textBody("m" + sequence).finish();
        offer(inbound, length);
    }

    /**
     * Sends a queue message of priority 4 that never expires and is due at once.
     *
     * @param from     the sending client.
     * @param queue    the queue.
     * @param sequence its producer's sequence.
     */
    void send(final Client from, final String queue, final long sequence)
    {
        send(from, queue, sequence, 4, 0, 0);
    }

    private void offer(final TransportPublication publication, final int length)
    {
        for (int tries = 0; publication.offer(out, 0, length) < 0; tries++)
        {
            assertTrue(tries < 1_000, "the host does not read its stream");
            cycle(1);
        }
    }

    @Override
    public void close()
    {
        host.close();
        transport.close();
    }

    /** A delivery a client read. */
    record Delivery(long consumerId, long deliveryId, int deliveryCount, long sequence)
    {
    }

    /** A client that follows the protocol, on the test's thread. */
    final class Client
    {
        final long high;
        final long low;
        final int replyStream;
        /** Every reply read, in order, in words. */
        final List<String> transcript = new ArrayList<>();
        final List<Delivery> deliveries = new ArrayList<>();
        private final TransportSubscription replies;
        private final MessageHeaderDecoder headerDecoder = new MessageHeaderDecoder();
        private final DeliverDecoder deliver = new DeliverDecoder();
        private final AcceptedDecoder accepted = new AcceptedDecoder();
        private final RefusedDecoder refused = new RefusedDecoder();
        private final ConnectedDecoder connected = new ConnectedDecoder();
        private final SendGrantDecoder sendGrant = new SendGrantDecoder();
        private final BrowseItemDecoder browseItem = new BrowseItemDecoder();
        private final BrowseEndDecoder browseEnd = new BrowseEndDecoder();
        private final EnvelopeReader reader = new EnvelopeReader();
        private final UnsafeBuffer envelope = new UnsafeBuffer(new byte[0]);

        private Client(final long high, final long low, final int replyStream)
        {
            this.high = high;
            this.low = low;
            this.replyStream = replyStream;
            this.replies = transport.addSubscription(QueueHostChannels.IPC, replyStream);
        }

        void connect(final long correlationId)
        {
            final ConnectEncoder connect = new ConnectEncoder().wrapAndApplyHeader(out, 0, header)
                .correlationId(correlationId).protocolVersion(MessageHeaderEncoder.SCHEMA_VERSION).sessionId(-1);
            connect.client().high(high).low(low).replyStreamId(replyStream);
            connect.user("").password("");
            offer(control, MessageHeaderEncoder.ENCODED_LENGTH + connect.encodedLength());
        }

        void subscribe(final long consumerId, final String queue, final int credit)
        {
            subscribe(consumerId, queue, credit, "");
        }

        void subscribe(final long consumerId, final String queue, final int credit, final String selector)
        {
            final SubscribeEncoder subscribe = new SubscribeEncoder().wrapAndApplyHeader(out, 0, header)
                .consumerId(consumerId).credit(credit);
            subscribe.client().high(high).low(low).replyStreamId(replyStream);
            subscribe.queue(queue).selector(selector);
            offer(control, MessageHeaderEncoder.ENCODED_LENGTH + subscribe.encodedLength());
        }

        void credit(final long consumerId, final int credit)
        {
            final CreditEncoder encoder = new CreditEncoder().wrapAndApplyHeader(out, 0, header)
                .consumerId(consumerId).credit(credit);
            encoder.client().high(high).low(low).replyStreamId(replyStream);
            offer(control, MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength());
        }

        void acknowledge(final long consumerId, final long deliveryId)
        {
            final AcknowledgeEncoder ack = new AcknowledgeEncoder().wrapAndApplyHeader(out, 0, header)
                .consumerId(consumerId).deliveryId(deliveryId);
            ack.client().high(high).low(low).replyStreamId(replyStream);
            offer(control, MessageHeaderEncoder.ENCODED_LENGTH + ack.encodedLength());
        }

        void giveBack(final long consumerId, final long deliveryId)
        {
            final GiveBackEncoder giveBack = new GiveBackEncoder().wrapAndApplyHeader(out, 0, header)
                .consumerId(consumerId).deliveryId(deliveryId).seen(BooleanType.TRUE);
            giveBack.client().high(high).low(low).replyStreamId(replyStream);
            offer(control, MessageHeaderEncoder.ENCODED_LENGTH + giveBack.encodedLength());
        }

        void closeConsumer(final long consumerId)
        {
            final CloseConsumerEncoder close = new CloseConsumerEncoder().wrapAndApplyHeader(out, 0, header)
                .consumerId(consumerId).keepDeliveries(BooleanType.FALSE);
            close.client().high(high).low(low).replyStreamId(replyStream);
            offer(control, MessageHeaderEncoder.ENCODED_LENGTH + close.encodedLength());
        }

        void sendCredit(final long correlationId, final String queue, final int messages, final long bytes)
        {
            final SendCreditEncoder sendCredit = new SendCreditEncoder().wrapAndApplyHeader(out, 0, header)
                .correlationId(correlationId).messages(messages).bytes(bytes);
            sendCredit.client().high(high).low(low).replyStreamId(replyStream);
            sendCredit.queue(queue);
            offer(control, MessageHeaderEncoder.ENCODED_LENGTH + sendCredit.encodedLength());
        }

        void createTemporaryQueue(final String name)
        {
            final CreateTemporaryQueueEncoder create = new CreateTemporaryQueueEncoder()
                .wrapAndApplyHeader(out, 0, header);
            create.client().high(high).low(low).replyStreamId(replyStream);
            create.queue(name);
            offer(control, MessageHeaderEncoder.ENCODED_LENGTH + create.encodedLength());
        }

        void browse(final long correlationId, final String queue)
        {
            final BrowseEncoder browse = new BrowseEncoder().wrapAndApplyHeader(out, 0, header)
                .correlationId(correlationId);
            browse.client().high(high).low(low).replyStreamId(replyStream);
            browse.queue(queue).selector("");
            offer(control, MessageHeaderEncoder.ENCODED_LENGTH + browse.encodedLength());
        }

        /**
         * Reads what the host sent, into the transcript and the deliveries.
         *
         * @return how many replies were read.
         */
        int read()
        {
            return replies.poll(this::onReply, 256);
        }

        private void onReply(final DirectBuffer buffer, final int offset, final int length)
        {
            headerDecoder.wrap(buffer, offset);
            final int body = offset + MessageHeaderDecoder.ENCODED_LENGTH;
            final int blockLength = headerDecoder.blockLength();
            final int version = headerDecoder.version();
            switch (headerDecoder.templateId())
            {
                case DeliverDecoder.TEMPLATE_ID ->
                {
                    deliver.wrap(buffer, body, blockLength, version);
                    final long consumerId = deliver.consumerId();
                    final long deliveryId = deliver.deliveryId();
                    final int deliveryCount = deliver.deliveryCount();
                    final int envelopeLength = deliver.envelopeLength();
                    envelope.wrap(buffer, deliver.limit() + DeliverDecoder.envelopeHeaderLength(), envelopeLength);
                    final long sequence = reader.wrap(envelope, 0, envelopeLength).sequence();
                    deliveries.add(new Delivery(consumerId, deliveryId, deliveryCount, sequence));
                    transcript.add("deliver consumer " + consumerId + " delivery " + deliveryId + " count " +
                        deliveryCount + " sequence " + sequence);
                }
                case AcceptedDecoder.TEMPLATE_ID ->
                    transcript.add("accepted " + accepted.wrap(buffer, body, blockLength, version).correlationId());
                case RefusedDecoder.TEMPLATE_ID ->
                {
                    refused.wrap(buffer, body, blockLength, version);
                    transcript.add("refused " + refused.correlationId() + " " + refused.code() + ": " +
                        refused.message());
                }
                case ConnectedDecoder.TEMPLATE_ID ->
                    transcript.add("connected " + connected.wrap(buffer, body, blockLength, version).correlationId());
                case SendGrantDecoder.TEMPLATE_ID ->
                {
                    sendGrant.wrap(buffer, body, blockLength, version);
                    transcript.add("grant " + sendGrant.correlationId() + " " + sendGrant.messages() + " messages " +
                        sendGrant.bytes() + " bytes");
                }
                case BrowseItemDecoder.TEMPLATE_ID ->
                {
                    browseItem.wrap(buffer, body, blockLength, version);
                    final int envelopeLength = browseItem.envelopeLength();
                    envelope.wrap(buffer, browseItem.limit() + BrowseItemDecoder.envelopeHeaderLength(),
                        envelopeLength);
                    transcript.add("browse item " + browseItem.correlationId() + " sequence " +
                        reader.wrap(envelope, 0, envelopeLength).sequence());
                }
                case BrowseEndDecoder.TEMPLATE_ID ->
                    transcript.add("browse end " + browseEnd.wrap(buffer, body, blockLength, version).correlationId());
                default -> transcript.add("template " + headerDecoder.templateId());
            }
        }
    }
}
