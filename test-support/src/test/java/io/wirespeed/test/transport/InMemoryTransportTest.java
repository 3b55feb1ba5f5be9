package io.wirespeed.test.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import io.wirespeed.test.Await;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;

/**
 * What the in-memory transport adds to the transport contract: publishers on several threads, and media that keep
 * tests apart.
 */
class InMemoryTransportTest
{
    @Test
    void publishersOnTwoThreadsDeliverEverythingInEachPublishersOrder() throws Exception
    {
        final int count = 5_000;
        final InMemoryMedium medium = new InMemoryMedium();
        try (InMemoryTransport transport = medium.connect();
            TransportSubscription subscription = transport.addSubscription("mem:threads", 1))
        {
            final List<Thread> publishers = new ArrayList<>();
            for (int p = 0; p < 2; p++)
            {
                final int publisher = p;
                final TransportPublication publication = transport.addPublication("mem:threads", 1);
                publishers.add(new Thread(() ->
                {
                    final UnsafeBuffer buffer = new UnsafeBuffer(new byte[8]);
                    for (int i = 0; i < count; i++)
                    {
                        buffer.putInt(0, publisher);
                        buffer.putInt(4, i);
                        while (publication.offer(buffer, 0, 8) < 0)
                        {
                            Thread.onSpinWait();
                        }
                    }
                }, "publisher " + p));
            }
            publishers.forEach(Thread::start);

            final int[] next = new int[2];
            Await.until(2 * count + " messages", () ->
            {
                subscription.poll((buffer, offset, length) ->
                {
                    final int publisher = buffer.getInt(offset);
                    assertEquals(next[publisher], buffer.getInt(offset + 4), "order of publisher " + publisher);
                    next[publisher]++;
                }, 100);
                return next[0] == count && next[1] == count;
            });
            for (final Thread publisher : publishers)
            {
                publisher.join();
            }
        }
    }

    @Test
    void transportsOfOneMediumShareStreamsAndThoseOfAnotherDoNot()
    {
        final InMemoryMedium medium = new InMemoryMedium();
        try (InMemoryTransport first = medium.connect();
            InMemoryTransport second = medium.connect();
            InMemoryTransport elsewhere = new InMemoryMedium().connect();
            TransportSubscription subscription = second.addSubscription("mem:shared", 3);
            TransportPublication publication = first.addPublication("mem:shared", 3);
            TransportPublication apart = elsewhere.addPublication("mem:shared", 3))
        {
            assertTrue(publication.isConnected());
            assertTrue(subscription.isConnected());
            assertFalse(apart.isConnected());
            assertEquals(TransportPublication.NOT_CONNECTED, apart.offer(new UnsafeBuffer(new byte[8]), 0, 8));
        }
    }

    @Test
    void aSubscriptionBufferIsAPowerOfTwoOfAtLeastOneKibibyte()
    {
        final IllegalArgumentException ex =
            assertThrows(IllegalArgumentException.class, () -> new InMemoryMedium(3000));

        assertEquals("the buffer length must be a power of two of at least 1024, such as 65536, not 3000",
            ex.getMessage());
        assertEquals(8192, new InMemoryMedium(65536).connect().addPublication("mem:x", 1).maxMessageLength());
    }
}
