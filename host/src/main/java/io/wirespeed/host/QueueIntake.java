package io.wirespeed.host;

import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.function.IntSupplier;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import io.wirespeed.codec.DestinationKind;
import io.wirespeed.codec.EnvelopeDescriptor;
import io.wirespeed.codec.EnvelopeReader;
import io.wirespeed.codec.MalformedEnvelopeException;
import io.wirespeed.codec.control.QueueStreams;
import io.wirespeed.codec.control.sbe.ErrorCode;
import io.wirespeed.host.durable.DurableFeed;
import io.wirespeed.host.durable.DurableState;
import io.wirespeed.host.durable.DurableStorage;
import io.wirespeed.transport.MessageHandler;
import io.wirespeed.transport.PersistenceWatch;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;

/**
 * The host's intake of queue messages: takes each queue message the driver read from the IPC inbound stream
 * ({@link #onQueueMessage}; it reads the UDP one itself, the relay's side, when the host serves it), admits each
 * message to its queue or refuses it with notice to its sender, and gives producers room on request. With durable
 * queues it also reads the recordings of the inbound stream ({@link DurableFeed} under
 * {@link QueueHost#QUEUES_KEY}) and matches them with the live arrivals ({@link RecordedArrivals}); messages over UDP
 * are relayed to the recorded IPC stream (a retry state while that is back-pressured), and a PERSISTENT one is
 * confirmed to its sender once the archive recorded it ({@link RecordingConfirmations}). Every message a queue keeps,
 * from here or from a subscription's feed, is stored through {@link #enqueue}, which numbers it. Used on the host's
 * thread only.
 */
final class QueueIntake implements MessageIntake
{
    private static final System.Logger LOGGER = System.getLogger(QueueHost.class.getName());
    private static final long NOT_STALLED = Long.MIN_VALUE;

    private final HostContext context;
    private final HostedQueues queues;
    private final ClientSessions sessions;
    private final DropLog envelopeDrops = new DropLog(LOGGER);
    private final EnvelopeReader reader = new EnvelopeReader();
    /** Why a clustered host refuses PERSISTENT messages while its leader's disk is low. */
    static final String LOG_SPACE_LOW = "the disk of the clustered queue host's leader, which records the cluster's " +
        "log, is nearly full (below wirespeed.archive.min.free on that member), so a PERSISTENT message could not be " +
        "kept; PERSISTENT sends work again once that disk has room, NON_PERSISTENT ones go on";
    private final RecordedArrivals arrivals = new RecordedArrivals();
    private final DurableFeed.Sink queueSink = this::onQueueReplayed;
    private final MessageHandler udpInboundHandler = this::onUdpEnvelope;
    /** Queue messages over UDP that the back-pressured relay has not taken yet, in order: its retry state. */
    private final ArrayDeque<byte[]> relayBacklog = new ArrayDeque<>();
    private final UnsafeBuffer relayView = new UnsafeBuffer(new byte[0]);
    private final UnsafeBuffer stagedView = new UnsafeBuffer(new byte[0]);
    private DurableFeed queueFeed;
    private LoggedSubscriptions logged;
    private TransportSubscription udpInbound;
    private TransportPublication relay;
    private RecordingConfirmations confirmations;
    private long relayStalledSinceNs = NOT_STALLED;
    private boolean recordingStopped;
    private boolean logSpaceLow;
    private boolean confirmsOnApply;
    private HostSession lastSender;
    private long refusalsLogged;
    private long sequence;

    /**
     * @param context  what the host's parts share.
     * @param queues   the host's queues.
     * @param sessions the host's clients, to find a message's sender.
     */
    QueueIntake(final HostContext context, final HostedQueues queues, final ClientSessions sessions)
    {
        this.context = context;
        this.queues = queues;
        this.sessions = sessions;
    }

    /**
     * With durable queues, opens the feed of the IPC inbound stream's recordings (the stream itself is the driver's,
     * {@link QueueHost#doWork}, whose messages come in through {@link #onQueueMessage}).
     *
     * @param durable       the archive, or null for none.
     * @param durableQueues whether queues are read from the archive's recordings.
     * @param stored        the stored state of the queues' feed, or null for none yet.
     */
    void open(final DurableStorage durable, final boolean durableQueues, final DurableState stored)
    {
        if (durable != null && durableQueues)
        {
            queueFeed = stored != null ? DurableFeed.restore(durable, stored) :
                DurableFeed.create(durable, new DurableState(QueueHost.QUEUES_KEY, "", "",
                false, true, QueueHostChannels.IPC, QueueStreams.INBOUND_STREAM));
        }
    }

