package io.wirespeed.transport.rdma;

import io.wirespeed.test.Await;
import io.wirespeed.test.SlowTest;
import io.wirespeed.transport.ClaimedSpace;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;
import io.wirespeed.transport.rdma.verbs.SimulatedVerbs;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The RDMA transport end to end on the simulated fabric: a publisher transport and a subscriber
 * transport (two "hosts", one conductor thread each) sharing one {@link SimulatedVerbs}.
 */
class RdmaTransportTest
{
    private static final Duration TIMEOUT = Duration.ofSeconds(20);
    private static final String CHANNEL = "wirespeed:rdma?endpoint=10.1.0.1:7100|term-length=1048576|mtu=1024";
    private static final String SMALL_CHANNEL = "wirespeed:rdma?endpoint=10.1.0.1:7101|term-length=65536|mtu=1024";
    private static final int STREAM = 1001;

    private final List<String> log = Collections.synchronizedList(new ArrayList<>());
    private SimulatedVerbs fabric;
    private RdmaTransport publisherHost;
    private RdmaTransport subscriberHost;

    @BeforeEach
    void start()
    {
        fabric = new SimulatedVerbs();
        publisherHost = new RdmaTransport(fabric, new BackoffIdleStrategy(10, 10, 1_000, 100_000), log::add);
        subscriberHost = new RdmaTransport(fabric, new BackoffIdleStrategy(10, 10, 1_000, 100_000), log::add);
    }

    @AfterEach
    void stop()
    {
        subscriberHost.close();
        publisherHost.close();
        fabric.close();
    }

    @SlowTest
    @Test
    void oneMillionMessagesReachThreeSubscribersCompleteInOrderAndChecksummed() throws InterruptedException
    {
        final int count = 1_000_000;
        final RdmaPublication publication = (RdmaPublication)publisherHost.addPublication(CHANNEL, STREAM);
        final List<TransportSubscription> subscriptions = subscribe(CHANNEL, 3);
        awaitSubscribers(publication, 3);
        final List<SequencedMessages.Verifier> verifiers = verifiers(3);
        final Thread poller = startPoller(subscriptions, verifiers, count);

        publish(publication, 0, count);
        poller.join(TIMEOUT.toMillis());
        for (final SequencedMessages.Verifier verifier : verifiers)
        {
            assertNull(verifier.failure);
            assertEquals(count, verifier.received);
        }
    }

    @Test
    void aStalledSubscriberBackPressuresThePublisherAndLosesNothing()
    {
        final RdmaPublication publication = (RdmaPublication)publisherHost.addPublication(SMALL_CHANNEL, STREAM);
        final TransportSubscription stalled = subscriberHost.addSubscription(SMALL_CHANNEL, STREAM);
        awaitSubscribers(publication, 1);
        final UnsafeBuffer message = new UnsafeBuffer(new byte[256]);

        long sent = 0;
        long result;
        final long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while ((result = publication.offer(message, 0, SequencedMessages.encode(message, sent, 100))) > 0)
        {
            sent++;
            assertTrue(System.nanoTime() < deadline, "never back-pressured");
        }
        assertEquals(TransportPublication.BACK_PRESSURED, result);
        assertTrue(sent * 12 < 3 * 65536, "the window kept the publisher within the replica: " + sent + " sent");
        assertTrue(sent > 100, "the publisher got a window's worth out first: " + sent);

        final SequencedMessages.Verifier verifier = new SequencedMessages.Verifier("stalled");
        final long firstBatch = sent;
        Await.until("the stalled subscriber catching up", TIMEOUT,
            () -> stalled.poll(verifier, 100) >= 0 && verifier.received == firstBatch);
        assertNull(verifier.failure);

        final long total = sent + 20_000;
        final Thread poller = startPoller(List.of(stalled), List.of(verifier), total);
        publish(publication, sent, total);
        Await.until("everything after resuming", TIMEOUT, () -> !poller.isAlive());
        assertNull(verifier.failure);
        assertEquals(total, verifier.received);
    }

