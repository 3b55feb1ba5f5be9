package io.wirespeed.test.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.wirespeed.test.Await;
import io.wirespeed.transport.ClaimedSpace;
import io.wirespeed.transport.MessageHandler;
import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportException;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;

/**
 * The transport SPI's contract, as tests: extend it for an implementation (the Aeron transport, the in-memory one)
 * and every implementation answers the same questions the same way. A transport moves whole messages per
 * {@code (channel, streamId)} to every subscriber in order, returns {@code NOT_CONNECTED} without subscribers (once
 * the last one has gone: Aeron may first fill what is left of its window), {@code BACK_PRESSURED} while the slowest
 * subscriber's window is full, shows a claimed message only once committed, polls at most the fragment limit, and
 * once closed refuses what it can no longer do.
 */
public abstract class TransportContract
{
    private static final AtomicInteger STREAM_IDS = new AtomicInteger(7_000);

    private Transport transport;

    /**
     * Connects a new transport of the implementation under test; every transport it returns serves the same
     * streams, as clients of one media driver do.
     *
     * @return the transport; the test closes it.
     */
    protected abstract Transport connect();

    /**
     * The channel the tests use, on which a publication reaches subscriptions of every transport that
     * {@link #connect()} returns.
     *
     * @return the channel.
     */
    protected abstract String channel();

    /**
     * A channel the implementation refuses.
     *
     * @return the channel.
     */
    protected abstract String invalidChannel();

    @BeforeEach
    void connectTransport()
    {
        transport = connect();
    }

    @AfterEach
    void closeTransport()
    {
        transport.close();
    }

    @Test
    void aPublicationWithoutSubscribersIsNotConnectedAndSendsNothing()
    {
        try (TransportPublication publication = transport.addPublication(channel(), newStreamId()))
        {
            assertFalse(publication.isConnected());
            assertEquals(TransportPublication.NOT_CONNECTED, publication.offer(message(1, 16), 0, 16));
            assertEquals(TransportPublication.NOT_CONNECTED, publication.tryClaim(16, publication.newClaim()));
        }
    }

    @Test
    void everySubscriberReceivesEveryMessageWholeAndInPublishOrder()
    {
        final int streamId = newStreamId();
        try (TransportSubscription first = transport.addSubscription(channel(), streamId);
            TransportSubscription second = transport.addSubscription(channel(), streamId);
            TransportPublication publication = transport.addPublication(channel(), streamId))
        {
            awaitConnected(publication, first, second);
            final int[] lengths = { 0, 1, 100, publication.maxClaimLength(),
                Math.min(publication.maxClaimLength() + 1, publication.maxMessageLength()),
                publication.maxMessageLength() };
            for (int i = 0; i < lengths.length; i++)
            {
                offer(publication, message(i, lengths[i]), lengths[i]);
            }

            for (final TransportSubscription subscription : List.of(first, second))
            {
                final List<byte[]> received = receive(subscription, lengths.length);
                for (int i = 0; i < lengths.length; i++)
                {
                    assertEquals(lengths[i], received.get(i).length, "length of message " + i);
                    assertTrue(isMessage(i, received.get(i)), "the bytes of message " + i);
                }
            }
        }
    }

    @Test
    void streamsOfOneChannelAreKeptApartByTheirStreamId()
    {
        final int streamA = newStreamId();
        final int streamB = newStreamId();
        try (TransportSubscription onA = transport.addSubscription(channel(), streamA);
            TransportSubscription onB = transport.addSubscription(channel(), streamB);
            TransportPublication toA = transport.addPublication(channel(), streamA);
            TransportPublication toB = transport.addPublication(channel(), streamB))
        {
            awaitConnected(toA, onA);
            awaitConnected(toB, onB);
            offer(toA, message(1, 8), 8);
            offer(toB, message(2, 8), 8);
            offer(toA, message(3, 8), 8);

            assertEquals(List.of(1, 3), firstBytes(receive(onA, 2)));
            assertEquals(List.of(2), firstBytes(receive(onB, 1)));
            assertEquals(streamA, toA.streamId());
            assertEquals(channel(), toA.channel());
            assertEquals(streamB, onB.streamId());
            assertNotEquals(toA.sessionId(), toB.sessionId(), "each publication has a session of its own");
        }
    }