    /**
     * Takes queue messages over UDP too, from the host's UDP channel; with durable queues they are relayed to the
     * recorded IPC stream.
     *
     * @param channel the host's UDP channel.
     * @return whether queue messages over UDP are relayed to be recorded.
     */
    boolean serveUdp(final String channel)
    {
        udpInbound = context.transport.addSubscription(channel, QueueStreams.INBOUND_STREAM);
        if (queueFeed != null)
        {
            // durable queues are read from the recordings of the IPC inbound stream: UDP arrivals go through it
            relay = context.transport.addPublication(QueueHostChannels.IPC, QueueStreams.INBOUND_STREAM);
            confirmations = new RecordingConfirmations(
                context.transport.capability(PersistenceWatch.class).orElse(null));
        }
        return relay != null;
    }

    /**
     * Reads the recordings of durable queues.
     *
     * @return the work done.
     */
    int pollQueueFeed()
    {
        int work = 0;
        if (queueFeed != null)
        {
            work += queueFeed.poll(queueSink, QueueHost.FRAGMENT_LIMIT, context.nowMs);
        }
        return work;
    }

    /**
     * Passes on what waits for the relay, then, once nothing waits, reads the UDP inbound stream.
     *
     * @return the work done.
     */
    int pollUdp()
    {
        int work = 0;
        if (!relayBacklog.isEmpty())
        {
            work += retryRelays();
        }
        if (relayBacklog.isEmpty())
        {
            work += udpInbound.pollOldestFirst(udpInboundHandler, QueueHost.FRAGMENT_LIMIT);
        }
        return work;
    }

    /**
     * Confirms to clients over UDP their PERSISTENT queue messages that the archive has recorded.
     *
     * @return the work done.
     */
    int confirm()
    {
        return confirmations == null ? 0 : confirmations.confirm(relay, context.proxy);
    }

    /** Forgets live arrivals long matched with nothing, now and then. */
    void forgetOldArrivals()
    {
        arrivals.forgetOld(context.nowNs);
    }

    /**
     * Retention is about to purge a recording: the queues' feed stops replaying it.
     *
     * @param recordingId the recording.
     */
    void releaseReplay(final long recordingId)
    {
        if (queueFeed != null)
        {
            queueFeed.releaseReplay(recordingId);
        }
    }

    /**
     * A client has gone: nothing of it waits for confirmation or for room on a topic, and it is no longer the last
     * sender.
     *
     * @param client the client.
     */
    void forget(final HostSession client)
    {
        if (confirmations != null)
        {
            confirmations.forget(client);
        }
        if (logged != null)
        {
            logged.room().forget(client);
        }
        if (lastSender == client)
        {
            lastSender = null;
        }
    }

    /**
     * A producer asks for room on a queue.
     *
     * @param client        the producer's client.
     * @param correlationId the request's id.
     * @param name          the queue.
     * @param messages      how many messages.
     * @param bytes         how many bytes.
     */
    void onSendCredit(
        final HostSession client, final long correlationId, final String name, final int messages, final long bytes)
    {
        final HostedQueue queue = queues.arrivalQueue(name);
        if (queue == null)
        {
            context.proxy.refuse(client, correlationId, HostedQueues.isTemporaryName(name) ?
                ErrorCode.INVALID_DESTINATION : ErrorCode.RESOURCE_LIMIT, queues.noQueue(name));
            return;
        }
        context.admission.request(context.proxy, client, correlationId, queue, messages, bytes);
    }

    /**
     * A queue message that came over UDP: taken as one from IPC, or, with durable queues, passed on to the IPC
     * inbound stream that the archive records; refused while the archive cannot record it. While that stream is
     * back-pressured the message waits in {@link #relayBacklog} (the relay's retry state) and the host reads no more
     * from UDP until the backlog is through, so that the back-pressure reaches the clients over UDP and the host's
     * thread goes on serving everything else.
     */
    private void onUdpEnvelope(final DirectBuffer buffer, final int offset, final int length)
    {
        if (relay == null)
        {
            onQueueMessage(buffer, offset, length);
            return;
        }
        if (recordingStopped && refusedUnrecordable(buffer, offset, length))
        {
            return;
        }
        if (relayBacklog.isEmpty() && relayed(buffer, offset, length))
        {
            return;
        }
        // the rest of this poll's fragments queue behind it, in order
        final byte[] copy = new byte[length];
        buffer.getBytes(offset, copy);
        relayBacklog.add(copy);
        if (relayStalledSinceNs == NOT_STALLED)
        {
            relayStalledSinceNs = context.nowNs;
        }
    }