    @Test
    void aSubscriberThatDisappearsIsDroppedAndTheOthersReceiveEverything() throws InterruptedException
    {
        final int count = 100_000;
        final RdmaPublication publication = (RdmaPublication)publisherHost.addPublication(SMALL_CHANNEL, STREAM);
        final List<TransportSubscription> subscriptions = subscribe(SMALL_CHANNEL, 3);
        awaitSubscribers(publication, 3);
        final List<SequencedMessages.Verifier> verifiers = verifiers(3);
        final TransportSubscription leaver = subscriptions.get(1);
        final Thread poller = startPoller(subscriptions, verifiers, count, 0, count);

        publish(publication, 0, count / 2);
        leaver.close();
        Await.until("the publisher dropping the subscriber", TIMEOUT, () -> publication.subscriberCount() == 2);
        publish(publication, count / 2, count);
        poller.join(TIMEOUT.toMillis());
        assertEquals(count, verifiers.get(0).received);
        assertEquals(count, verifiers.get(2).received);
        assertNull(verifiers.get(0).failure);
        assertNull(verifiers.get(2).failure);
        assertTrue(log.stream().anyMatch(line -> line.contains("dropped a subscriber")), log.toString());
    }

    @Test
    void messagesLargerThanTheMtuArriveWhole()
    {
        final RdmaPublication publication = (RdmaPublication)publisherHost.addPublication(SMALL_CHANNEL, STREAM);
        final TransportSubscription subscription = subscriberHost.addSubscription(SMALL_CHANNEL, STREAM);
        awaitSubscribers(publication, 1);
        final byte[] big = new byte[publication.maxMessageLength()];
        for (int i = 0; i < big.length; i++)
        {
            big[i] = (byte)(i * 31 + 7);
        }
        final List<byte[]> received = new ArrayList<>();
        final int[] lengths = { 3 * 1024 + 17, big.length, 1, 993 };
        for (final int length : lengths)
        {
            Await.until("offer accepted", TIMEOUT, () -> publication.offer(new UnsafeBuffer(big), 0, length) > 0);
        }
        Await.until("four messages", TIMEOUT, () -> subscription.poll((buffer, offset, length) ->
        {
            final byte[] copy = new byte[length];
            buffer.getBytes(offset, copy);
            received.add(copy);
        }, 10) >= 0 && received.size() == lengths.length);
        for (int i = 0; i < lengths.length; i++)
        {
            assertArrayEquals(java.util.Arrays.copyOf(big, lengths[i]), received.get(i), "message " + i);
        }
    }

    @Test
    void claimedMessagesArriveAndAbortedClaimsAreSkipped()
    {
        final RdmaPublication publication = (RdmaPublication)publisherHost.addPublication(SMALL_CHANNEL, STREAM);
        final TransportSubscription subscription = subscriberHost.addSubscription(SMALL_CHANNEL, STREAM);
        awaitSubscribers(publication, 1);
        final ClaimedSpace claim = publication.newClaim();
        for (int i = 0; i < 3; i++)
        {
            final int value = i;
            Await.until("claim", TIMEOUT, () -> publication.tryClaim(4, claim) > 0);
            claim.buffer().putInt(claim.offset(), value);
            if (value == 1)
            {
                claim.abort();
            }
            else
            {
                claim.commit();
            }
        }
        final List<Integer> values = new ArrayList<>();
        Await.until("two committed claims", TIMEOUT,
            () -> subscription.poll((b, o, l) -> values.add(b.getInt(o)), 10) >= 0 && values.size() == 2);
        assertEquals(List.of(0, 2), values);
    }

    @Test
    void aSubscriptionStartedBeforeItsPublicationConnectsOnceItListens()
    {
        final TransportSubscription subscription = subscriberHost.addSubscription(SMALL_CHANNEL, STREAM);
        Await.until("a retry", TIMEOUT, () -> log.stream().anyMatch(l -> l.contains("no publication listens")));
        final RdmaPublication publication = (RdmaPublication)publisherHost.addPublication(SMALL_CHANNEL, STREAM);
        awaitSubscribers(publication, 1);
        Await.until("subscription connected", TIMEOUT, subscription::isConnected);
    }

