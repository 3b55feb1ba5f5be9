package io.wirespeed.host.cluster;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.aeron.cluster.client.AeronCluster;
import io.aeron.cluster.client.EgressListener;
import io.aeron.driver.MediaDriver;
import io.aeron.logbuffer.Header;
import io.wirespeed.codec.DestinationKind;
import io.wirespeed.codec.EnvelopeDescriptor;
import io.wirespeed.codec.EnvelopeWriter;
import io.wirespeed.codec.control.sbe.AcknowledgeEncoder;
import io.wirespeed.codec.control.sbe.BooleanType;
import io.wirespeed.codec.control.sbe.BrowseEncoder;
import io.wirespeed.codec.control.sbe.CloseConsumerEncoder;
import io.wirespeed.codec.control.sbe.ConnectEncoder;
import io.wirespeed.codec.control.sbe.ConnectedDecoder;
import io.wirespeed.codec.control.sbe.CreateTemporaryQueueEncoder;
import io.wirespeed.codec.control.sbe.CreditEncoder;
import io.wirespeed.codec.control.sbe.GiveBackEncoder;
import io.wirespeed.codec.control.sbe.KeepAliveEncoder;
import io.wirespeed.codec.control.sbe.MessageHeaderDecoder;
import io.wirespeed.codec.control.sbe.MessageHeaderEncoder;
import io.wirespeed.codec.control.sbe.RefusedDecoder;
import io.wirespeed.codec.control.sbe.SendCreditEncoder;
import io.wirespeed.codec.control.sbe.SubscribeEncoder;
import io.wirespeed.host.HostLimits;
import io.wirespeed.test.Await;
import io.wirespeed.test.SlowTest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * Issue 24's {@code IngressFuzzTest}: 100,000 frames of hostile ingress into a three-member clustered host on
 * loopback, seeded: valid control requests and queue messages of a few client ids with bytes flipped, cut short, or
 * left whole; random bytes under each kind byte; unknown kinds. Every member applies the same log: none reports an
 * error or leaves, and all three end in one state (equal digests at one log position). The hostile client's flipped
 * Connects may take every host session the limit allows; they go with its cluster session, and a new client's Connect
 * is answered.
 */
@SlowTest
class IngressFuzzTest
{
    private static final int FRAMES = Integer.getInteger("wirespeed.fuzz.frames", 100_000);
    private static final HostLimits LIMITS = new HostLimits(64, 8192, 8L << 20, TimeUnit.SECONDS.toNanos(60));
    private static final Duration ELECTION_DEADLINE = Duration.ofSeconds(20);
    private static final long FINAL_CORRELATION = 0x0F1A1L;

    @TempDir
    Path dir;

    private final LoopbackMembers loopback = new LoopbackMembers();
    private final List<HostService> services = new ArrayList<>();
    private final UnsafeBuffer frame = new UnsafeBuffer(new byte[1024]);
    private final UnsafeBuffer template = new UnsafeBuffer(new byte[1024]);
    private final MessageHeaderEncoder header = new MessageHeaderEncoder();
    private final Answers answers = new Answers();
    private MediaDriver clientDriver;
    private AeronCluster client;
    private Level hostLogLevel;

    @BeforeEach
    void quietHost()
    {
        // every member warns of what it drops (rate-limited): not this test's output
        hostLogLevel = Logger.getLogger("io.wirespeed.host").getLevel();
        Logger.getLogger("io.wirespeed.host").setLevel(Level.OFF);
    }

    @AfterEach
    void close()
    {
        CloseHelper.closeAll(client, clientDriver);
        loopback.closeAll();
        Logger.getLogger("io.wirespeed.host").setLevel(hostLogLevel);
    }