    /**
     * Passes on what waits in {@link #relayBacklog}, in order, as far as the relay takes it now. A message the relay
     * has not taken for the client timeout is lost, as the archive or the host's own reading of the stream is stuck.
     *
     * @return how many went (or were lost).
     */
    private int retryRelays()
    {
        int work = 0;
        byte[] next;
        while ((next = relayBacklog.peek()) != null)
        {
            relayView.wrap(next);
            if (!relayed(relayView, 0, next.length))
            {
                final long nowNs = context.nowNs;
                if (relayStalledSinceNs == NOT_STALLED)
                {
                    relayStalledSinceNs = nowNs;
                }
                if (nowNs - relayStalledSinceNs <= context.limits.clientTimeoutNs())
                {
                    break;
                }
                LOGGER.log(System.Logger.Level.ERROR, "queue host lost a queue message that came over UDP: its " +
                    "inbound stream did not take it for the client timeout (back-pressured)");
                relayStalledSinceNs = nowNs;
            }
            else
            {
                relayStalledSinceNs = NOT_STALLED;
            }
            relayBacklog.poll();
            work++;
        }
        return work;
    }

    /**
     * Offers a queue message that came over UDP to the relay once, and notes a PERSISTENT one to be confirmed when
     * the archive has recorded it.
     *
     * @return true if the relay took it (or is closed: it is lost); false if back-pressured, to try again.
     */
    private boolean relayed(final DirectBuffer buffer, final int offset, final int length)
    {
        final HostSession confirmTo = persistentSender(buffer, offset, length);
        final int sessionId = confirmTo == null ? 0 : reader.sessionId();
        final int producerId = confirmTo == null ? 0 : reader.producerId();
        final long messageSequence = confirmTo == null ? 0 : reader.sequence();
        final long result = relay.offer(buffer, offset, length);
        if (result < 0)
        {
            if (result == TransportPublication.CLOSED)
            {
                LOGGER.log(System.Logger.Level.ERROR, "queue host lost a queue message that came over UDP: its " +
                    "inbound stream did not take it (" + TransportPublication.describe(result) + ")");
                return true;
            }
            return false;
        }
        if (confirmTo != null)
        {
            confirmations.relayed(confirmTo, sessionId, producerId, messageSequence,
                reader.destinationName().asString(), result);
        }
        return true;
    }

    /**
     * The client over UDP to tell once a queue message is recorded: the sender of a PERSISTENT message whose session
     * the host knows (a sender it does not know, as after a restart, is not told, and its send times out). Leaves the
     * envelope in the reader.
     */
    private HostSession persistentSender(final DirectBuffer buffer, final int offset, final int length)
    {
        try
        {
            reader.wrap(buffer, offset, length);
        }
        catch (final MalformedEnvelopeException ex)
        {
            return null;
        }
        if (reader.deliveryMode() != EnvelopeDescriptor.PERSISTENT)
        {
            return null;
        }
        final HostSession sender = sender(reader.connectionIdHigh(), reader.connectionIdLow());
        return sender != null && sender.udp ? sender : null;
    }

    /**
     * The archive stopped recording for want of disk space, or resumed: while stopped, queue messages that arrive
     * live are not matched with recorded copies, as none will come; at resume, those that arrived just before the
     * stop and were not recorded in time stop waiting for theirs.
     *
     * @param stopped whether recording is stopped now.
     */
    void onRecordingStoppedOrResumed(final boolean stopped)
    {
        recordingStopped = stopped;
        if (recordingStopped)
        {
            arrivals.recordingStopped();
            if (confirmations != null)
            {
                confirmations.refuseAll(context.proxy, "the archive's disk is nearly full and the queue host has " +
                    "stopped recording (wirespeed.archive.min.free on its driver); PERSISTENT sends work again once " +
                    "that disk has room, NON_PERSISTENT ones go on");
            }
        }
        else
        {
            arrivals.recordingResumed();
        }
    }

