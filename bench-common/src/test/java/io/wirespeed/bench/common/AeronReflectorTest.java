package io.wirespeed.bench.common;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.YieldingIdleStrategy;
import org.junit.jupiter.api.Test;

import io.aeron.ExclusivePublication;
import io.aeron.FragmentAssembler;
import io.aeron.Subscription;
import io.aeron.driver.ThreadingMode;
import io.aeron.logbuffer.FragmentHandler;

import io.wirespeed.test.Await;

/** The raw Aeron echo side, against a real embedded media driver started by {@link RawAeron}. */
class AeronReflectorTest
{
    private static final int PING_STREAM = 1001;
    private static final int PONG_STREAM = 1002;
    private static final int MIN_TERM_LENGTH = 64 * 1024;
    private static final int MESSAGE_SIZE = 1000;

    @Test
    void sendsEveryPingBackUnchangedAndInOrder() throws Exception
    {
        final int count = 10;
        try (RawAeron rawAeron = start("echo"))
        {
            final Streams streams = Streams.connect(rawAeron);
            final AeronReflector reflector =
                new AeronReflector(streams.pong(), new YieldingIdleStrategy(), AeronReflector.NO_DUTY);
            final List<String> received = new ArrayList<>();
            final FragmentHandler collect = (buffer, offset, length, header) ->
                received.add(buffer.getStringWithoutLengthAscii(offset, length));

            try (PollingThread ignored = new PollingThread(
                "test-reflector", new YieldingIdleStrategy(), () -> streams.pings().poll(reflector, 16)))
            {
                final UnsafeBuffer message = new UnsafeBuffer(new byte[64]);
                for (int i = 0; i < count; i++)
                {
                    final int length = message.putStringWithoutLengthAscii(0, "ping number " + i);
                    Await.until("ping " + i + " accepted", () -> streams.ping().offer(message, 0, length) > 0);
                }
                Await.until(count + " pongs", () -> streams.pongs().poll(collect, 16) >= 0 && received.size() == count);
            }
            for (int i = 0; i < count; i++)
            {
                assertEquals("ping number " + i, received.get(i));
            }
        }
    }

    @Test
    void reflectsMessagesLongerThanOneFrameWholeBehindAFragmentAssembler() throws Exception
    {
        final int size = 4 * 1024;
        try (RawAeron rawAeron = start("fragmented"))
        {
            final Streams streams = Streams.connect(rawAeron);
            assertTrue(size > streams.pong().maxPayloadLength(), "the message must need more than one frame");
            final FragmentAssembler reflector = new FragmentAssembler(
                new AeronReflector(streams.pong(), new YieldingIdleStrategy(), AeronReflector.NO_DUTY));
            final List<byte[]> received = new ArrayList<>();
            final FragmentAssembler collect = new FragmentAssembler((buffer, offset, length, header) ->
            {
                final byte[] bytes = new byte[length];
                buffer.getBytes(offset, bytes);
                received.add(bytes);
            });
            final byte[] sent = new byte[size];
            for (int i = 0; i < size; i++)
            {
                sent[i] = (byte)(i * 31);
            }

            try (PollingThread ignored = new PollingThread(
                "test-reflector", new YieldingIdleStrategy(), () -> streams.pings().poll(reflector, 16)))
            {
                final UnsafeBuffer message = new UnsafeBuffer(sent);
                Await.until("the ping accepted", () -> streams.ping().offer(message, 0, size) > 0);
                Await.until("the pong", () -> streams.pongs().poll(collect, 16) >= 0 && received.size() == 1);
            }
            assertArrayEquals(sent, received.get(0));
        }
    }

    @Test
    void drainsThePongsWhileThePongPublicationIsBackPressured() throws Exception
    {
        // 200 pongs of 1000 bytes are six times the 32 KiB window of a 64 KiB term, and only the duty reads them
        // while the reflector runs: the reflector is back-pressured and must do its duty to get through.
        final int count = 200;
        try (RawAeron rawAeron = start("back-pressure"))
        {
            final Streams streams = Streams.connect(rawAeron);
            final List<Long> received = new ArrayList<>();
            final FragmentHandler collect = (buffer, offset, length, header) -> received.add(buffer.getLong(offset));
            final int[] drainedByDuty = new int[1];
            final AeronReflector reflector = new AeronReflector(streams.pong(), new YieldingIdleStrategy(), () ->
            {
                final int drained = streams.pongs().poll(collect, 16);
                drainedByDuty[0] += drained;
                return drained;
            });
            final AtomicInteger reflected = new AtomicInteger();
            final FragmentHandler countReflected = (buffer, offset, length, header) ->
            {
                reflector.onFragment(buffer, offset, length, header);
                reflected.incrementAndGet();
            };

            try (PollingThread ignored = new PollingThread(
                "test-reflector", new YieldingIdleStrategy(), () -> streams.pings().poll(countReflected, 16)))
            {
                final UnsafeBuffer message = new UnsafeBuffer(new byte[MESSAGE_SIZE]);
                for (long i = 0; i < count; i++)
                {
                    message.putLong(0, i);
                    Await.until("ping " + i + " accepted", () -> streams.ping().offer(message, 0, MESSAGE_SIZE) > 0);
                }
                Await.until(count + " pings reflected", () -> reflected.get() == count);
            }
            Await.until(count + " pongs", () -> streams.pongs().poll(collect, 16) >= 0 && received.size() == count);
            for (int i = 0; i < count; i++)
            {
                assertEquals(i, received.get(i));
            }
            assertTrue(drainedByDuty[0] > 0, "no pong was drained while the reflector was back-pressured");
        }
    }

    @Test
    void refusesToReflectOntoAClosedPublication()
    {
        try (RawAeron rawAeron = start("closed"))
        {
            final ExclusivePublication pong =
                rawAeron.aeron().addExclusivePublication(Endpoints.AERON_IPC, PONG_STREAM);
            final AeronReflector reflector =
                new AeronReflector(pong, new YieldingIdleStrategy(), AeronReflector.NO_DUTY);
            pong.close();
            final IllegalStateException ex = assertThrows(IllegalStateException.class,
                () -> reflector.onFragment(new UnsafeBuffer(new byte[16]), 0, 16, null));
            assertTrue(ex.getMessage().contains("CLOSED"), ex.getMessage());
        }
    }

    /** Ping and pong streams on IPC, subscribed and connected. */
    private record Streams(Subscription pings, Subscription pongs, ExclusivePublication ping, ExclusivePublication pong)
    {
        static Streams connect(final RawAeron rawAeron)
        {
            final Subscription pings = rawAeron.aeron().addSubscription(Endpoints.AERON_IPC, PING_STREAM);
            final Subscription pongs = rawAeron.aeron().addSubscription(Endpoints.AERON_IPC, PONG_STREAM);
            return new Streams(pings, pongs, rawAeron.connectedPublication(Endpoints.AERON_IPC, PING_STREAM),
                rawAeron.connectedPublication(Endpoints.AERON_IPC, PONG_STREAM));
        }
    }

    private static RawAeron start(final String name)
    {
        final String directory = new File(System.getProperty("java.io.tmpdir"),
            "aeron-reflector-test-" + name + "-" + ProcessHandle.current().pid()).getAbsolutePath();
        return RawAeron.start(directory, "yielding", ThreadingMode.SHARED, MIN_TERM_LENGTH);
    }
}