    @Test
    void everyMemberDropsHostileIngressAlikeAndStaysUp()
    {
        final ClusterMembers list = LoopbackMembers.threeMembers();
        for (int id = 0; id < list.size(); id++)
        {
            final HostService service = new HostService(LIMITS, new ClusterEgress());
            services.add(service);
            loopback.members().add(ClusterMember.launch(list, id, ClusterMemberSettings.defaults(
                dir.resolve("member-" + id).toFile()), service, loopback.errorHandler(id)));
        }
        loopback.awaitOneLeader(ELECTION_DEADLINE, () -> { });
        clientDriver = LoopbackMembers.launchClientDriver(dir.resolve("client-driver"));
        client = LoopbackMembers.connect(clientDriver, list, "aeron:udp?endpoint=127.0.0.1:0", answers);

        final long seed = Long.getLong("wirespeed.fuzz.seed", 24_004L);
        final Random random = new Random(seed);
        for (int i = 0; i < FRAMES; i++)
        {
            offer(fuzzed(random));
        }
        loopback.awaitEqualDigests(services, "after " + FRAMES + " fuzzed frames (seed " + seed + ")", this::poll);

        // the hostile client's Connects (ids flipped) may hold every host session the limit allows; they all go
        // with its cluster session, and a new client is served
        client.close();
        client = LoopbackMembers.connect(clientDriver, list, "aeron:udp?endpoint=127.0.0.1:0", answers);
        final long[] lastConnectNs = {0};
        Await.value("the Connect sent after the fuzz answered Connected", Duration.ofSeconds(30), () ->
        {
            if (client.isClosed())
            {
                throw new AssertionError("the cluster closed the new client's session");
            }
            if (System.nanoTime() - lastConnectNs[0] > TimeUnit.SECONDS.toNanos(1))
            {
                // as a client does until answered: the hostile client's sessions may still hold the limit a while
                lastConnectNs[0] = System.nanoTime();
                final int length = connect(frame, 1, 0xF1, FINAL_CORRELATION);
                frame.putByte(0, HostService.CONTROL_REQUEST);
                offer(length + 1);
            }
            return poll() >= 0 && answers.finalConnected ? Boolean.TRUE : null;
        });
        System.out.println("IngressFuzzTest: " + answers.messages + " egress messages; refused before Connected: " +
            answers.finalRefusal);
        loopback.awaitEqualDigests(services, "after the last Connect", this::poll);
        loopback.failOnMemberError();
        for (final ClusterMember member : loopback.members())
        {
            assertNotNull(member.role(), member + " still runs");
        }
        assertEquals(3, loopback.members().stream().filter((member) -> !member.isClosed()).count());
    }

    /** One hostile frame into {@link #frame}: kind byte first. */
    private int fuzzed(final Random random)
    {
        final int shape = random.nextInt(100);
        if (shape < 20)
        {
            final int length = 1 + random.nextInt(300);
            for (int i = 0; i < length; i++)
            {
                frame.putByte(i, (byte)random.nextInt(256));
            }
            frame.putByte(0, shape < 8 ? HostService.CONTROL_REQUEST : shape < 16 ? HostService.QUEUE_MESSAGE :
                (byte)(3 + random.nextInt(250)));
            return length;
        }
        final boolean control = random.nextInt(3) > 0;
        final int valid = control ? controlRequest(random) : queueMessage(random);
        frame.putByte(0, control ? HostService.CONTROL_REQUEST : HostService.QUEUE_MESSAGE);
        frame.putBytes(1, template, 0, valid);
        int length = 1 + valid;
        if (shape < 60)
        {
            final int flips = 1 + random.nextInt(4);
            for (int i = 0; i < flips; i++)
            {
                final int at = 1 + random.nextInt(valid);
                frame.putByte(at, (byte)(frame.getByte(at) ^ (1 << random.nextInt(8))));
            }
        }
        else if (shape < 80)
        {
            length = 1 + random.nextInt(valid);
        }
        return length;
    }

    /** A valid control request of one of a few clients into {@link #template}: its length. */
    private int controlRequest(final Random random)
    {
        final long client = 1 + random.nextInt(4);
        final long id = 1 + random.nextInt(4);
        final String queue = "q" + random.nextInt(3);
        final int headerLength = MessageHeaderEncoder.ENCODED_LENGTH;
        switch (random.nextInt(10))
        {
            case 0:
                return connect(template, 0, client, random.nextInt(1000));
            case 1:
            {
                final SubscribeEncoder encoder = new SubscribeEncoder().wrapAndApplyHeader(template, 0, header)
                    .consumerId(id).credit(random.nextInt(64));
                encoder.client().high(client).low(client).replyStreamId(0);
                encoder.queue(queue).selector(random.nextBoolean() ? "" : "priority > " + random.nextInt(9));
                return headerLength + encoder.encodedLength();
            }
            case 2:
            {
                final CreditEncoder encoder = new CreditEncoder().wrapAndApplyHeader(template, 0, header)
                    .consumerId(id).credit(random.nextInt(64));
                encoder.client().high(client).low(client).replyStreamId(0);
                return headerLength + encoder.encodedLength();
            }
            case 3:
            {
                final AcknowledgeEncoder encoder = new AcknowledgeEncoder().wrapAndApplyHeader(template, 0, header)
                    .consumerId(id).deliveryId(random.nextInt(2000));
                encoder.client().high(client).low(client).replyStreamId(0);
                return headerLength + encoder.encodedLength();
            }
            case 4:
            {
                final GiveBackEncoder encoder = new GiveBackEncoder().wrapAndApplyHeader(template, 0, header)
                    .consumerId(id).deliveryId(random.nextInt(2000)).seen(BooleanType.TRUE);
                encoder.client().high(client).low(client).replyStreamId(0);
                return headerLength + encoder.encodedLength();
            }
            case 5:
            {
                final CloseConsumerEncoder encoder = new CloseConsumerEncoder().wrapAndApplyHeader(template, 0, header)
                    .consumerId(id).keepDeliveries(random.nextBoolean() ? BooleanType.TRUE : BooleanType.FALSE);
                encoder.client().high(client).low(client).replyStreamId(0);
                return headerLength + encoder.encodedLength();
            }
            case 6:
            {
                final BrowseEncoder encoder = new BrowseEncoder().wrapAndApplyHeader(template, 0, header)
                    .correlationId(random.nextInt(1000));
                encoder.client().high(client).low(client).replyStreamId(0);
                encoder.queue(queue).selector("");
                return headerLength + encoder.encodedLength();
            }
            case 7:
            {
                final CreateTemporaryQueueEncoder encoder = new CreateTemporaryQueueEncoder()
                    .wrapAndApplyHeader(template, 0, header);
                encoder.client().high(client).low(client).replyStreamId(0);
                encoder.queue("$tmp" + random.nextInt(5));
                return headerLength + encoder.encodedLength();
            }
            case 8:
            {
                final SendCreditEncoder encoder = new SendCreditEncoder().wrapAndApplyHeader(template, 0, header)
                    .correlationId(random.nextInt(1000)).messages(1 + random.nextInt(100))
                    .bytes(random.nextInt(1 << 20));
                encoder.client().high(client).low(client).replyStreamId(0);
                encoder.queue(queue);
                return headerLength + encoder.encodedLength();
            }
            default:
            {
                final KeepAliveEncoder encoder = new KeepAliveEncoder().wrapAndApplyHeader(template, 0, header);
                encoder.client().high(client).low(client).replyStreamId(0);
                return headerLength + encoder.encodedLength();
            }
        }
    }

