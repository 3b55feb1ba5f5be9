package io.wirespeed.jms.hostclient;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.jms.IllegalStateException;
import javax.jms.InvalidDestinationException;
import javax.jms.InvalidSelectorException;
import javax.jms.JMSException;
import javax.jms.JMSSecurityException;
import javax.jms.ResourceAllocationException;

import org.junit.jupiter.api.Test;

import io.wirespeed.codec.control.sbe.ErrorCode;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The requests of a queue client on their own: the host's answers reach the request of their id and no other, each
 * refusal becomes the exception its error code names, a request never answered fails after the host timeout saying
 * what it was for and where the host is, a host that has gone fails a session's request at once, and a lost host
 * fails every request waiting. To a cluster a request goes again once the client took up a new leader, after what it
 * sends the new leader first, and waits out an election past the host timeout; a Connect does not. The reply stream
 * is a script run by each poll, as the routing of what arrived.
 */
class HostRequestsTest
{
    private static final String WHERE = "aeron:ipc?term-length=64k";

    private final List<Runnable> arriving = new ArrayList<>();
    private Runnable eachPoll = () -> { };
    private boolean gone;

    private HostRequests requests(final long hostTimeoutMs)
    {
        return new HostRequests(TimeUnit.MILLISECONDS.toNanos(hostTimeoutMs), WHERE, this::poll, () -> gone);
    }

    private int poll()
    {
        eachPoll.run();
        final int read = arriving.size();
        arriving.forEach(Runnable::run);
        arriving.clear();
        return read;
    }

    @Test
    void eachAnswerReachesTheRequestOfItsIdOnly() throws JMSException
    {
        final HostRequests requests = requests(5_000);
        final long first = requests.nextId();
        final long second = requests.nextId();
        final long forgotten = requests.nextId();
        assertNotEquals(first, second);
        final HostRequests.Request accepted = requests.register(first);
        final HostRequests.Request refused = requests.register(second);
        requests.register(forgotten);
        requests.forget(forgotten);
        arriving.add(() -> requests.onRefused(second, ErrorCode.INVALID_SELECTOR, "selector 'a =' ends early"));
        arriving.add(() -> requests.onAccepted(forgotten));
        arriving.add(() -> requests.onAccepted(4_242));
        arriving.add(() -> requests.onAccepted(first));

        requests.await(accepted, "queue 'orders'");
        requests.await(refused, "queue 'selective'");

        assertNull(accepted.refusal);
        assertDoesNotThrow(() -> HostRequests.throwIfRefused(accepted));
        final InvalidSelectorException ex =
            assertThrows(InvalidSelectorException.class, () -> HostRequests.throwIfRefused(refused));
        assertEquals("selector 'a =' ends early", ex.getMessage());
        assertNull(requests.get(forgotten));
        assertNull(requests.get(4_242));
        assertSame(accepted, requests.get(first));
    }

    @Test
    void anAnswerRoutedByAnotherThreadEndsTheWait() throws Exception
    {
        final HostRequests requests = requests(10_000);
        final long id = requests.nextId();
        final HostRequests.Request request = requests.register(id);
        final Thread delivery = new Thread(() -> requests.onAccepted(id), "test-delivery");
        delivery.start();

        requests.await(request, "queue 'orders'");

        delivery.join();
        assertTrue(request.done);
        assertNull(request.refusal);
    }

    @Test
    void eachRefusalIsTheExceptionItsErrorCodeNames()
    {
        assertRefusal(ErrorCode.INVALID_DESTINATION, InvalidDestinationException.class);
        assertRefusal(ErrorCode.ILLEGAL_STATE, IllegalStateException.class);
        assertRefusal(ErrorCode.INVALID_SELECTOR, InvalidSelectorException.class);
        assertRefusal(ErrorCode.AUTHENTICATION_FAILED, JMSSecurityException.class);
        assertRefusal(ErrorCode.RESOURCE_LIMIT, ResourceAllocationException.class);
        assertRefusal(ErrorCode.GENERIC, JMSException.class);
        assertRefusal(ErrorCode.NOT_AVAILABLE, JMSException.class);
        assertRefusal(ErrorCode.NOT_CONNECTED, JMSException.class);
    }

