package io.wirespeed.jms.hostclient;

import java.util.HashSet;
import java.util.Set;
import java.nio.ByteOrder;

import org.agrona.DirectBuffer;

import io.wirespeed.codec.control.sbe.AcceptedDecoder;
import io.wirespeed.codec.control.sbe.BrowseEndDecoder;
import io.wirespeed.codec.control.sbe.BrowseItemDecoder;
import io.wirespeed.codec.control.sbe.BooleanType;
import io.wirespeed.codec.control.sbe.ClientIdDecoder;
import io.wirespeed.codec.control.sbe.ConnectedDecoder;
import io.wirespeed.codec.control.sbe.DeliverDecoder;
import io.wirespeed.codec.control.sbe.ErrorCode;
import io.wirespeed.codec.control.sbe.ForwardedTopicChangeDecoder;
import io.wirespeed.codec.control.sbe.ForwardedTopicsDecoder;
import io.wirespeed.codec.control.sbe.HeartbeatDecoder;
import io.wirespeed.codec.control.sbe.MessageHeaderDecoder;
import io.wirespeed.codec.control.sbe.RecordedDecoder;
import io.wirespeed.codec.control.sbe.RecordsQueuesDecoder;
import io.wirespeed.codec.control.sbe.RefusedDecoder;
import io.wirespeed.codec.control.sbe.SendGrantDecoder;
import io.wirespeed.codec.control.sbe.SendRefusedDecoder;
import io.wirespeed.jms.wire.ConnectionId;
import io.wirespeed.transport.MessageHandler;

/**
 * A connection's side of the control protocol's responses: decodes what the queue host sent on the reply stream,
 * keeps what is for this connection (reply streams are shared by hashing), checks it against the schema and hands
 * it to the part of the {@link QueueClient} it is for: the session's liveness ({@link HostSessionLink}), the answers
 * to requests ({@link HostRequests}), deliveries ({@link DeliveryRouting}), browses ({@link HostBrowse}), room on
 * queues ({@link SendCredits}) and the archive's confirmations ({@link SendConfirmations}). A response that fails the
 * checks is dropped with a warning. Called by whoever polls the reply stream, one at a time; a delivery is routed
 * without allocating.
 */
final class ResponseAdapter implements MessageHandler
{
    private static final System.Logger LOGGER = System.getLogger(ResponseAdapter.class.getName());

    private final HostSessionLink link;
    private final HostRequests requests;
    private final DeliveryRouting routing;
    private final HostBrowse browses;
    private final SendCredits credits;
    private final SendConfirmations confirmations;
    private final ForwardedTopics forwardedTopics;
    private final long high;
    private final long low;
    private final MessageHeaderDecoder header = new MessageHeaderDecoder();
    private final AcceptedDecoder accepted = new AcceptedDecoder();
    private final RefusedDecoder refused = new RefusedDecoder();
    private final DeliverDecoder deliver = new DeliverDecoder();
    private final BrowseItemDecoder browseItem = new BrowseItemDecoder();
    private final BrowseEndDecoder browseEnd = new BrowseEndDecoder();
    private final ConnectedDecoder connected = new ConnectedDecoder();
    private final SendGrantDecoder sendGrant = new SendGrantDecoder();
    private final SendRefusedDecoder sendRefused = new SendRefusedDecoder();
    private final RecordedDecoder recorded = new RecordedDecoder();
    private final ForwardedTopicsDecoder forwarded = new ForwardedTopicsDecoder();
    private final ForwardedTopicChangeDecoder forwardedChange = new ForwardedTopicChangeDecoder();

    /**
     * @param id            the connection's id: responses for other connections are skipped.
     * @param link          told that the host was heard from.
     * @param requests      the requests waiting for an answer.
     * @param routing       the consumers that deliveries are for.
     * @param browses       the browses under way.
     * @param credits       the room on queues.
     * @param confirmations the archive's confirmations of PERSISTENT sends.
     * @param topics        the topics a clustered host's durable subscriptions are on.
     */
    ResponseAdapter(
        final ConnectionId id, final HostSessionLink link, final HostRequests requests, final DeliveryRouting routing,
        final HostBrowse browses, final SendCredits credits, final SendConfirmations confirmations,
        final ForwardedTopics topics)
    {
        this.forwardedTopics = topics;
        this.link = link;
        this.requests = requests;
        this.routing = routing;
        this.browses = browses;
        this.credits = credits;
        this.confirmations = confirmations;
        this.high = id.high();
        this.low = id.low();
    }