    @Test
    void aSubscriptionForAnotherStreamIsRejectedWithTheReason()
    {
        final RdmaPublication publication = (RdmaPublication)publisherHost.addPublication(SMALL_CHANNEL, STREAM);
        final TransportSubscription wrong = subscriberHost.addSubscription(SMALL_CHANNEL, STREAM + 1);
        Await.until("the rejection", TIMEOUT, () -> log.stream().anyMatch(l -> l.contains("different stream id")));
        assertEquals(0, publication.subscriberCount());
        assertTrue(!wrong.isConnected());
    }

    @Test
    void offersWithoutSubscribersOrAfterCloseSayWhy()
    {
        final TransportPublication publication = publisherHost.addPublication(SMALL_CHANNEL, STREAM);
        final UnsafeBuffer message = new UnsafeBuffer(new byte[16]);
        assertEquals(TransportPublication.NOT_CONNECTED, publication.offer(message, 0, 16));
        publication.close();
        assertEquals(TransportPublication.CLOSED, publication.offer(message, 0, 16));
    }

    private List<TransportSubscription> subscribe(final String channel, final int count)
    {
        final List<TransportSubscription> subscriptions = new ArrayList<>();
        for (int i = 0; i < count; i++)
        {
            subscriptions.add(subscriberHost.addSubscription(channel, STREAM));
        }
        return subscriptions;
    }

    private static List<SequencedMessages.Verifier> verifiers(final int count)
    {
        final List<SequencedMessages.Verifier> verifiers = new ArrayList<>();
        for (int i = 0; i < count; i++)
        {
            verifiers.add(new SequencedMessages.Verifier("subscriber " + i));
        }
        return verifiers;
    }

    private static void awaitSubscribers(final RdmaPublication publication, final int count)
    {
        Await.until(count + " subscribers", TIMEOUT, () -> publication.subscriberCount() == count);
    }

    private static void publish(final TransportPublication publication, final long from, final long to)
    {
        final ExpandableArrayBuffer message = new ExpandableArrayBuffer(256);
        final BackoffIdleStrategy idle = new BackoffIdleStrategy(10, 10, 1_000, 100_000);
        final long deadline = System.nanoTime() + TIMEOUT.toNanos();
        for (long seq = from; seq < to; seq++)
        {
            final int length = SequencedMessages.encode(message, seq, 100);
            long result;
            while ((result = publication.offer(message, 0, length)) < 0)
            {
                if (result != TransportPublication.BACK_PRESSURED || System.nanoTime() > deadline)
                {
                    throw new AssertionError("offer of seq " + seq + ": " + TransportPublication.describe(result));
                }
                idle.idle();
            }
            idle.reset();
        }
    }

    private static Thread startPoller(
        final List<TransportSubscription> subscriptions, final List<SequencedMessages.Verifier> verifiers,
        final long count)
    {
        final long[] targets = new long[subscriptions.size()];
        java.util.Arrays.fill(targets, count);
        return startPoller(subscriptions, verifiers, targets);
    }

    private static Thread startPoller(
        final List<TransportSubscription> subscriptions, final List<SequencedMessages.Verifier> verifiers,
        final long... targets)
    {
        final Thread poller = new Thread(() ->
        {
            final BackoffIdleStrategy idle = new BackoffIdleStrategy(10, 10, 1_000, 100_000);
            final long deadline = System.nanoTime() + TIMEOUT.toNanos();
            boolean done = false;
            while (!done && System.nanoTime() < deadline)
            {
                int work = 0;
                done = true;
                for (int i = 0; i < subscriptions.size(); i++)
                {
                    work += subscriptions.get(i).poll(verifiers.get(i), 256);
                    done &= verifiers.get(i).received >= targets[i] || verifiers.get(i).failure != null;
                }
                idle.idle(work);
            }
        }, "poller");
        poller.start();
        return poller;
    }
}