    /**
     * A queue message arriving live: admitted to its queue, or refused with notice to its sender
     * ({@link HostInputs#onQueueMessage}).
     *
     * @param buffer holding the envelope.
     * @param offset where it starts.
     * @param length its length.
     */
    void onQueueMessage(final DirectBuffer buffer, final int offset, final int length)
    {
        if (!wrapped(buffer, offset, length, "envelope"))
        {
            return;
        }
        final HostSession sender = sender(reader.connectionIdHigh(), reader.connectionIdLow());
        if (confirmsOnApply && null != sender &&
            sender.producers.isRepeat(reader.sessionId(), reader.producerId(), reader.sequence()))
        {
            // sent again after a change of leader: applied once already, so only its confirmation goes again
            confirmApplied(sender);
            return;
        }
        if (confirmsOnApply && null == sender && isRetiredRepeat())
        {
            // sent again by a client whose session the host gave up, before it connected again: nobody to confirm to
            return;
        }
        final String name = reader.destinationName().asString();
        if (logSpaceLow && reader.deliveryMode() == EnvelopeDescriptor.PERSISTENT)
        {
            refuse(sender, name, LOG_SPACE_LOW);
            return;
        }
        final HostedQueue queue = queues.arrivalQueue(name);
        final RecordedArrivals.Identity identity = queueFeed == null || recordingStopped ? null :
            RecordedArrivals.identity(reader);
        if (identity != null && !arrivals.onLive(identity))
        {
            return;
        }
        if (queue == null || !context.admission.admit(queue, sender, length))
        {
            refuseArrival(sender, name, queue);
            if (identity != null)
            {
                // its recorded copy is left out too: it was never taken
                final StoredMessage refused = new StoredMessage(new byte[0], 0, 0, 0, 0);
                refused.done();
                arrivals.awaitRecording(identity, refused);
            }
            return;
        }
        final StoredMessage message = enqueue(queue, reader, buffer, offset, length);
        if (identity != null && message != null)
        {
            arrivals.awaitRecording(identity, message);
        }
        if (confirmsOnApply && null != sender)
        {
            sender.producers.applied(reader.sessionId(), reader.producerId(), reader.sequence());
            confirmApplied(sender);
        }
        else if (confirmsOnApply)
        {
            // sent on a new cluster session before its Connect: unconfirmed, it goes again once connected
            final ProducerSequences retired =
                sessions.retired.find(reader.connectionIdHigh(), reader.connectionIdLow());
            if (null != retired)
            {
                retired.applied(reader.sessionId(), reader.producerId(), reader.sequence());
            }
        }
    }

    /**
     * Feeds a clustered host's durable subscriptions with the topic messages publishers forward into the log.
     *
     * @param subscriptions the subscriptions.
     */
    void feed(final LoggedSubscriptions subscriptions)
    {
        logged = subscriptions;
    }

    /**
     * A topic message a clustered host's client forwarded into the log ({@link HostInputs#onTopicMessage}): a copy
     * goes to each durable subscription that takes it, and a PERSISTENT one is confirmed to its sender, or refused
     * with notice if a subscription had no room for it. A copy sent again after a change of leader is dropped and
     * confirmed again.
     *
     * @param buffer holding the envelope.
     * @param offset where it starts.
     * @param length its length.
     */
    void onTopicMessage(final DirectBuffer buffer, final int offset, final int length)
    {
        if (null == logged || !wrapped(buffer, offset, length, "forwarded topic envelope"))
        {
            return;
        }
        final HostSession sender = sender(reader.connectionIdHigh(), reader.connectionIdLow());
        if (null != sender && sender.producers.isRepeat(reader.sessionId(), reader.producerId(), reader.sequence()))
        {
            confirmApplied(sender);
            return;
        }
        if (null == sender && isRetiredRepeat())
        {
            return;
        }
        final String name = reader.destinationName().asString();
        if (logSpaceLow && reader.deliveryMode() == EnvelopeDescriptor.PERSISTENT)
        {
            refuse(sender, name, LOG_SPACE_LOW);
            return;
        }
        final String full = logged.onTopicMessage(reader, buffer, offset, length, context.nowMs, true, sender);
        if (null != full)
        {
            refuse(sender, name, full);
            return;
        }
        if (null != sender)
        {
            sender.producers.applied(reader.sessionId(), reader.producerId(), reader.sequence());
            confirmApplied(sender);
        }
    }

