package io.wirespeed.host;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import io.wirespeed.codec.BytesView;
import io.wirespeed.codec.EnvelopeReader;
import io.wirespeed.codec.control.sbe.ConnectEncoder;
import io.wirespeed.codec.control.sbe.BooleanType;
import io.wirespeed.codec.control.sbe.ConnectedDecoder;
import io.wirespeed.codec.control.sbe.DeliverDecoder;
import io.wirespeed.codec.control.sbe.ErrorCode;
import io.wirespeed.codec.control.sbe.ForwardedTopicChangeDecoder;
import io.wirespeed.codec.control.sbe.ForwardedTopicsDecoder;
import io.wirespeed.codec.control.sbe.MessageHeaderDecoder;
import io.wirespeed.codec.control.sbe.MessageHeaderEncoder;
import io.wirespeed.codec.control.sbe.RefusedDecoder;
import io.wirespeed.codec.control.sbe.SendGrantDecoder;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A clustered host's state machine ({@link QueueHost#stateMachine}) fed by the test, as the log feeds it, with an
 * egress that keeps what it sent ({@link Egress}): clients connect as over a cluster, requests are encoded into
 * {@link #out}, and a snapshot can be restored into another state machine. The host's log is quiet while it runs.
 */
final class StateMachineRig implements AutoCloseable
{
    private static final long TIMEOUT_NS = TimeUnit.SECONDS.toNanos(5);

    final HostLimits limits = new HostLimits(64, 8, 1 << 20, TIMEOUT_NS);
    final Egress egress = new Egress();
    final QueueHost host = stateMachine(egress);
    final UnsafeBuffer out = new UnsafeBuffer(new byte[1024]);
    final MessageHeaderEncoder header = new MessageHeaderEncoder();
    private final Level hostLogLevel = Logger.getLogger("io.wirespeed.host").getLevel();

    StateMachineRig()
    {
        Logger.getLogger("io.wirespeed.host").setLevel(Level.OFF);
        host.onTick(0, 0);
    }

    /**
     * @param egress where it sends.
     * @return another state machine with the rig's limits.
     */
    QueueHost stateMachine(final Egress egress)
    {
        return QueueHost.stateMachine(QueueSelectors::compile, limits, egress);
    }

    /**
     * Connects a client whose connection id is {@code client, client}, as through a cluster session.
     *
     * @param into           the state machine.
     * @param client         the client.
     * @param controlSession its control session: another than its last opens a new host session.
     */
    void connect(final QueueHost into, final long client, final int controlSession)
    {
        final ConnectEncoder connect = new ConnectEncoder().wrapAndApplyHeader(out, 0, header).correlationId(1)
            .protocolVersion(MessageHeaderEncoder.SCHEMA_VERSION).sessionId(controlSession);
        connect.client().high(client).low(client).replyStreamId(6000);
        connect.user("").password("");
        request(into, connect.encodedLength());
    }

    /**
     * Applies the request encoded in {@link #out}, as a clustered host's client's.
     *
     * @param into       the state machine.
     * @param bodyLength the request's length after its header.
     */
    void request(final QueueHost into, final int bodyLength)
    {
        into.onControlRequest(true, out, 0, MessageHeaderEncoder.ENCODED_LENGTH + bodyLength);
    }

    /**
     * Restores a snapshot of the rig's state machine into another.
     *
     * @param into a state machine that holds nothing yet.
     */
    void restore(final QueueHost into)
    {
        final List<byte[]> snapshot = new ArrayList<>();
        host.takeSnapshot((buffer, offset, length) ->
        {
            final byte[] record = new byte[length];
            buffer.getBytes(offset, record);
            snapshot.add(record);
        });
        final HostSnapshot.Reader reader = into.snapshotReader();
        for (final byte[] record : snapshot)
        {
            assertTrue(reader.read(new UnsafeBuffer(record), 0, record.length));
        }
    }

    @Override
    public void close()
    {
        Logger.getLogger("io.wirespeed.host").setLevel(hostLogLevel);
        host.close();
    }

    /**
     * An egress that keeps every message's template, the deliveries' ids and consumer id with text body, refusals'
     * codes, the grants of room, and the subscribed topics (whole lists, and changes as {@code +topic} or
     * {@code -topic}) and {@code Connected} each client was told, in order.
     */
    static final class Egress implements HostEgress
    {
        private final MessageHeaderDecoder header = new MessageHeaderDecoder();
        private final DeliverDecoder deliver = new DeliverDecoder();
        private final RefusedDecoder refused = new RefusedDecoder();
        private final ForwardedTopicsDecoder topics = new ForwardedTopicsDecoder();
        private final ForwardedTopicChangeDecoder topicChange = new ForwardedTopicChangeDecoder();
        private final EnvelopeReader reader = new EnvelopeReader();
        final List<Long> deliveryIds = new ArrayList<>();
        final List<String> deliveries = new ArrayList<>();
        final List<String> greetings = new ArrayList<>();
        final List<ErrorCode> refusals = new ArrayList<>();
        final List<Integer> templates = new ArrayList<>();
        /** The bytes of every message sent, headers included. */
        long bytes;
        final List<String> grants = new ArrayList<>();
        private final SendGrantDecoder grant = new SendGrantDecoder();

        @Override
        public boolean open(final HostSession session, final int replyStreamId)
        {
            return true;
        }

        @Override
        public void send(final HostSession session, final DirectBuffer buffer, final int offset, final int length)
        {
            header.wrap(buffer, offset);
            final int templateId = header.templateId();
            templates.add(templateId);
            bytes += length;
            final int body = offset + MessageHeaderDecoder.ENCODED_LENGTH;
            if (DeliverDecoder.TEMPLATE_ID == templateId)
            {
                deliver.wrap(buffer, body, header.blockLength(), header.version());
                deliveryIds.add(deliver.deliveryId());
                final long consumerId = deliver.consumerId();
                reader.wrap(buffer, deliver.limit() + DeliverDecoder.envelopeHeaderLength(), deliver.envelopeLength());
                final BytesView text = reader.body();
                deliveries.add(consumerId + ":" + text.buffer().getStringWithoutLengthUtf8(text.offset(),
                    text.length()));
            }
            else if (RefusedDecoder.TEMPLATE_ID == templateId)
            {
                refusals.add(refused.wrap(buffer, body, header.blockLength(), header.version()).code());
            }
            else if (ForwardedTopicsDecoder.TEMPLATE_ID == templateId)
            {
                final ForwardedTopicsDecoder.TopicsDecoder group =
                    topics.wrap(buffer, body, header.blockLength(), header.version()).topics();
                final List<String> names = new ArrayList<>();
                while (group.hasNext())
                {
                    names.add(group.next().name());
                }
                greetings.add("topics " + names + " to " + session.high);
            }
            else if (ForwardedTopicChangeDecoder.TEMPLATE_ID == templateId)
            {
                topicChange.wrap(buffer, body, header.blockLength(), header.version());
                greetings.add((BooleanType.TRUE == topicChange.forwarded() ? "+" : "-") + topicChange.name() + " to " +
                    session.high);
            }
            else if (SendGrantDecoder.TEMPLATE_ID == templateId)
            {
                grant.wrap(buffer, body, header.blockLength(), header.version());
                grants.add(grant.messages() + " on " + grant.queue() + " to " + session.high);
            }
            else if (ConnectedDecoder.TEMPLATE_ID == templateId)
            {
                greetings.add("connected " + session.high);
            }
        }

        @Override
        public void close(final HostSession session)
        {
        }

        long count(final int templateId)
        {
            return templates.stream().filter((template) -> template == templateId).count();
        }
    }
}