    private static void assertRefusal(final ErrorCode code, final Class<? extends JMSException> expected)
    {
        final JMSException ex = HostRequests.refusal(code, "the host says no: " + code);
        assertEquals(expected, ex.getClass(), code.name());
        assertEquals("the host says no: " + code, ex.getMessage());
    }

    @Test
    void aRequestNeverAnsweredFailsAfterTheHostTimeoutSayingWhatAndWhere()
    {
        final HostRequests requests = requests(50);
        final long id = requests.nextId();
        final HostRequests.Request request = requests.register(id);
        final long start = System.nanoTime();

        final JMSException ex = assertThrows(JMSException.class, () -> requests.await(request, "queue 'orders'"));

        assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(50));
        assertEquals(JMSException.class, ex.getClass());
        assertTrue(ex.getMessage().startsWith("no queue host answered for queue 'orders' within 50 ms on " + WHERE +
            ": "), ex.getMessage());
        assertTrue(ex.getMessage().contains("start the driver"), ex.getMessage());
    }

    @Test
    void aHostThatHasGoneFailsASessionsRequestAtOnceButNotAConnect()
    {
        final HostRequests requests = requests(60_000);
        final HostRequests.Request request = requests.register(requests.nextId());
        gone = true;

        final JMSException ex = assertThrows(JMSException.class, () -> requests.await(request, "queue 'orders'"));

        assertEquals("the queue host has gone from " + WHERE + ": it was stopped, or the process that ran it is " +
            "ending; start it again, or check the driver", ex.getMessage());

        final HostRequests quick = requests(50);
        final HostRequests.Request connect = quick.register(quick.nextId());
        final JMSException timedOut =
            assertThrows(JMSException.class, () -> quick.await(connect, "a Connect", false));
        assertTrue(timedOut.getMessage().startsWith("no queue host answered for a Connect within 50 ms"),
            timedOut.getMessage());
    }

    @Test
    void aRequestFailedWithoutAReasonStillFailsNeverCountingAsAnswered() throws JMSException
    {
        final HostRequests requests = requests(5_000);
        final HostRequests.Request request = requests.register(requests.nextId());

        // as when the exception listener's thread took the connection's reason for losing its host meanwhile
        requests.failAll(ErrorCode.NOT_CONNECTED, null);
        requests.await(request, "the transaction's commit");

        final JMSException ex = assertThrows(JMSException.class, () -> HostRequests.throwIfRefused(request));
        assertEquals("the queue host at " + WHERE + " was lost (NOT_CONNECTED)", ex.getMessage());
    }

    @Test
    void aLostHostFailsEveryRequestWaiting() throws JMSException
    {
        final HostRequests requests = requests(5_000);
        final HostRequests.Request first = requests.register(requests.nextId());
        final HostRequests.Request second = requests.register(requests.nextId());

        requests.failAll(ErrorCode.NOT_CONNECTED, "the queue host at " + WHERE + " sent nothing");
        requests.await(first, "queue 'orders'");
        requests.await(second, "a stopped consumer");

        for (final HostRequests.Request request : List.of(first, second))
        {
            assertEquals(ErrorCode.NOT_CONNECTED, request.code);
            final JMSException ex = assertThrows(JMSException.class, () -> HostRequests.throwIfRefused(request));
            assertEquals(JMSException.class, ex.getClass());
            assertEquals("the queue host at " + WHERE + " sent nothing", ex.getMessage());
        }
    }

    @Test
    void aClusteredHostsRequestGoesAgainOnceANewLeaderIsTakenUpAndWaitsOutTheElectionPastTheHostTimeout()
        throws JMSException
    {
        final HostRequests requests = requests(100);
        final Cluster cluster = new Cluster();
        requests.failover(cluster);
        final long id = requests.nextId();
        final HostRequests.Request request = requests.register(id);
        final List<Long> sent = new ArrayList<>();
        final long start = System.nanoTime();
        cluster.awaitingLeader = true;
        eachPoll = () ->
        {
            if (1 == sent.size() && System.nanoTime() - start > TimeUnit.MILLISECONDS.toNanos(300))
            {
                // a new leader, taken up by the client: the request, lost with the old one, goes again
                cluster.awaitingLeader = false;
                cluster.leaderChanges = 1;
                cluster.leadersTakenUp = 1;
            }
            if (2 == sent.size())
            {
                arriving.add(() -> requests.onAccepted(id));
            }
        };

        requests.send(request, () -> sent.add(cluster.leadersTakenUp));
        requests.await(request, "queue 'orders'");

        assertNull(request.refusal);
        assertEquals(List.of(0L, 1L), sent, "sent, then again at the new leader");
        assertTrue(System.nanoTime() - start > TimeUnit.MILLISECONDS.toNanos(300), "waited past the host timeout");
    }

    @Test
    void aRequestThatWentOnceTheClusterWasTakenForLostFailsSayingSoInsteadOfWaitingForEver()
    {
        final HostRequests requests = requests(100);
        final Cluster cluster = new Cluster();
        requests.failover(cluster);
        cluster.awaitingLeader = true;
        cluster.lost = true;
        final HostRequests.Request request = requests.register(requests.nextId());

        final JMSException failed = assertTimeoutPreemptively(Duration.ofSeconds(10), () ->
            assertThrows(JMSException.class, () ->
            {
                requests.send(request, () -> { });
                requests.await(request, "the transaction's commit");
            }));

        assertEquals(QueueClient.FAILOVER_TIMEOUT, failed.getErrorCode());
        assertEquals("no leader; the outcome of the transaction's commit is unknown", failed.getMessage());
    }

    @Test
    void aRequestToAClusterWhoseNewLeaderIsNotTakenUpYetGoesOnceItIs() throws JMSException
    {
        final HostRequests requests = requests(5_000);
        final Cluster cluster = new Cluster();
        requests.failover(cluster);
        cluster.leaderChanges = 1;
        final long id = requests.nextId();
        final HostRequests.Request request = requests.register(id);
        final List<Long> sent = new ArrayList<>();
        final int[] polls = new int[1];
        eachPoll = () ->
        {
            if (++polls[0] == 3)
            {
                cluster.leadersTakenUp = 1;
            }
        };

        requests.send(request, () -> sent.add(cluster.leadersTakenUp));
        arriving.add(() -> requests.onAccepted(id));
        requests.await(request, "queue 'orders'");

        assertEquals(List.of(1L), sent, "sent once, after the new leader was taken up");
        assertTrue(polls[0] >= 3);
    }

    @Test
    void aConnectToAClusterIsNotSentAgainNorWaitsOutAnElection()
    {
        final HostRequests requests = requests(50);
        final Cluster cluster = new Cluster();
        requests.failover(cluster);
        cluster.awaitingLeader = true;
        final HostRequests.Request connect = requests.register(requests.nextId());

        final JMSException ex = assertThrows(JMSException.class, () -> requests.await(connect, "a Connect", false));

        assertTrue(ex.getMessage().startsWith("no queue host answered for a Connect within 50 ms"), ex.getMessage());
    }

    @Test
    void aRequestToAHostThatIsNoClusterGoesOnce()
    {
        final HostRequests requests = requests(50);
        final HostRequests.Request request = requests.register(requests.nextId());
        final List<String> sent = new ArrayList<>();

        assertThrows(JMSException.class, () ->
        {
            requests.send(request, () -> sent.add("sent"));
            requests.await(request, "queue 'orders'");
        });

        assertEquals(List.of("sent"), sent);
    }

    /** A client's link with a cluster, as a test sets it. */
    private static final class Cluster implements HostRequests.Failover
    {
        long leaderChanges;
        long leadersTakenUp;
        boolean awaitingLeader;
        boolean lost;

        @Override
        public long leaderChanges()
        {
            return leaderChanges;
        }

        @Override
        public long leadersTakenUp()
        {
            return leadersTakenUp;
        }

        @Override
        public boolean isOpen()
        {
            return true;
        }

        @Override
        public boolean awaitingLeader(final long nowNs)
        {
            return awaitingLeader;
        }

        @Override
        public void throwIfFailoverFailed(final String outcome) throws JMSException
        {
            if (lost)
            {
                throw new JMSException("no leader; " + outcome, QueueClient.FAILOVER_TIMEOUT);
            }
        }
    }
}