    /**
     * A queue message a clustered host's client staged for its transaction's commit ({@link
     * HostInputs#onStagedQueueMessage}): admitted to its queue's room now, held invisible under the transaction until
     * the commit ({@link #commit}), and confirmed to its sender whatever its delivery mode, so that the client knows
     * the commit may go. A copy sent again after a change of leader is dropped and confirmed again; one sent on a new
     * cluster session before its Connect is dropped unconfirmed, to go again once connected.
     *
     * @param buffer holding the transaction's id (little-endian int64), then the envelope.
     * @param offset where the id starts.
     * @param length the id's and the envelope's length.
     */
    void onStagedQueueMessage(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length <= Long.BYTES)
        {
            envelopeDrops.dropped(() -> "queue host dropped a staged queue message of " + length + " bytes, too " +
                "short for a transaction id and an envelope");
            return;
        }
        final long transactionId = buffer.getLong(offset, ByteOrder.LITTLE_ENDIAN);
        final int envelopeOffset = offset + Long.BYTES;
        final int envelopeLength = length - Long.BYTES;
        if (!wrapped(buffer, envelopeOffset, envelopeLength, "staged envelope"))
        {
            return;
        }
        final HostSession sender = sender(reader.connectionIdHigh(), reader.connectionIdLow());
        if (null == sender)
        {
            return;
        }
        if (sender.producers.isRepeat(reader.sessionId(), reader.producerId(), reader.sequence()))
        {
            context.proxy.recorded(sender, reader.sessionId(), reader.producerId(), reader.sequence());
            return;
        }
        final String name = reader.destinationName().asString();
        if (logSpaceLow && reader.deliveryMode() == EnvelopeDescriptor.PERSISTENT)
        {
            refuse(sender, name, LOG_SPACE_LOW);
            return;
        }
        if (reader.destinationKind() != DestinationKind.TOPIC)
        {
            final HostedQueue queue = queues.arrivalQueue(name);
            if (queue == null || !context.admission.admit(queue, sender, envelopeLength))
            {
                refuseArrival(sender, name, queue);
                return;
            }
        }
        final byte[] copy = new byte[envelopeLength];
        buffer.getBytes(envelopeOffset, copy);
        sender.staged.stage(reader.sessionId(), transactionId, name, copy);
        sender.producers.applied(reader.sessionId(), reader.producerId(), reader.sequence());
        context.proxy.recorded(sender, reader.sessionId(), reader.producerId(), reader.sequence());
    }

    /** Wraps the reader around an envelope; a malformed one is dropped with a warning. */
    private boolean wrapped(final DirectBuffer buffer, final int offset, final int length, final String what)
    {
        try
        {
            reader.wrap(buffer, offset, length);
            return true;
        }
        catch (final MalformedEnvelopeException ex)
        {
            envelopeDrops.dropped(() -> "queue host dropped a malformed " + what + ": " + ex.getMessage());
            return false;
        }
    }

    /**
     * Takes a committed transaction's staged messages into their queues, in the order staged; one whose queue has
     * gone since (a temporary queue deleted) is dropped with a warning.
     *
     * @param staged the transaction's staged messages.
     */
    void commit(final StagedTransactions.Staged staged)
    {
        for (int i = 0; i < staged.size(); i++)
        {
            final String name = staged.destinations.get(i);
            final byte[] envelope = staged.envelopes.get(i);
            stagedView.wrap(envelope);
            reader.wrap(stagedView, 0, envelope.length);
            if (reader.destinationKind() == DestinationKind.TOPIC)
            {
                if (null != logged)
                {
                    logged.onTopicMessage(reader, stagedView, 0, envelope.length, context.nowMs, false, null);
                }
                continue;
            }
            final HostedQueue queue = queues.arrivalQueue(name);
            if (null == queue)
            {
                envelopeDrops.dropped(() -> "queue host dropped a committed message to queue '" + name + "', " +
                    "which was deleted after the message was staged");
                continue;
            }
            enqueue(queue, reader, stagedView, 0, envelope.length);
        }
    }

    /**
     * The disk of the cluster's leader, which records the log, fell below {@code wirespeed.archive.min.free}, or has
     * room again: an input of the log, so that every member refuses the same PERSISTENT messages.
     *
     * @param low whether the disk is low now.
     */
    void onLogSpaceLow(final boolean low)
    {
        logSpaceLow = low;
    }

    /**
     * Inputs confirm themselves once applied: the host is a cluster's state machine, which applies only what a
     * majority's log holds, so a PERSISTENT queue message applied is kept, and its sender over the cluster is told so
     * at once (as an archive's recording is confirmed to a single host's clients over UDP); and a message sent again
     * with an identity already applied is dropped, confirmed again.
     */
    void confirmOnApply()
    {
        confirmsOnApply = true;
    }

    /** Tells the sender of the PERSISTENT queue message the reader holds that it is kept (committed and applied). */
    private void confirmApplied(final HostSession sender)
    {
        if (sender.udp && reader.deliveryMode() == EnvelopeDescriptor.PERSISTENT)
        {
            context.proxy.recorded(sender, reader.sessionId(), reader.producerId(), reader.sequence());
        }
    }

    /** The client that sent a message, by the connection id in its envelope, or null if the host does not know it. */
    private boolean isRetiredRepeat()
    {
        final ProducerSequences retired = sessions.retired.find(reader.connectionIdHigh(), reader.connectionIdLow());
        return null != retired && retired.isRepeat(reader.sessionId(), reader.producerId(), reader.sequence());
    }

    private HostSession sender(final long high, final long low)
    {
        final HostSession last = lastSender;
        if (last != null && last.high == high && last.low == low)
        {
            return last;
        }
        final HostSession client = sessions.find(high, low);
        lastSender = client;
        return client;
    }

    /**
     * While recording is stopped for want of disk space, a PERSISTENT queue message from a client over UDP is
     * refused with notice, as a PERSISTENT send of a client over IPC fails then: it could not be kept (the client's
     * send, waiting for the host's confirmation, throws the refusal).
     *
     * @return true if the message was PERSISTENT and refused.
     */
    private boolean refusedUnrecordable(final DirectBuffer buffer, final int offset, final int length)
    {
        try
        {
            reader.wrap(buffer, offset, length);
        }
        catch (final MalformedEnvelopeException ex)
        {
            return false;
        }
        if (reader.deliveryMode() != EnvelopeDescriptor.PERSISTENT)
        {
            return false;
        }
        refuse(sender(reader.connectionIdHigh(), reader.connectionIdLow()), reader.destinationName().asString(),
            "the archive's disk is nearly full and the queue host has stopped recording (wirespeed.archive.min.free " +
            "on its driver), so a PERSISTENT message could not be kept; PERSISTENT sends work again once that disk " +
            "has room, NON_PERSISTENT ones go on");
        return true;
    }

    /** A queue message had no room (or no queue could be made for it): dropped, and its sender told. */
    private void refuseArrival(final HostSession sender, final String name, final HostedQueue queue)
    {
        refuse(sender, name, queue == null ? queues.noQueue(name) :
            context.admission.full(queue, context.admission.limits().policyOf(name), 1, reader.length()));
    }

    /** A queue message (the envelope the reader holds) was dropped: its sender is told why. */
    private void refuse(final HostSession sender, final String name, final String why)
    {
        HostSession told = sender;
        if (told == null)
        {
            try
            {
                // a client the host does not know yet (it restarted): over IPC its reply stream follows from its
                // id; a client over UDP is told once it connects again, by its next send's refusal
                told = sessions.client(reader.connectionIdHigh(), reader.connectionIdLow(),
                    QueueStreams.replyStream(reader.connectionIdHigh(), reader.connectionIdLow()), false,
                    context.limits, context.nowNs);
            }
            catch (final ClientLimitException ex)
            {
                told = null;
            }
        }
        if (told != null)
        {
            context.proxy.sendRefused(told, reader.sessionId(), reader.producerId(), name, "a message to " +
                (reader.destinationKind() == DestinationKind.TOPIC ? "topic '" : "queue '") + name +
                "' was refused and dropped: " + why);
        }
        if (Long.bitCount(++refusalsLogged) == 1)
        {
            LOGGER.log(System.Logger.Level.WARNING, "queue host refused " + refusalsLogged + " message(s) so far; " +
                "the last from " + (sender == null ? "an unknown sender" : "client " + sender.high + ":" +
                sender.low) + ": " + why);
        }
    }

    /** @return the last message number issued (a snapshot's). */
    long lastSequence()
    {
        return sequence;
    }

    /**
     * Restores the last message number issued from a snapshot.
     *
     * @param lastSequence the number.
     */
    void lastSequence(final long lastSequence)
    {
        sequence = lastSequence;
    }

    /**
     * Adds the intake's state to a digest: the last message number issued, whether recording is stopped, and how
     * many live messages wait for their recorded copies and recorded ones for their live copies. The UDP relay's
     * backlog is left out (the transport's side), as are the durable queues' feed's replays under way.
     *
     * @param digest the digest.
     */
    void digest(final HostStateDigest digest)
    {
        digest.part("intake").add(sequence).add(recordingStopped).add(logSpaceLow).add(arrivals.awaiting())
            .add(arrivals.replayedFirst()).add(null == confirmations ? 0 : confirmations.waiting());
        digest.add(null == queueFeed ? "" : queueFeed.state().digestText());
    }

    /** {@inheritDoc} */
    @Override
    public StoredMessage enqueue(
        final HostedQueue queue, final EnvelopeReader envelope, final DirectBuffer buffer, final int offset,
        final int length)
    {
        if (queue == null)
        {
            return null;
        }
        final byte[] copy = new byte[length];
        buffer.getBytes(offset, copy);
        final StoredMessage message =
            new StoredMessage(copy, ++sequence, envelope.priority(), envelope.expiration(), envelope.deliveryTime());
        queue.add(message);
        return message;
    }

    private boolean onQueueReplayed(
        final DirectBuffer buffer, final int offset, final int length, final long recordingId, final long start,
        final boolean possiblyDelivered)
    {
        try
        {
            reader.wrap(buffer, offset, length);
        }
        catch (final MalformedEnvelopeException ex)
        {
            envelopeDrops.dropped(() -> "queue host dropped a malformed envelope: " + ex.getMessage());
            return false;
        }
        final RecordedArrivals.Identity identity = RecordedArrivals.identity(reader);
        final StoredMessage live = arrivals.onRecorded(identity);
        if (live != null)
        {
            if (live.isSettled())
            {
                return false;
            }
            live.from(queueFeed, recordingId, start);
            return true;
        }
        if (possiblyDelivered && reader.deliveryMode() != EnvelopeDescriptor.PERSISTENT)
        {
            return false;
        }
        final StoredMessage message = enqueue(queues.queue(reader.destinationName().asString(), null, false), reader,
            buffer, offset, length);
        if (message == null)
        {
            return false;
        }
        arrivals.queuedFromRecording(identity, context.nowNs);
        message.from(queueFeed, recordingId, start);
        if (possiblyDelivered)
        {
            message.deliveryCount = 1;
        }
        return true;
    }

    /**
     * As the host closes, before anything closes: passes on the queue messages over UDP that wait for the relay
     * (reading the inbound stream to make room), then reads the recordings up to the live messages, so that the
     * acknowledged ones' positions are stored and they do not come back, marked possibly delivered, at the next
     * start.
     *
     * @param deadlineNs   when to stop trying, by the host's clock ({@link HostContext#clock}), which this loop reads
     *                     itself: it runs outside the duty cycle, as the host closes.
     * @param pollInbound  reads the IPC inbound stream (the driver's), returning the work done.
     */
    void catchUp(final long deadlineNs, final IntSupplier pollInbound)
    {
        while (!relayBacklog.isEmpty() && context.clock.nanoTime() < deadlineNs)
        {
            context.tick();
            if (retryRelays() == 0 && pollInbound.getAsInt() == 0)
            {
                Thread.yield();
            }
        }
        while (queueFeed != null && arrivals.awaiting() > 0 && context.clock.nanoTime() < deadlineNs)
        {
            context.tick();
            if (queueFeed.poll(queueSink, QueueHost.FRAGMENT_LIMIT, context.nowMs) == 0)
            {
                Thread.yield();
            }
        }
    }

    /** Closes the queues' feed (its positions are stored). */
    void closeQueueFeed()
    {
        if (queueFeed != null)
        {
            queueFeed.close();
        }
    }

    /** Closes the UDP inbound stream and the relay. */
    void closeUdp()
    {
        if (udpInbound != null)
        {
            udpInbound.close();
        }
        if (relay != null)
        {
            relay.close();
        }
    }
}
