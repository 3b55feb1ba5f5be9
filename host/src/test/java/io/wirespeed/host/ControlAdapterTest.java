package io.wirespeed.host;

import java.util.ArrayList;
import java.util.List;

import org.agrona.collections.LongArrayList;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import io.wirespeed.codec.control.sbe.BooleanType;
import io.wirespeed.codec.control.sbe.CommitEncoder;
import io.wirespeed.codec.control.sbe.MessageHeaderEncoder;
import io.wirespeed.codec.control.sbe.SubscribeDurableEncoder;
import io.wirespeed.codec.control.sbe.SubscribeEncoder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The host decodes the control protocol's requests into typed calls, and drops what does not follow the schema
 * without reading beyond the request or calling anything.
 */
class ControlAdapterTest
{
    private final List<String> calls = new ArrayList<>();
    private final ControlAdapter adapter = new ControlAdapter(new Recorder());
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[512]);

    @Test
    void aSubscribeReachesTheListenerWithItsFields()
    {
        final int length = subscribe();

        adapter.onMessage(buffer, 0, length);

        assertEquals(List.of("client 1:2 reply 33", "subscribe 7 credit 5 orders color = 'red'"), calls);
    }

    @Test
    void aDurableSubscribeCarriesItsFlags()
    {
        final SubscribeDurableEncoder encoder = new SubscribeDurableEncoder()
            .wrapAndApplyHeader(buffer, 0, new MessageHeaderEncoder()).consumerId(9).credit(10).streamId(1001)
            .shared(BooleanType.TRUE).noLocal(BooleanType.FALSE);
        encoder.client().high(1).low(2).replyStreamId(33);
        encoder.topic("prices").selector("").subscription("app/sub").channel("aeron:ipc");

        adapter.onMessage(buffer, 0, MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength());

        assertEquals(List.of("client 1:2 reply 33", "durable 9 credit 10 prices  app/sub aeron:ipc 1001 true false"),
            calls);
    }

    @Test
    void aCommitReachesTheListenerWithItsAcknowledgementsAndOneWhoseGroupRunsPastItsEndIsDropped()
    {
        final CommitEncoder encoder = new CommitEncoder().wrapAndApplyHeader(buffer, 0, new MessageHeaderEncoder())
            .correlationId(5).sessionId(3).transactionId(12).messages(2);
        encoder.client().high(1).low(2).replyStreamId(33);
        encoder.acknowledgementsCount(2).next().consumerId(7).deliveryId(70).next().consumerId(8).deliveryId(80);
        final int length = MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength();

        adapter.onMessage(buffer, 0, length);
        adapter.onMessage(buffer, 0, length - 1);

        assertEquals(List.of("client 1:2 reply 33", "commit 12 2 [7, 70, 8, 80]"), calls);
    }

    @Test
    void everyTruncatedRequestIsDroppedWithoutACall()
    {
        final int length = subscribe();
        for (int truncated = 0; truncated < length; truncated++)
        {
            // what follows the truncated request is garbage: long lengths must not be read beyond its end
            final UnsafeBuffer region = new UnsafeBuffer(new byte[length + 8]);
            region.setMemory(0, region.capacity(), (byte)0xFF);
            region.putBytes(0, buffer, 0, truncated);

            adapter.onMessage(region, 0, truncated);
        }

        assertEquals(List.of(), calls, "no client is made from a request that could not be read");
    }

    @Test
    void aFloodOfGarbageIsLoggedAtMostOnceASecondWithACountNotOnceAFrame()
    {
        final List<String> logged = new ArrayList<>();
        final java.util.logging.Logger logger = java.util.logging.Logger.getLogger(ControlAdapter.class.getName());
        final java.util.logging.Handler handler = new java.util.logging.Handler()
        {
            @Override
            public void publish(final java.util.logging.LogRecord record)
            {
                logged.add(record.getMessage());
            }

            @Override
            public void flush()
            {
            }

            @Override
            public void close()
            {
            }
        };
        logger.addHandler(handler);
        try
        {
            final long start = System.nanoTime();
            final UnsafeBuffer garbage = new UnsafeBuffer(new byte[64]);
            for (int i = 0; i < 10_000; i++)
            {
                garbage.putInt(0, i * 31 + 7);
                adapter.onMessage(garbage, 0, 3 + i % 60);
            }
            final long seconds = 1 + (System.nanoTime() - start) / 1_000_000_000L;
            assertTrue(!logged.isEmpty() && logged.size() <= seconds + 1,
                logged.size() + " warnings in " + seconds + " s for 10,000 garbage frames: " + logged);
        }
        finally
        {
            logger.removeHandler(handler);
        }
        assertEquals(List.of(), calls, "garbage makes no call");
    }

    @Test
    void aRequestOfAnotherSchemaIsDropped()
    {
        final int length = subscribe();
        buffer.putShort(4, (short)7001);

        adapter.onMessage(buffer, 0, length);

        assertEquals(List.of(), calls);
    }

    @Test
    void anUnknownTemplateIsDropped()
    {
        final int length = subscribe();
        buffer.putShort(2, (short)99);

        adapter.onMessage(buffer, 0, length);

        assertEquals(List.of(), calls);
    }

    private int subscribe()
    {
        final SubscribeEncoder encoder = new SubscribeEncoder()
            .wrapAndApplyHeader(buffer, 0, new MessageHeaderEncoder()).consumerId(7).credit(5);
        encoder.client().high(1).low(2).replyStreamId(33);
        encoder.queue("orders").selector("color = 'red'");
        return MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength();
    }

    /** Records each call as a line. */
    private final class Recorder implements ControlListener
    {
        @Override
        public HostSession client(final long high, final long low, final int replyStreamId, final boolean udp)
        {
            calls.add("client " + high + ":" + low + " reply " + replyStreamId);
            return null;
        }

        @Override
        public void onConnect(
            final long high, final long low, final int replyStreamId, final long correlationId,
            final int protocolVersion, final int sessionId, final String user, final String password,
            final boolean udp)
        {
            calls.add("connect " + high + ":" + low + " " + correlationId + " " + user);
        }

        @Override
        public void onSubscribe(
            final HostSession client, final long consumerId, final int credit, final String queue,
            final String selector)
        {
            calls.add("subscribe " + consumerId + " credit " + credit + " " + queue + " " + selector);
        }

        @Override
        public void onSubscribeShared(
            final HostSession client, final long consumerId, final int credit, final String topic,
            final String selector, final String subscription, final String channel, final int streamId)
        {
            calls.add("shared " + consumerId);
        }

        @Override
        public void onSubscribeDurable(
            final HostSession client, final long consumerId, final int credit, final String topic,
            final String selector, final String subscription, final String channel, final int streamId,
            final boolean shared, final boolean noLocal)
        {
            calls.add("durable " + consumerId + " credit " + credit + " " + topic + " " + selector + " " +
                subscription + " " + channel + " " + streamId + " " + shared + " " + noLocal);
        }

        @Override
        public void onUnsubscribe(final HostSession client, final long correlationId, final String subscription)
        {
            calls.add("unsubscribe " + correlationId);
        }

        @Override
        public void onCredit(final HostSession client, final long consumerId, final int credit)
        {
            calls.add("credit " + consumerId);
        }

        @Override
        public void onCommit(
            final HostSession client, final long correlationId, final int sessionId, final long transactionId,
            final int messages, final LongArrayList acknowledgements)
        {
            calls.add("commit " + transactionId + " " + messages + " " + acknowledgements);
        }

        @Override
        public void onAcknowledge(final HostSession client, final long consumerId, final long deliveryId)
        {
            calls.add("ack " + consumerId);
        }

        @Override
        public void onResync(
            final HostSession client, final long consumerId, final long lastDeliveryId, final long credit)
        {
            calls.add("resync " + consumerId);
        }

        @Override
        public void onGiveBack(
            final HostSession client, final long consumerId, final long deliveryId, final boolean seen)
        {
            calls.add("give back " + consumerId);
        }

        @Override
        public void onCloseConsumer(final HostSession client, final long consumerId, final boolean keepDeliveries)
        {
            calls.add("close " + consumerId);
        }

        @Override
        public void onPause(final HostSession client, final long consumerId, final long correlationId)
        {
            calls.add("pause " + consumerId);
        }

        @Override
        public void onBrowse(
            final HostSession client, final long correlationId, final String queue, final String selector)
        {
            calls.add("browse " + correlationId);
        }

        @Override
        public void onCreateTemporaryQueue(final HostSession client, final String queue)
        {
            calls.add("create " + queue);
        }

        @Override
        public void onDeleteTemporaryQueue(final HostSession client, final String queue)
        {
            calls.add("delete " + queue);
        }
    }
}
