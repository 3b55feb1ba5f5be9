package io.wirespeed.bench.peer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.agrona.MutableDirectBuffer;

import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import io.aeron.logbuffer.BufferClaim;
import io.aeron.logbuffer.FragmentHandler;
import io.wirespeed.bench.common.IdleStrategies;
import io.wirespeed.bench.common.PollingThread;
import io.wirespeed.bench.rig.Placement;
import io.wirespeed.bench.rig.RemoteSide;
import io.wirespeed.bench.rig.RunProfile;
import io.wirespeed.bench.rig.SequenceCheck;
import io.wirespeed.netns.NamespaceHost;

/**
 * One publisher to one subscriber over raw Aeron: tryClaim on the sending thread, a polling thread to receive; between
 * hosts, the subscriber is a JVM with a driver of its own on the far host, counting into a shared
 * {@link SequenceCheck}.
 */
public final class AeronStream implements StreamPeer
{
    static final int STREAM = 1003;

    private final AeronMedia media;
    private final RunProfile profile;
    private final NamespaceHost far;
    private final BufferClaim claim = new BufferClaim();
    private ExclusivePublication publication;
    private PollingThread poller;
    private RemoteSide receiver;
    private Path checkFile;
    private SequenceCheck remoteCheck;
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
        this.far = null;
    }

    /**
     * A stream from this host to a subscriber in a JVM with a driver of its own on the far host
     * ({@link FarSideMain}), over UDP unicast to the far host's address.
     *
     * @param profile idle strategy and threading.
     * @param near    this host.
     * @param far     the subscriber's host.
     */
    public AeronStream(final RunProfile profile, final NamespaceHost near, final NamespaceHost far)
    {
        this.profile = profile;
        this.media = new AeronMedia(profile, AeronMedia.udpChannel(far.address(), Placement.FAR_PORT),
            AeronMedia.udpChannel(near.address(), Placement.NEAR_PORT), "udp-netns");
        this.far = far;
    }

    @Override
    public void start(final int size, final ReplyHandler handler) throws Exception
    {
        messageSize = Payload.checkSize(size);
        if (null != far)
        {
            checkFile = SequenceCheck.newFile();
            remoteCheck = SequenceCheck.mapped(checkFile);
            receiver = RemoteSide.start(far, FarSideMain.class.getName(), List.of("receive-aeron", profile.idle(),
                profile.threading(), AeronMedia.udpChannel(far.address(), Placement.FAR_PORT), checkFile.toString()));
            publication = media.connectedPublication(STREAM);
            return;
        }
        final Subscription subscription = media.aeron().addSubscription(media.channel(), STREAM);
        publication = media.connectedPublication(STREAM);
        final FragmentHandler receive = (buffer, offset, length, header) -> handler.onReply(
            buffer.getLong(offset + Payload.INTENDED_OFFSET), buffer.getLong(offset + Payload.SEQUENCE_OFFSET));
        poller = new PollingThread("aeron-stream-poller", IdleStrategies.of(profile.idle()),
            () -> subscription.poll(receive, 256));
    }

    @Override
    public SequenceCheck receiverElsewhere()
    {
        return remoteCheck;
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
        settings.put("shape", "sender thread tryClaim; " +
            (null == far ? "one polling thread receives" : "a polling thread on the far host receives"));
        return settings;
    }

    @Override
    public void close() throws Exception
    {
        if (poller != null)
        {
            poller.close();
        }
        if (receiver != null)
        {
            receiver.close();
        }
        media.close();
        if (checkFile != null)
        {
            Files.deleteIfExists(checkFile);
        }
    }
}
