package io.wirespeed.host;

import org.agrona.DirectBuffer;
import org.agrona.collections.LongArrayList;

import io.wirespeed.codec.control.sbe.AcknowledgeDecoder;
import io.wirespeed.codec.control.sbe.ResyncDecoder;
import io.wirespeed.codec.control.sbe.BooleanType;
import io.wirespeed.codec.control.sbe.BrowseDecoder;
import io.wirespeed.codec.control.sbe.ClientRefDecoder;
import io.wirespeed.codec.control.sbe.CloseConsumerDecoder;
import io.wirespeed.codec.control.sbe.CommitDecoder;
import io.wirespeed.codec.control.sbe.ConnectDecoder;
import io.wirespeed.codec.control.sbe.CreateTemporaryQueueDecoder;
import io.wirespeed.codec.control.sbe.CreditDecoder;
import io.wirespeed.codec.control.sbe.DeleteTemporaryQueueDecoder;
import io.wirespeed.codec.control.sbe.GiveBackDecoder;
import io.wirespeed.codec.control.sbe.KeepAliveDecoder;
import io.wirespeed.codec.control.sbe.MessageHeaderDecoder;
import io.wirespeed.codec.control.sbe.PauseDecoder;
import io.wirespeed.codec.control.sbe.SendCreditDecoder;
import io.wirespeed.codec.control.sbe.SubscribeDecoder;
import io.wirespeed.codec.control.sbe.SubscribeDurableDecoder;
import io.wirespeed.codec.control.sbe.SubscribeSharedDecoder;
import io.wirespeed.codec.control.sbe.TopicCreditDecoder;
import io.wirespeed.codec.control.sbe.UnsubscribeDecoder;
import io.wirespeed.transport.MessageHandler;

/**
 * The host's side of the control protocol's requests: decodes each request a client sent on the control stream,
 * checks it against the schema (schema id, version, lengths, enum values: nothing is read beyond the fragment) and
 * hands it to a
 * {@link ControlListener}. A request that fails the checks is dropped with a warning. Used on the host's thread only.
 */
final class ControlAdapter implements MessageHandler
{
    private static final System.Logger LOGGER = System.getLogger(ControlAdapter.class.getName());

    private final DropLog drops = new DropLog(LOGGER);

    private final ControlListener listener;
    private final MessageHeaderDecoder header = new MessageHeaderDecoder();
    private final SubscribeDecoder subscribe = new SubscribeDecoder();
    private final SubscribeSharedDecoder subscribeShared = new SubscribeSharedDecoder();
    private final SubscribeDurableDecoder subscribeDurable = new SubscribeDurableDecoder();
    private final UnsubscribeDecoder unsubscribe = new UnsubscribeDecoder();
    private final CreditDecoder credit = new CreditDecoder();
    private final AcknowledgeDecoder acknowledge = new AcknowledgeDecoder();
    private final ResyncDecoder resync = new ResyncDecoder();
    private final GiveBackDecoder giveBack = new GiveBackDecoder();
    private final CloseConsumerDecoder closeConsumer = new CloseConsumerDecoder();
    private final PauseDecoder pause = new PauseDecoder();
    private final CommitDecoder commit = new CommitDecoder();
    private final LongArrayList acknowledgements = new LongArrayList();
    private final BrowseDecoder browse = new BrowseDecoder();
    private final CreateTemporaryQueueDecoder createTemporary = new CreateTemporaryQueueDecoder();
    private final DeleteTemporaryQueueDecoder deleteTemporary = new DeleteTemporaryQueueDecoder();
    private final ConnectDecoder connect = new ConnectDecoder();
    private final KeepAliveDecoder keepAlive = new KeepAliveDecoder();
    private final boolean udp;
    private final SendCreditDecoder sendCredit = new SendCreditDecoder();
    private final TopicCreditDecoder topicCredit = new TopicCreditDecoder();