    @Test
    void aSubscriberThatDoesNotPollBackPressuresThePublisherUntilItPollsAndNothingIsLost()
    {
        final int streamId = newStreamId();
        try (TransportSubscription polling = transport.addSubscription(channel(), streamId);
            TransportSubscription stalled = transport.addSubscription(channel(), streamId);
            TransportPublication publication = transport.addPublication(channel(), streamId))
        {
            awaitConnected(publication, polling, stalled);
            final int length = 1000;
            final UnsafeBuffer buffer = message(0, length);
            final int[] pollingReceived = { 0 };
            final MessageHandler countPolling = (b, offset, messageLength) -> pollingReceived[0]++;

            final long accepted = offerUntilBackPressured(publication, buffer, length, polling, countPolling,
                pollingReceived);
            assertTrue(accepted > 0, "some messages fit the window before back-pressure");
            assertEquals(accepted, pollingReceived[0], "the polling subscriber has everything");
            assertEquals(TransportPublication.BACK_PRESSURED, publication.offer(buffer, 0, length),
                "the slowest subscriber sets the pace");

            assertEquals(accepted, receive(stalled, (int)accepted).size());
            Await.until("the publisher to proceed", () -> publication.offer(buffer, 0, length) > 0);
            assertEquals(1, receive(stalled, 1).size(), "the message sent after the drain");
        }
    }

    @Test
    void aClaimedMessageIsSeenOnlyOnceCommittedAndAnAbortedOneNever()
    {
        final int streamId = newStreamId();
        try (TransportSubscription subscription = transport.addSubscription(channel(), streamId);
            TransportPublication publication = transport.addPublication(channel(), streamId))
        {
            awaitConnected(publication, subscription);
            final ClaimedSpace claim = publication.newClaim();
            Await.until("a claim", () -> publication.tryClaim(8, claim) > 0);
            assertEquals(8, claim.length());
            write(claim, 1);
            assertEquals(0, subscription.poll((b, offset, length) -> fail("an uncommitted claim was delivered"), 10));
            claim.commit();

            Await.until("a claim", () -> publication.tryClaim(8, claim) > 0);
            write(claim, 2);
            claim.abort();
            offer(publication, message(3, 8), 8);

            assertEquals(List.of(1, 3), firstBytes(receive(subscription, 2)));
        }
    }

