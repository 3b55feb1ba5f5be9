package io.wirespeed.bench.peer;

import java.util.LinkedHashMap;
import java.util.Map;

import org.agrona.MutableDirectBuffer;

import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import io.aeron.logbuffer.BufferClaim;
import io.aeron.logbuffer.FragmentHandler;
import io.wirespeed.bench.common.IdleStrategies;
import io.wirespeed.bench.common.PollingThread;
import io.wirespeed.bench.rig.RunProfile;

/** One publisher to one subscriber over raw Aeron: tryClaim on the sending thread, a polling thread to receive. */
public final class AeronStream implements StreamPeer
{
    private static final int STREAM = 1003;

    private final AeronMedia media;
    private final RunProfile profile;
    private final BufferClaim claim = new BufferClaim();
    private ExclusivePublication publication;
    private PollingThread poller;
    private int messageSize;

    /**
     * A stream over raw Aeron.
     *
     * @param profile idle strategy and threading.
     * @param udpPort a UDP port for loopback unicast, or 0 for IPC.
     */
    public AeronStream(final RunProfile profile, final int udpPort)
    {
        this.profile = profile;
        this.media = new AeronMedia(profile, udpPort);
    }

    @Override
    public void start(final int size, final ReplyHandler handler)
    {
        messageSize = Payload.checkSize(size);
        final Subscription subscription = media.aeron().addSubscription(media.channel(), STREAM);
        publication = media.connectedPublication(STREAM);
        final FragmentHandler receive = (buffer, offset, length, header) -> handler.onReply(
            buffer.getLong(offset + Payload.INTENDED_OFFSET), buffer.getLong(offset + Payload.SEQUENCE_OFFSET));
        poller = new PollingThread("aeron-stream-poller", IdleStrategies.of(profile.idle()),
            () -> subscription.poll(receive, 256));
    }

    @Override
    public void send(final long sequence)
    {
        while (publication.tryClaim(messageSize, claim) < 0)
        {
            Thread.yield();
        }
        final MutableDirectBuffer buffer = claim.buffer();
        final int offset = claim.offset();
        buffer.putLong(offset + Payload.INTENDED_OFFSET, 0);
        buffer.putLong(offset + Payload.SEQUENCE_OFFSET, sequence);
        buffer.setMemory(offset + Payload.MIN_SIZE, messageSize - Payload.MIN_SIZE, (byte)0);
        claim.commit();
    }

    @Override
    public Map<String, Object> settings()
    {
        final Map<String, Object> settings = new LinkedHashMap<>(media.settings());
        settings.put("shape", "sender thread tryClaim; one polling thread receives");
        return settings;
    }

    @Override
    public void close() throws Exception
    {
        if (poller != null)
        {
            poller.close();
        }
        media.close();
    }
}