    /**
     * @param listener what the host does with each request.
     */
    ControlAdapter(final ControlListener listener)
    {
        this(listener, false);
    }

    /**
     * @param listener what the host does with each request.
     * @param udp      whether the requests come over UDP, from clients that must open a session first.
     */
    ControlAdapter(final ControlListener listener, final boolean udp)
    {
        this.listener = listener;
        this.udp = udp;
    }

    /** {@inheritDoc} */
    @Override
    public void onMessage(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length < MessageHeaderDecoder.ENCODED_LENGTH)
        {
            drops.dropped(() -> "queue host dropped a control request of " + length +
                " bytes, shorter than its header");
            return;
        }
        header.wrap(buffer, offset);
        if (header.schemaId() != MessageHeaderDecoder.SCHEMA_ID)
        {
            final int schemaId = header.schemaId();
            drops.dropped(() -> "queue host dropped a control request of schema " + schemaId + " (expected " +
                MessageHeaderDecoder.SCHEMA_ID + "): not a Wirespeed client");
            return;
        }
        final int templateId = header.templateId();
        final int blockLength = header.blockLength();
        final int version = header.version();
        final int body = offset + MessageHeaderDecoder.ENCODED_LENGTH;
        final int end = offset + length;
        if (version < 1 || blockLength < blockLengthOf(templateId) || body + blockLength > end)
        {
            malformed(templateId, "version " + version + ", block of " +
                blockLength + " bytes in " + length);
            return;
        }
        try
        {
            if (!decode(buffer, body, blockLength, version, templateId, end))
            {
                malformed(templateId, "a field runs past the request's end");
            }
        }
        catch (final ClientLimitException ex)
        {
            drops.dropped(ex::getMessage);
        }
        catch (final IndexOutOfBoundsException | IllegalStateException | IllegalArgumentException ex)
        {
            malformed(templateId, ex.toString());
        }
    }

    private static int blockLengthOf(final int templateId)
    {
        return switch (templateId)
        {
            case SubscribeDecoder.TEMPLATE_ID -> SubscribeDecoder.BLOCK_LENGTH;
            case SubscribeSharedDecoder.TEMPLATE_ID -> SubscribeSharedDecoder.BLOCK_LENGTH;
            case SubscribeDurableDecoder.TEMPLATE_ID -> SubscribeDurableDecoder.BLOCK_LENGTH;
            case UnsubscribeDecoder.TEMPLATE_ID -> UnsubscribeDecoder.BLOCK_LENGTH;
            case CreditDecoder.TEMPLATE_ID -> CreditDecoder.BLOCK_LENGTH;
            case AcknowledgeDecoder.TEMPLATE_ID -> AcknowledgeDecoder.BLOCK_LENGTH;
            case ResyncDecoder.TEMPLATE_ID -> ResyncDecoder.BLOCK_LENGTH;
            case GiveBackDecoder.TEMPLATE_ID -> GiveBackDecoder.BLOCK_LENGTH;
            case CloseConsumerDecoder.TEMPLATE_ID -> CloseConsumerDecoder.BLOCK_LENGTH;
            case PauseDecoder.TEMPLATE_ID -> PauseDecoder.BLOCK_LENGTH;
            case CommitDecoder.TEMPLATE_ID -> CommitDecoder.BLOCK_LENGTH;
            case BrowseDecoder.TEMPLATE_ID -> BrowseDecoder.BLOCK_LENGTH;
            case CreateTemporaryQueueDecoder.TEMPLATE_ID -> CreateTemporaryQueueDecoder.BLOCK_LENGTH;
            case DeleteTemporaryQueueDecoder.TEMPLATE_ID -> DeleteTemporaryQueueDecoder.BLOCK_LENGTH;
            case ConnectDecoder.TEMPLATE_ID -> ConnectDecoder.BLOCK_LENGTH;
            case KeepAliveDecoder.TEMPLATE_ID -> KeepAliveDecoder.BLOCK_LENGTH;
            case SendCreditDecoder.TEMPLATE_ID -> SendCreditDecoder.BLOCK_LENGTH;
            case TopicCreditDecoder.TEMPLATE_ID -> TopicCreditDecoder.BLOCK_LENGTH;
            default -> Integer.MAX_VALUE;
        };
    }

    private boolean decode(
        final DirectBuffer buffer, final int body, final int blockLength, final int version, final int templateId,
        final int end)
    {
        switch (templateId)
        {
            case SubscribeDecoder.TEMPLATE_ID ->
            {
                final SubscribeDecoder d = subscribe.wrap(buffer, body, blockLength, version);
                final String queue = d.queue();
                final String selector = d.selector();
                if (d.limit() > end)
                {
                    return false;
                }
                listener.onSubscribe(client(d.client()), d.consumerId(), d.credit(), queue, selector);
            }
            case SubscribeSharedDecoder.TEMPLATE_ID ->
            {
                final SubscribeSharedDecoder d = subscribeShared.wrap(buffer, body, blockLength, version);
                final String topic = d.topic();
                final String selector = d.selector();
                final String subscription = d.subscription();
                final String channel = d.channel();
                if (d.limit() > end)
                {
                    return false;
                }
                listener.onSubscribeShared(client(d.client()), d.consumerId(), d.credit(), topic, selector,
                    subscription, channel, d.streamId());
            }
            case SubscribeDurableDecoder.TEMPLATE_ID ->
            {
                final SubscribeDurableDecoder d = subscribeDurable.wrap(buffer, body, blockLength, version);
                final String topic = d.topic();
                final String selector = d.selector();
                final String subscription = d.subscription();
                final String channel = d.channel();
                if (d.limit() > end)
                {
                    return false;
                }
                listener.onSubscribeDurable(client(d.client()), d.consumerId(), d.credit(), topic, selector,
                    subscription, channel, d.streamId(), d.shared() == BooleanType.TRUE,
                    d.noLocal() == BooleanType.TRUE);
            }
            case UnsubscribeDecoder.TEMPLATE_ID ->
            {
                final UnsubscribeDecoder d = unsubscribe.wrap(buffer, body, blockLength, version);
                final String subscription = d.subscription();
                if (d.limit() > end)
                {
                    return false;
                }
                listener.onUnsubscribe(client(d.client()), d.correlationId(), subscription);
            }
            case CreditDecoder.TEMPLATE_ID ->
            {
                final CreditDecoder d = credit.wrap(buffer, body, blockLength, version);
                listener.onCredit(client(d.client()), d.consumerId(), d.credit());
            }
            case AcknowledgeDecoder.TEMPLATE_ID ->
            {
                final AcknowledgeDecoder d = acknowledge.wrap(buffer, body, blockLength, version);
                listener.onAcknowledge(client(d.client()), d.consumerId(), d.deliveryId());
            }
            case ResyncDecoder.TEMPLATE_ID ->
            {
                final ResyncDecoder d = resync.wrap(buffer, body, blockLength, version);
                listener.onResync(client(d.client()), d.consumerId(), d.lastDeliveryId(), d.credit());
            }
            case GiveBackDecoder.TEMPLATE_ID ->
            {
                final GiveBackDecoder d = giveBack.wrap(buffer, body, blockLength, version);
                listener.onGiveBack(client(d.client()), d.consumerId(), d.deliveryId(),
                    d.seen() == BooleanType.TRUE);
            }
            case CloseConsumerDecoder.TEMPLATE_ID ->
            {
                final CloseConsumerDecoder d = closeConsumer.wrap(buffer, body, blockLength, version);
                listener.onCloseConsumer(client(d.client()), d.consumerId(), d.keepDeliveries() == BooleanType.TRUE);
            }
            case PauseDecoder.TEMPLATE_ID ->
            {
                final PauseDecoder d = pause.wrap(buffer, body, blockLength, version);
                listener.onPause(client(d.client()), d.consumerId(), d.correlationId());
            }
            case CommitDecoder.TEMPLATE_ID ->
            {
                final CommitDecoder d = commit.wrap(buffer, body, blockLength, version);
                final CommitDecoder.AcknowledgementsDecoder acks = d.acknowledgements();
                if (d.limit() + (long)acks.count() * acks.actingBlockLength() > end)
                {
                    return false;
                }
                acknowledgements.clear();
                while (acks.hasNext())
                {
                    acks.next();
                    acknowledgements.addLong(acks.consumerId());
                    acknowledgements.addLong(acks.deliveryId());
                }
                // the block's fields are read at fixed offsets, wherever the group left the decoder's limit
                listener.onCommit(client(d.client()), d.correlationId(), d.sessionId(), d.transactionId(),
                    d.messages(), acknowledgements);
            }
            case BrowseDecoder.TEMPLATE_ID ->
            {
                final BrowseDecoder d = browse.wrap(buffer, body, blockLength, version);
                final String queue = d.queue();
                final String selector = d.selector();
                if (d.limit() > end)
                {
                    return false;
                }
                listener.onBrowse(client(d.client()), d.correlationId(), queue, selector);
            }
            case CreateTemporaryQueueDecoder.TEMPLATE_ID ->
            {
                final CreateTemporaryQueueDecoder d = createTemporary.wrap(buffer, body, blockLength, version);
                final String queue = d.queue();
                if (d.limit() > end)
                {
                    return false;
                }
                listener.onCreateTemporaryQueue(client(d.client()), queue);
            }
            case DeleteTemporaryQueueDecoder.TEMPLATE_ID ->
            {
                final DeleteTemporaryQueueDecoder d = deleteTemporary.wrap(buffer, body, blockLength, version);
                final String queue = d.queue();
                if (d.limit() > end)
                {
                    return false;
                }
                listener.onDeleteTemporaryQueue(client(d.client()), queue);
            }
            case ConnectDecoder.TEMPLATE_ID ->
            {
                final ConnectDecoder d = connect.wrap(buffer, body, blockLength, version);
                final String user = d.user();
                final String password = d.password();
                if (d.limit() > end)
                {
                    return false;
                }
                final ClientRefDecoder ref = d.client();
                listener.onConnect(ref.high(), ref.low(), ref.replyStreamId(), d.correlationId(), d.protocolVersion(),
                    d.sessionId(), user, password, udp);
            }
            case KeepAliveDecoder.TEMPLATE_ID ->
            {
                final KeepAliveDecoder d = keepAlive.wrap(buffer, body, blockLength, version);
                client(d.client());
            }
            case SendCreditDecoder.TEMPLATE_ID ->
            {
                final SendCreditDecoder d = sendCredit.wrap(buffer, body, blockLength, version);
                final String queue = d.queue();
                if (d.limit() > end)
                {
                    return false;
                }
                listener.onSendCredit(client(d.client()), d.correlationId(), queue, d.messages(), d.bytes());
            }
            case TopicCreditDecoder.TEMPLATE_ID ->
            {
                final TopicCreditDecoder d = topicCredit.wrap(buffer, body, blockLength, version);
                final String topic = d.topic();
                if (d.limit() > end)
                {
                    return false;
                }
                listener.onTopicCredit(client(d.client()), d.correlationId(), topic, d.messages(), d.bytes());
            }
            default -> throw new IllegalStateException("unknown template " + templateId);
        }
        return true;
    }

    private HostSession client(final ClientRefDecoder ref)
    {
        return listener.client(ref.high(), ref.low(), ref.replyStreamId(), udp);
    }

    /**
     * Drops a request that fails the checks. It is not answered: its client id and reply stream cannot be trusted,
     * and the host makes no publication for bytes it could not read; the client's wait for an answer times out.
     */
    private void malformed(final int templateId, final String why)
    {
        drops.dropped(() -> "queue host dropped a malformed control request (template " + templateId + "): " + why);
    }
}