    @Test
    void aPollDeliversAtMostItsFragmentLimit()
    {
        final int streamId = newStreamId();
        try (TransportSubscription subscription = transport.addSubscription(channel(), streamId);
            TransportPublication publication = transport.addPublication(channel(), streamId))
        {
            awaitConnected(publication, subscription);
            for (int i = 0; i < 10; i++)
            {
                offer(publication, message(i, 8), 8);
            }
            final List<byte[]> received = new ArrayList<>();
            final MessageHandler collect = (buffer, offset, length) -> received.add(copy(buffer, offset, length));
            Await.until("a first message", () -> subscription.poll(collect, 3) > 0);
            assertTrue(received.size() <= 3, "one poll of limit 3 delivered " + received.size());

            received.addAll(receive(subscription, 10 - received.size()));
            assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), firstBytes(received));
        }
    }

    @Test
    void aMessageLargerThanTheLimitsOrAClaimFromElsewhereIsRefused()
    {
        final int streamId = newStreamId();
        try (TransportSubscription subscription = transport.addSubscription(channel(), streamId);
            TransportPublication publication = transport.addPublication(channel(), streamId))
        {
            awaitConnected(publication, subscription);
            final int tooLong = publication.maxMessageLength() + 1;
            assertThrows(IllegalArgumentException.class,
                () -> publication.offer(new UnsafeBuffer(new byte[tooLong]), 0, tooLong));
            assertThrows(IllegalArgumentException.class,
                () -> publication.tryClaim(publication.maxClaimLength() + 1, publication.newClaim()));
            assertThrows(IllegalArgumentException.class, () -> publication.tryClaim(8, new ForeignClaim()));
            offer(publication, message(1, 8), 8);
            assertEquals(List.of(1), firstBytes(receive(subscription, 1)), "only the message that fits");
        }
    }

    @Test
    void aClosedPublicationSendsNothingMoreButWhatItSentBeforeArrives()
    {
        final int streamId = newStreamId();
        try (TransportSubscription subscription = transport.addSubscription(channel(), streamId))
        {
            final TransportPublication publication = transport.addPublication(channel(), streamId);
            awaitConnected(publication, subscription);
            offer(publication, message(1, 8), 8);

            publication.close();
            publication.close();

            assertEquals(TransportPublication.CLOSED, publication.offer(message(2, 8), 0, 8));
            assertEquals(List.of(1), firstBytes(receive(subscription, 1)), "what was sent before the close");
        }
    }

    @Test
    void aClosedSubscriptionNoLongerCountsAsASubscriber()
    {
        final int streamId = newStreamId();
        try (TransportPublication publication = transport.addPublication(channel(), streamId))
        {
            final TransportSubscription subscription = transport.addSubscription(channel(), streamId);
            awaitConnected(publication, subscription);

            subscription.close();
            subscription.close();

            Await.until("the publication to see its subscriber go", () -> !publication.isConnected());
            // Aeron lets a publication fill what is left of its window before its driver withdraws the limit.
            final UnsafeBuffer buffer = message(1, 8);
            Await.until("offers to be refused as NOT_CONNECTED", () ->
            {
                final long result = publication.offer(buffer, 0, 8);
                assertTrue(result > 0 || result == TransportPublication.NOT_CONNECTED ||
                    result == TransportPublication.ADMIN_ACTION, TransportPublication.describe(result));
                return result == TransportPublication.NOT_CONNECTED;
            });
            assertEquals(0, subscription.poll((b, offset, length) -> fail("a closed subscription delivered"), 10));
        }
    }

    @Test
    void aClosedTransportClosesWhatItAddedAndRefusesNewStreams()
    {
        final Transport other = connect();
        final int streamId = newStreamId();
        try (TransportSubscription subscription = transport.addSubscription(channel(), streamId))
        {
            final TransportPublication publication = other.addPublication(channel(), streamId);
            awaitConnected(publication, subscription);

            other.close();
            other.close();

            assertEquals(TransportPublication.CLOSED, publication.offer(message(1, 8), 0, 8));
            final TransportException ex =
                assertThrows(TransportException.class, () -> other.addPublication(channel(), streamId));
            assertTrue(ex.getMessage().contains("closed"), ex.getMessage());
            assertThrows(TransportException.class, () -> other.addSubscription(channel(), streamId));
        }
    }

    @Test
    void anInvalidChannelIsATransportExceptionThatNamesIt()
    {
        final TransportException ex =
            assertThrows(TransportException.class, () -> transport.addPublication(invalidChannel(), 1));
        assertTrue(ex.getMessage().contains(invalidChannel()), ex.getMessage());
        assertThrows(TransportException.class, () -> transport.addSubscription(invalidChannel(), 1));
    }

    /**
     * A stream id that no other test of this JVM uses.
     *
     * @return the stream id.
     */
    protected static int newStreamId()
    {
        return STREAM_IDS.incrementAndGet();
    }

    /**
     * Offers until the publication is back-pressured even though every subscriber but the stalled one has caught
     * up: the window of the stalled one is full, not the driver behind in moving the limit.
     */
    private static long offerUntilBackPressured(final TransportPublication publication, final DirectBuffer buffer,
        final int length, final TransportSubscription polling, final MessageHandler countPolling, final int[] polled)
    {
        long accepted = 0;
        while (true)
        {
            final long result = publication.offer(buffer, 0, length);
            if (result > 0)
            {
                accepted++;
            }
            else if (result == TransportPublication.BACK_PRESSURED)
            {
                final long offered = accepted;
                Await.until("the polling subscriber to receive all " + offered, () ->
                {
                    polling.poll(countPolling, 100);
                    return polled[0] == offered;
                });
                final long again = publication.offer(buffer, 0, length);
                if (again == TransportPublication.BACK_PRESSURED)
                {
                    return accepted;
                }
                accepted += again > 0 ? 1 : 0;
            }
            else if (result != TransportPublication.ADMIN_ACTION)
            {
                fail("offer returned " + TransportPublication.describe(result) + " after " + accepted);
            }
            assertTrue(accepted < 1_000_000, "the publisher was never back-pressured");
        }
    }

    private static void awaitConnected(
        final TransportPublication publication, final TransportSubscription... subscriptions)
    {
        Await.until("the publication on " + publication.channel() + " stream " + publication.streamId() +
            " and its " + subscriptions.length + " subscription(s) to connect", () ->
            {
                for (final TransportSubscription subscription : subscriptions)
                {
                    if (!subscription.isConnected())
                    {
                        return false;
                    }
                }
                return publication.isConnected();
            });
    }

    private static void offer(final TransportPublication publication, final DirectBuffer buffer, final int length)
    {
        Await.until("an offer of " + length + " bytes to be accepted", () ->
        {
            final long result = publication.offer(buffer, 0, length);
            if (result == TransportPublication.NOT_CONNECTED || result == TransportPublication.CLOSED)
            {
                fail("offer returned " + TransportPublication.describe(result));
            }
            return result > 0;
        });
    }

    private static List<byte[]> receive(final TransportSubscription subscription, final int count)
    {
        final List<byte[]> received = new ArrayList<>();
        final MessageHandler collect = (buffer, offset, length) -> received.add(copy(buffer, offset, length));
        Await.until(count + " messages on stream " + subscription.streamId(), () ->
        {
            subscription.poll(collect, count - received.size());
            return received.size() >= count;
        });
        return received;
    }

    private static UnsafeBuffer message(final int id, final int length)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[Math.max(length, 1)]);
        for (int i = 0; i < length; i++)
        {
            buffer.putByte(i, (byte)(id + i));
        }
        return buffer;
    }

    private static boolean isMessage(final int id, final byte[] bytes)
    {
        for (int i = 0; i < bytes.length; i++)
        {
            if (bytes[i] != (byte)(id + i))
            {
                return false;
            }
        }
        return true;
    }

    private static void write(final ClaimedSpace claim, final int id)
    {
        final MutableDirectBuffer buffer = claim.buffer();
        buffer.putBytes(claim.offset(), message(id, claim.length()), 0, claim.length());
    }

    private static List<Integer> firstBytes(final List<byte[]> messages)
    {
        final List<Integer> ids = new ArrayList<>();
        for (final byte[] message : messages)
        {
            ids.add((int)message[0]);
        }
        return ids;
    }

    private static byte[] copy(final DirectBuffer buffer, final int offset, final int length)
    {
        final byte[] bytes = new byte[length];
        buffer.getBytes(offset, bytes);
        return bytes;
    }

    /** A claim that no transport made. */
    private static final class ForeignClaim implements ClaimedSpace
    {
        @Override
        public MutableDirectBuffer buffer()
        {
            return new UnsafeBuffer(new byte[8]);
        }

        @Override
        public int offset()
        {
            return 0;
        }

        @Override
        public int length()
        {
            return 8;
        }

        @Override
        public void commit()
        {
        }

        @Override
        public void abort()
        {
        }
    }
}