    private int connect(final UnsafeBuffer buffer, final int offset, final long client, final long correlationId)
    {
        final ConnectEncoder encoder = new ConnectEncoder().wrapAndApplyHeader(buffer, offset, header)
            .correlationId(correlationId).protocolVersion(MessageHeaderEncoder.SCHEMA_VERSION).sessionId(0);
        encoder.client().high(client).low(client).replyStreamId(0);
        encoder.user("").password("");
        return MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength();
    }

    /** A valid queue message of one of the clients into {@link #template}: its length. */
    private int queueMessage(final Random random)
    {
        final long client = 1 + random.nextInt(4);
        return new EnvelopeWriter().wrap(template, 0)
            .messageId(client, client, 1 + random.nextInt(2), 1 + random.nextInt(2), 1 + random.nextInt(500))
            .timestamp(random.nextInt(1000)).priority(random.nextInt(10))
            .deliveryMode(random.nextBoolean() ? EnvelopeDescriptor.PERSISTENT : EnvelopeDescriptor.NON_PERSISTENT)
            .expiration(random.nextInt(4) == 0 ? 1 + random.nextInt(100) : 0)
            .destination(DestinationKind.QUEUE, "q" + random.nextInt(3)).textBody("m").finish();
    }

    private void offer(final int length)
    {
        offer(frame, length);
    }

    private void offer(final DirectBuffer buffer, final int length)
    {
        LoopbackMembers.offer(client, buffer, length, this::poll);
    }

    private int poll()
    {
        client.sendKeepAlive();
        return client.pollEgress();
    }

    /** What the last Connect was answered. */
    private static final class Answers implements EgressListener
    {
        private final MessageHeaderDecoder headerDecoder = new MessageHeaderDecoder();
        private final ConnectedDecoder connected = new ConnectedDecoder();
        private final RefusedDecoder refused = new RefusedDecoder();
        private boolean finalConnected;
        private String finalRefusal;
        private long messages;

        @Override
        public void onMessage(
            final long clusterSessionId,
            final long timestamp,
            final DirectBuffer buffer,
            final int offset,
            final int length,
            final Header header)
        {
            messages++;
            headerDecoder.wrap(buffer, offset);
            if (headerDecoder.schemaId() != MessageHeaderDecoder.SCHEMA_ID)
            {
                return;
            }
            if (ConnectedDecoder.TEMPLATE_ID == headerDecoder.templateId())
            {
                connected.wrap(buffer, offset + MessageHeaderDecoder.ENCODED_LENGTH, headerDecoder.blockLength(),
                    headerDecoder.version());
                if (FINAL_CORRELATION == connected.correlationId())
                {
                    finalConnected = true;
                }
            }
            else if (RefusedDecoder.TEMPLATE_ID == headerDecoder.templateId())
            {
                refused.wrap(buffer, offset + MessageHeaderDecoder.ENCODED_LENGTH, headerDecoder.blockLength(),
                    headerDecoder.version());
                if (FINAL_CORRELATION == refused.correlationId())
                {
                    finalRefusal = refused.code() + ": " + refused.message();
                }
            }
        }
    }
}
