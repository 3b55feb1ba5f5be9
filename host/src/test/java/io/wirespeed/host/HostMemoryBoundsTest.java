package io.wirespeed.host;

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
import io.wirespeed.codec.control.sbe.BooleanType;
import io.wirespeed.codec.control.sbe.BrowseEncoder;
import io.wirespeed.codec.control.sbe.BrowseEndDecoder;
import io.wirespeed.codec.control.sbe.BrowseItemDecoder;
import io.wirespeed.codec.control.sbe.CloseConsumerEncoder;
import io.wirespeed.codec.control.sbe.MessageHeaderDecoder;
import io.wirespeed.codec.control.sbe.MessageHeaderEncoder;
import io.wirespeed.codec.control.sbe.SendCreditEncoder;
import io.wirespeed.codec.control.sbe.SubscribeEncoder;
import io.wirespeed.test.AdjustableClock;
import io.wirespeed.test.transport.InMemoryMedium;
import io.wirespeed.test.transport.InMemoryTransport;
import io.wirespeed.transport.CounterRegistry;
import io.wirespeed.transport.CounterTypes;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the queue host holds when writers ignore the protocol: raw envelopes on the inbound stream, from senders the
 * host does not know, to one queue without consumers or to ever new names. The host, on the test's thread and clock,
 * holds no more than its limits (set by the system properties the driver reads), and forgets queues once unused.
 */
class HostMemoryBoundsTest
{
    private static final int REPLY_STREAM = 5001;
    private static final String[] SETTINGS = {"wirespeed.host.maxQueueMessages", "wirespeed.host.maxQueues",
        "wirespeed.host.idleQueueRemovalMs", "wirespeed.host.maxQueueBytes", "wirespeed.host.maxHostBytes"};

    private final AdjustableClock clock = new AdjustableClock();
    private final InMemoryTransport transport = new InMemoryMedium(1 << 20).connect();
    private final TransportPublication control = transport.addPublication(QueueHostChannels.IPC,
        QueueStreams.CONTROL_STREAM);
    private final TransportPublication inbound = transport.addPublication(QueueHostChannels.IPC,
        QueueStreams.INBOUND_STREAM);
    private final TransportSubscription replies = transport.addSubscription(QueueHostChannels.IPC, REPLY_STREAM);
    private final UnsafeBuffer request = new UnsafeBuffer(new byte[1024]);
    private final MessageHeaderEncoder headerEncoder = new MessageHeaderEncoder();
    private final MessageHeaderDecoder header = new MessageHeaderDecoder();
    private QueueHost host;
    private Level hostLogLevel;
    private int browsed;
    private boolean browseEnded;

    @BeforeEach
    void quietHostWarnings()
    {
        hostLogLevel = Logger.getLogger("io.wirespeed.host").getLevel();
        Logger.getLogger("io.wirespeed.host").setLevel(Level.OFF);
    }

    @AfterEach
    void close()
    {
        for (final String setting : SETTINGS)
        {
            System.clearProperty(setting);
        }
        Logger.getLogger("io.wirespeed.host").setLevel(hostLogLevel);
        if (host != null)
        {
            host.close();
        }
        transport.close();
    }

    private void startHost(final String... settings)
    {
        for (int i = 0; i < settings.length; i += 2)
        {
            System.setProperty(settings[i], settings[i + 1]);
        }
        host = new QueueHost(transport, QueueSelectors::compile)
            .limits(new HostLimits(64, 4096, 1 << 20, TimeUnit.SECONDS.toNanos(10)), clock);
    }

    @Test
    void aQueueWithoutConsumersHoldsNoMoreThanItsLimitOfMessagesFromWritersItDoesNotKnow()
    {
        startHost("wirespeed.host.maxQueueMessages", "100");
        for (int i = 0; i < 1_000; i++)
        {
            send("orders", i);
        }
        assertEquals(100, browse("orders"), "messages the queue holds after 1,000 raw sends");
    }

    @Test
    void theHostHoldsNoMoreThanItsLimitOfBytesAcrossQueues()
    {
        startHost("wirespeed.host.maxHostBytes", "65536");
        int held = 0;
        for (int i = 0; i < 2_000; i++)
        {
            send("flood." + i % 50, i);
        }
        for (int q = 0; q < 50; q++)
        {
            held += browse("flood." + q);
        }
        assertTrue(held > 100 && held < 2_000, "the host took what fits 64 KiB, then refused: " + held);
        assertTrue(host.heldBytes() <= 65536, "the host holds " + host.heldBytes() + " bytes");
    }

    @Test
    void roomGrantedToAProducerNeverTakesTheHostPastItsLimitOfBytes()
    {
        startHost("wirespeed.host.maxHostBytes", "65536");
        for (int i = 0; i < 50; i++)
        {
            send("flood." + i % 5, i);
        }
        drain();
        final SendCreditEncoder credit = new SendCreditEncoder().wrapAndApplyHeader(request, 0, headerEncoder)
            .correlationId(5).messages(1).bytes(100);
        credit.client().high(1).low(1).replyStreamId(REPLY_STREAM);
        credit.queue("orders");
        offer(control, request, MessageHeaderEncoder.ENCODED_LENGTH + credit.encodedLength());
        drain();

        assertTrue(host.heldBytes() <= 65536, "the host holds and keeps " + host.heldBytes() + " bytes");
    }