    /** {@inheritDoc} */
    @Override
    public void onMessage(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length < MessageHeaderDecoder.ENCODED_LENGTH + ClientIdDecoder.ENCODED_LENGTH)
        {
            drop("a response of " + length + " bytes");
            return;
        }
        header.wrap(buffer, offset);
        if (header.schemaId() != MessageHeaderDecoder.SCHEMA_ID)
        {
            drop("a response of schema " + header.schemaId());
            return;
        }
        final int body = offset + MessageHeaderDecoder.ENCODED_LENGTH;
        final int blockLength = header.blockLength();
        final int version = header.version();
        final int end = offset + length;
        if (blockLength < ClientIdDecoder.ENCODED_LENGTH || body + blockLength > end)
        {
            drop("a response with a block of " + blockLength + " bytes in " + length);
            return;
        }
        // every response starts with the client it is for
        if (buffer.getLong(body, ByteOrder.LITTLE_ENDIAN) != high ||
            buffer.getLong(body + Long.BYTES, ByteOrder.LITTLE_ENDIAN) != low)
        {
            return;
        }
        link.onHeard();
        try
        {
            decode(buffer, body, blockLength, version, header.templateId(), end);
        }
        catch (final IndexOutOfBoundsException ex)
        {
            drop("a response that runs past its end: " + ex);
        }
    }

    private void decode(
        final DirectBuffer buffer, final int body, final int blockLength, final int version, final int templateId,
        final int end)
    {
        switch (templateId)
        {
            case DeliverDecoder.TEMPLATE_ID ->
            {
                if (checkBlock(blockLength, DeliverDecoder.BLOCK_LENGTH))
                {
                    final DeliverDecoder d = deliver.wrap(buffer, body, blockLength, version);
                    final int length = d.envelopeLength();
                    final int start = d.limit() + DeliverDecoder.envelopeHeaderLength();
                    if (fits(length, start, end))
                    {
                        routing.onDeliver(d.consumerId(), d.deliveryId(), d.deliveryCount(), buffer, start, length);
                    }
                }
            }
            case AcceptedDecoder.TEMPLATE_ID ->
            {
                if (checkBlock(blockLength, AcceptedDecoder.BLOCK_LENGTH))
                {
                    requests.onAccepted(accepted.wrap(buffer, body, blockLength, version).correlationId());
                }
            }
            case RefusedDecoder.TEMPLATE_ID ->
            {
                if (checkBlock(blockLength, RefusedDecoder.BLOCK_LENGTH))
                {
                    final RefusedDecoder d = refused.wrap(buffer, body, blockLength, version);
                    final long correlationId = d.correlationId();
                    final ErrorCode code = d.code();
                    final String message = d.message();
                    if (d.limit() > end)
                    {
                        drop("a refusal that runs past its end");
                        return;
                    }
                    if (!credits.onRefused(correlationId, code, message))
                    {
                        requests.onRefused(correlationId, code, message);
                    }
                }
            }
            case BrowseItemDecoder.TEMPLATE_ID ->
            {
                if (checkBlock(blockLength, BrowseItemDecoder.BLOCK_LENGTH))
                {
                    final BrowseItemDecoder d = browseItem.wrap(buffer, body, blockLength, version);
                    final byte[] envelope = envelope(d.envelopeLength(),
                        d.limit() + BrowseItemDecoder.envelopeHeaderLength(), end, buffer);
                    if (envelope != null)
                    {
                        browses.onItem(d.correlationId(), envelope);
                    }
                }
            }
            case BrowseEndDecoder.TEMPLATE_ID ->
            {
                if (checkBlock(blockLength, BrowseEndDecoder.BLOCK_LENGTH))
                {
                    browses.onEnd(browseEnd.wrap(buffer, body, blockLength, version).correlationId());
                }
            }
            case ConnectedDecoder.TEMPLATE_ID ->
            {
                if (checkBlock(blockLength, ConnectedDecoder.BLOCK_LENGTH))
                {
                    requests.onAccepted(connected.wrap(buffer, body, blockLength, version).correlationId());
                }
            }
            case HeartbeatDecoder.TEMPLATE_ID ->
            {
                // heard: nothing more to do
            }
            case SendGrantDecoder.TEMPLATE_ID ->
            {
                if (checkBlock(blockLength, SendGrantDecoder.BLOCK_LENGTH))
                {
                    final SendGrantDecoder d = sendGrant.wrap(buffer, body, blockLength, version);
                    final String queue = d.queue();
                    if (d.limit() > end)
                    {
                        drop("a grant that runs past its end");
                        return;
                    }
                    credits.onGrant(d.correlationId(), queue, d.messages(), d.bytes());
                }
            }
            case SendRefusedDecoder.TEMPLATE_ID ->
            {
                if (checkBlock(blockLength, SendRefusedDecoder.BLOCK_LENGTH))
                {
                    final SendRefusedDecoder d = sendRefused.wrap(buffer, body, blockLength, version);
                    final String queue = d.queue();
                    final String message = d.message();
                    if (d.limit() > end)
                    {
                        drop("a send refusal that runs past its end");
                        return;
                    }
                    credits.onSendRefused(d.sessionId(), queue, message);
                }
            }
            case RecordedDecoder.TEMPLATE_ID ->
            {
                if (checkBlock(blockLength, RecordedDecoder.BLOCK_LENGTH))
                {
                    final RecordedDecoder d = recorded.wrap(buffer, body, blockLength, version);
                    confirmations.onRecorded(d.sessionId(), d.producerId(), d.sequence());
                }
            }
            case RecordsQueuesDecoder.TEMPLATE_ID -> confirmations.onRecordsQueues();
            case ForwardedTopicsDecoder.TEMPLATE_ID ->
            {
                if (checkBlock(blockLength, ForwardedTopicsDecoder.BLOCK_LENGTH))
                {
                    final ForwardedTopicsDecoder.TopicsDecoder topics =
                        forwarded.wrap(buffer, body, blockLength, version).topics();
                    final Set<String> names = new HashSet<>();
                    while (topics.hasNext())
                    {
                        names.add(topics.next().name());
                    }
                    if (forwarded.limit() > end)
                    {
                        drop("a list of forwarded topics that runs past its end");
                        return;
                    }
                    forwardedTopics.onTopics(names);
                }
            }
            case ForwardedTopicChangeDecoder.TEMPLATE_ID ->
            {
                if (checkBlock(blockLength, ForwardedTopicChangeDecoder.BLOCK_LENGTH))
                {
                    forwardedChange.wrap(buffer, body, blockLength, version);
                    final short forwarded = forwardedChange.forwardedRaw();
                    final String name = forwardedChange.name();
                    if (forwardedChange.limit() > end ||
                        (BooleanType.TRUE.value() != forwarded && BooleanType.FALSE.value() != forwarded))
                    {
                        drop("a forwarded topic's change that runs past its end or says neither yes nor no");
                        return;
                    }
                    forwardedTopics.onChange(name, BooleanType.TRUE.value() == forwarded);
                }
            }
            default -> drop("a response of template " + templateId + " (a newer host?)");
        }
    }

    private static boolean checkBlock(final int blockLength, final int expected)
    {
        if (blockLength < expected)
        {
            drop("a response with a block of " + blockLength + " bytes, " + expected + " expected");
            return false;
        }
        return true;
    }

    private static boolean fits(final int length, final int start, final int end)
    {
        if (length < 0 || start + length > end)
        {
            drop("a delivery whose envelope runs past its end");
            return false;
        }
        return true;
    }

    private static byte[] envelope(final int length, final int start, final int end, final DirectBuffer buffer)
    {
        if (!fits(length, start, end))
        {
            return null;
        }
        final byte[] bytes = new byte[length];
        buffer.getBytes(start, bytes);
        return bytes;
    }

    private static void drop(final String what)
    {
        LOGGER.log(System.Logger.Level.WARNING, "queue client dropped " + what + " from the queue host");
    }
}