    @Test
    void everyNewNameBeyondTheLimitOfQueuesIsRefused()
    {
        startHost("wirespeed.host.maxQueues", "50");
        for (int i = 0; i < 200; i++)
        {
            send("mutated." + i, i);
        }
        assertEquals(1, browse("mutated.10"), "a queue made within the limit holds its message");
        assertEquals(0, browse("mutated.199"), "a name beyond the limit of queues made no queue");
    }

    @Test
    void queuesOfMutatedNamesGoOnceUnusedForTheGracePeriod()
    {
        startHost("wirespeed.host.idleQueueRemovalMs", "1000", "wirespeed.host.maxQueues", "1000000");
        send("kept", 0);
        for (int i = 0; i < 2_000; i++)
        {
            subscribe(i, "mutated." + i);
            closeConsumer(i);
        }
        drain();
        assertEquals(2_001, host.queueCount(), "every name made a queue");
        assertEquals(HostCounters.MAX_COUNTED_QUEUES, depthCounters(), "queues counted for tools outside, at most");

        cycle();
        clock.advanceMillis(500);
        cycle();
        assertEquals(2_001, host.queueCount(), "unused queues stay for the grace period");
        clock.advanceMillis(1_000);
        cycle();

        assertEquals(1, host.queueCount(), "only the queue holding a message is left");
        assertEquals(1, depthCounters(), "the counters go with their queues");
        assertEquals(1, browse("kept"));
    }

    private int depthCounters()
    {
        final int[] count = new int[1];
        transport.capability(CounterRegistry.class).orElseThrow().reader().forEach((id, typeId, key, label) ->
        {
            if (typeId == CounterTypes.QUEUE_DEPTH)
            {
                count[0]++;
            }
        });
        return count[0];
    }

    /** Lets the host take everything sent so far. */
    private void drain()
    {
        for (int cycles = 0; cycles < 10_000 && host.doWork() > 0; cycles++)
        {
            replies.poll(this::onReply, 64);
        }
    }

    private void cycle()
    {
        // the host checks its queues and clients every 50 ms of its clock
        clock.advanceMillis(100);
        host.doWork();
    }

    private void send(final String queue, final int sequence)
    {
        final UnsafeBuffer out = new UnsafeBuffer(new byte[512]);
        final int length = new EnvelopeWriter().wrap(out, 0).messageId(9, 9, 1, 1, sequence).timestamp(sequence)
            .destination(DestinationKind.QUEUE, queue).textBody("message " + sequence).finish();
        offer(inbound, out, length);
    }

    private void subscribe(final long consumerId, final String queue)
    {
        final SubscribeEncoder subscribe = new SubscribeEncoder().wrapAndApplyHeader(request, 0, headerEncoder)
            .consumerId(consumerId).credit(10);
        subscribe.client().high(1).low(1).replyStreamId(REPLY_STREAM);
        subscribe.queue(queue).selector("");
        offer(control, request, MessageHeaderEncoder.ENCODED_LENGTH + subscribe.encodedLength());
    }

    private void closeConsumer(final long consumerId)
    {
        final CloseConsumerEncoder close = new CloseConsumerEncoder().wrapAndApplyHeader(request, 0, headerEncoder)
            .consumerId(consumerId).keepDeliveries(BooleanType.FALSE);
        close.client().high(1).low(1).replyStreamId(REPLY_STREAM);
        offer(control, request, MessageHeaderEncoder.ENCODED_LENGTH + close.encodedLength());
    }

    /** Browses a queue and counts what it holds. */
    private int browse(final String queue)
    {
        drain();
        final BrowseEncoder browse = new BrowseEncoder().wrapAndApplyHeader(request, 0, headerEncoder)
            .correlationId(77);
        browse.client().high(1).low(1).replyStreamId(REPLY_STREAM);
        browse.queue(queue).selector("");
        offer(control, request, MessageHeaderEncoder.ENCODED_LENGTH + browse.encodedLength());
        browsed = 0;
        browseEnded = false;
        for (int cycles = 0; cycles < 10_000 && !browseEnded; cycles++)
        {
            host.doWork();
            replies.poll(this::onReply, 64);
        }
        assertTrue(browseEnded, "the browse of " + queue + " ended");
        return browsed;
    }

    private void onReply(final DirectBuffer buffer, final int offset, final int length)
    {
        header.wrap(buffer, offset);
        if (header.templateId() == BrowseItemDecoder.TEMPLATE_ID)
        {
            browsed++;
        }
        else if (header.templateId() == BrowseEndDecoder.TEMPLATE_ID)
        {
            browseEnded = true;
        }
    }

    private void offer(final TransportPublication publication, final DirectBuffer bytes, final int length)
    {
        for (int tries = 0; publication.offer(bytes, 0, length) < 0; tries++)
        {
            assertTrue(tries < 1_000, "the host does not read its stream");
            host.doWork();
            replies.poll(this::onReply, 64);
        }
    }
}
