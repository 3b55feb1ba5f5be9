package io.wirespeed.it.cluster;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import javax.jms.CompletionListener;
import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.ResourceAllocationException;
import javax.jms.Session;
import javax.jms.TemporaryQueue;
import javax.jms.TextMessage;
import javax.jms.Topic;
import javax.jms.TransactionRolledBackException;

import org.agrona.concurrent.SystemEpochClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.aeron.exceptions.AeronException;
import io.aeron.cluster.client.ClusterException;
import io.wirespeed.host.FullPolicy;
import io.wirespeed.host.QueueLimits;
import io.wirespeed.host.cluster.ClusterMember;
import io.wirespeed.host.cluster.ClusterMemberSettings;
import io.wirespeed.host.cluster.ClusterMembers;
import io.wirespeed.host.cluster.HostService;
import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.jms.hostclient.QueueClient;
import io.wirespeed.jms.metrics.ConnectionMetrics;
import io.wirespeed.jms.metrics.WirespeedMetrics;
import io.wirespeed.jms.runtime.WirespeedRuntime;
import io.wirespeed.test.Await;
import io.wirespeed.test.DriverDirectories;
import io.wirespeed.test.FreePorts;
import io.wirespeed.test.SlowTest;
import io.wirespeed.transport.aeron.ArchiveSpace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A JMS client of a clustered queue host (issue 24): three members in this JVM on loopback, each with its own media
 * driver, archive and {@link HostService}, and a connection that names them ({@code host=A:P,B:P,C:P}). PERSISTENT
 * sends (synchronous, or transacted in batches of ten) return once committed; the leader is killed while a producer
 * sends and a consumer (AUTO, or CLIENT acknowledging each) receives, and neither sees an exception: every send that
 * returned is consumed once (the consumers are taken up again at the new leader, nothing comes twice), and in the
 * order sent. The members stop as {@link ClusterMember#kill()} stops one, not as a process killed: that
 * is the netns tests' (issue 24 item 4).
 */
@SlowTest
class ClusteredQueueTest
{
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final int BATCH = 10;

    @TempDir
    Path dir;

    private final List<ClusterMember> members = new ArrayList<>();
    private final AtomicReference<Throwable> memberError = new AtomicReference<>();
    private String hostOption;
    private ClusterMembers list;

    @BeforeEach
    void launchMembers()
    {
        final int[] ports = {FreePorts.udpRun(5), FreePorts.udpRun(5), FreePorts.udpRun(5)};
        list = ClusterMembers.parse(
            "0=127.0.0.1:" + ports[0] + ",1=127.0.0.1:" + ports[1] + ",2=127.0.0.1:" + ports[2]);
        hostOption = "127.0.0.1:" + ports[0] + ",127.0.0.1:" + ports[1] + ",127.0.0.1:" + ports[2];
        for (int id = 0; id < 3; id++)
        {
            members.add(launch(id, ClusterMemberSettings.defaults(dir.resolve("m" + id).toFile())));
        }
        leader();
    }

    private ClusterMember launch(final int id, final ClusterMemberSettings settings)
    {
        return launch(id, settings, new HostService());
    }

    private ClusterMember launch(final int id, final ClusterMemberSettings settings, final HostService service)
    {
        return ClusterMember.launch(list, id, settings, service, (ex) ->
        {
            final boolean warning = ex instanceof AeronException &&
                AeronException.Category.WARN == ((AeronException)ex).category();
            if (!(ex instanceof ClusterException) && !warning)
            {
                memberError.compareAndSet(null, ex);
            }
        });
    }

    @AfterEach
    void closeMembers()
    {
        // each test's connections start a runtime on a driver directory of their own: close them with the test
        WirespeedRuntime.closeShared();
        for (final ClusterMember member : members)
        {
            member.close();
        }
    }

    private ClusterMember leader()
    {
        return Await.value("one leader", DEADLINE, () ->
        {
            ClusterMember leader = null;
            for (final ClusterMember member : members)
            {
                if (!member.isClosed() && member.isLeader())
                {
                    if (null != leader)
                    {
                        return null;
                    }
                    leader = member;
                }
            }
            return leader;
        });
    }

    private String uri()
    {
        return "wirespeed:ipc?driver=embedded&aeronDir=" + DriverDirectories.unique("cluster-client") + "&host=" +
            hostOption + "&queueHostTimeout=10000&sendTimeout=20000";
    }

    @Test
    void persistentSendsAndAConsumerCarryOnAcrossALeaderKill() throws Exception
    {
        acrossALeaderKill(false, Session.AUTO_ACKNOWLEDGE);
    }

    @Test
    void transactedBatchesAndAClientAcknowledgingConsumerCarryOnAcrossALeaderKill() throws Exception
    {
        acrossALeaderKill(true, Session.CLIENT_ACKNOWLEDGE);
    }

    @Test
    void requestReplyOverATemporaryQueueCarriesOnAcrossALeaderKill() throws Exception
    {
        final int total = 200;
        final int killAt = 60;
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final AtomicInteger redeliveredRequests = new AtomicInteger();
        try (Connection requesterConnection = new JmsConnectionFactory(uri()).createConnection();
            Connection responderConnection = new JmsConnectionFactory(uri()).createConnection())
        {
            requesterConnection.setExceptionListener((ex) -> failure.compareAndSet(null, ex));
            responderConnection.setExceptionListener((ex) -> failure.compareAndSet(null, ex));
            final Session responderSession = responderConnection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final MessageProducer replies = responderSession.createProducer(null);
            replies.setDeliveryMode(DeliveryMode.PERSISTENT);
            responderSession.createConsumer(responderSession.createQueue("requests")).setMessageListener((request) ->
            {
                try
                {
                    if (request.getJMSRedelivered())
                    {
                        redeliveredRequests.incrementAndGet();
                    }
                    final Message reply = responderSession.createTextMessage("reply");
                    reply.setJMSCorrelationID(request.getJMSCorrelationID());
                    replies.send(request.getJMSReplyTo(), reply);
                }
                catch (final JMSException ex)
                {
                    failure.compareAndSet(null, ex);
                }
            });
            responderConnection.start();

            final Session session = requesterConnection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final TemporaryQueue replyTo = session.createTemporaryQueue();
            final MessageConsumer replyConsumer = session.createConsumer(replyTo);
            final MessageProducer requests = session.createProducer(session.createQueue("requests"));
            requests.setDeliveryMode(DeliveryMode.PERSISTENT);
            requesterConnection.start();
            final Map<String, Integer> repliesPerRequest = new ConcurrentHashMap<>();
            int unmarkedCopies = 0;
            for (int seq = 1; seq <= total && null == failure.get(); seq++)
            {
                if (seq == killAt)
                {
                    leader().kill();
                }
                final Message request = session.createTextMessage("request " + seq);
                request.setJMSCorrelationID("r" + seq);
                request.setJMSReplyTo(replyTo);
                requests.send(request);
                Message reply;
                do
                {
                    reply = replyConsumer.receive(DEADLINE.toMillis());
                    assertNotNull(reply, "a reply to request " + seq);
                    if (repliesPerRequest.merge(reply.getJMSCorrelationID(), 1, Integer::sum) > 1 &&
                        !reply.getJMSRedelivered())
                    {
                        unmarkedCopies++;
                    }
                }
                while (!("r" + seq).equals(reply.getJMSCorrelationID()));
            }
            assertNull(failure.get(), () -> "no exception reaches the application: " + failure.get());
            assertEquals(total, repliesPerRequest.size(), "every request had a reply");
            final long twice = repliesPerRequest.values().stream().filter((count) -> count > 1).count();
            System.out.println("ClusteredQueueTest: request/reply across a leader kill: " + total + " requests, " +
                twice + " with a second reply (" + unmarkedCopies + " of them unmarked), " + redeliveredRequests.get() +
                " requests redelivered");
            // the consumers are taken up again at the new leader, acknowledgements sent again: nothing comes twice
            assertEquals(0, twice + redeliveredRequests.get(), "one reply per request, no request twice: " + twice +
                " with a second reply (" + unmarkedCopies + " unmarked), " + redeliveredRequests.get() +
                " requests redelivered");
        }
        assertNull(memberError.get(), () -> "no member reported an error: " + memberError.get());
    }

    @Test
    void belowMinFreeOnTheLeadersDiskPersistentSendsFailWithResourceAllocationExceptionAndOthersGoOn() throws Exception
    {
        // the members again, each watching its disk with a minimum no disk has: the leader's is low at once
        closeMembers();
        members.clear();
        for (int id = 0; id < 3; id++)
        {
            members.add(launch(id, ClusterMemberSettings.defaults(dir.resolve("low-disk-" + id).toFile()),
                new HostService().watchLogSpace(new ArchiveSpace(dir, Long.MAX_VALUE / 4))));
        }
        leader();
        try (Connection connection = new JmsConnectionFactory(uri()).createConnection())
        {
            final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Queue queue = session.createQueue("low-disk");
            final MessageProducer producer = session.createProducer(queue);
            final MessageConsumer consumer = session.createConsumer(queue);
            connection.start();
            // the leader's disk's state enters the log each second of cluster time while clients are connected
            final ResourceAllocationException refused = Await.value("a PERSISTENT send refused", DEADLINE, () ->
            {
                try
                {
                    producer.send(session.createTextMessage("persistent"), DeliveryMode.PERSISTENT, 4, 0);
                    return null;
                }
                catch (final ResourceAllocationException ex)
                {
                    return ex;
                }
                catch (final JMSException ex)
                {
                    throw new AssertionError("a send failed otherwise", ex);
                }
            });
            assertTrue(refused.getMessage().contains("the disk of the clustered queue host's leader") &&
                refused.getMessage().contains("wirespeed.archive.min.free"), refused.getMessage());
            producer.send(session.createTextMessage("non-persistent"), DeliveryMode.NON_PERSISTENT, 4, 0);
            Message received;
            do
            {
                received = consumer.receive(DEADLINE.toMillis());
            }
            while (null != received && !"non-persistent".equals(((TextMessage)received).getText()));
            assertNotNull(received, "the NON_PERSISTENT message came");
            System.out.println("ClusteredQueueTest: below min.free on the leader's disk: " + refused.getMessage());
        }
        assertNull(memberError.get(), () -> "no member reported an error: " + memberError.get());
    }

    @Test
    void asynchronousPersistentSendsToADurableSubscriptionWaitForItsRoomInsteadOfFailing() throws Exception
    {
        // the members again, each with room for 50 messages in a queue: a subscription's too
        closeMembers();
        members.clear();
        final QueueLimits room = new QueueLimits(50, 1 << 24, 1 << 26, 100, 60_000, FullPolicy.BLOCK, Map.of());
        for (int id = 0; id < 3; id++)
        {
            members.add(launch(id, ClusterMemberSettings.defaults(dir.resolve("room-" + id).toFile()),
                new HostService().queueLimits(room)));
        }
        leader();
        final int total = 300;
        final AtomicInteger completed = new AtomicInteger();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        try (Connection subscriber = new JmsConnectionFactory(uri()).createConnection())
        {
            subscriber.setClientID("room");
            final Session subscriberSession = subscriber.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Topic topic = subscriberSession.createTopic("ticks");
            subscriberSession.createDurableSubscriber(topic, "slow").close();
            try (Connection publisher = new JmsConnectionFactory(uri()).createConnection())
            {
                final Session session = publisher.createSession(false, Session.AUTO_ACKNOWLEDGE);
                final MessageProducer producer = session.createProducer(topic);
                producer.setDeliveryMode(DeliveryMode.PERSISTENT);
                final CompletionListener listener = new CompletionListener()
                {
                    @Override
                    public void onCompletion(final Message message)
                    {
                        completed.incrementAndGet();
                    }

                    @Override
                    public void onException(final Message message, final Exception exception)
                    {
                        failure.compareAndSet(null, exception);
                    }
                };
                final Thread sending = new Thread(() ->
                {
                    try
                    {
                        for (int seq = 0; seq < total && null == failure.get(); seq++)
                        {
                            producer.send(session.createTextMessage(Integer.toString(seq)), listener);
                        }
                    }
                    catch (final JMSException ex)
                    {
                        failure.compareAndSet(null, ex);
                    }
                }, "asynchronous publisher");
                sending.start();
                // the subscription fills while it has no consumer: the publisher waits for room, failing nothing
                Await.until("the inactive subscription to fill", DEADLINE, () ->
                    completed.get() >= 40 || null != failure.get());
                final MessageConsumer consumer = subscriberSession.createDurableSubscriber(topic, "slow");
                subscriber.start();
                for (int seq = 0; seq < total; seq++)
                {
                    final Message received = consumer.receive(DEADLINE.toMillis());
                    final int expected = seq;
                    assertNotNull(received, () -> "message " + expected + " came; the publisher: " + failure.get());
                    assertEquals(Integer.toString(seq), ((TextMessage)received).getText(), "in order, each once");
                }
                sending.join(DEADLINE.toMillis());
                assertNull(failure.get(), () -> "no send failed: " + failure.get());
                Await.until("every send completed", DEADLINE, () -> completed.get() == total);
            }
        }
        assertNull(memberError.get(), () -> "no member reported an error: " + memberError.get());
    }

    @Test
    void aConnectionWhoseHostListNamesAStoppedMemberConnectsSendsAndReceives() throws Exception
    {
        final ClusterMember leader = leader();
        final ClusterMember stopped = members.stream().filter((m) -> m != leader).findFirst().orElseThrow();
        stopped.close();
        try (Connection connection = new JmsConnectionFactory(uri()).createConnection())
        {
            final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Queue queue = session.createQueue("dead-entries");
            final MessageProducer producer = session.createProducer(queue);
            producer.setDeliveryMode(DeliveryMode.PERSISTENT);
            final MessageConsumer consumer = session.createConsumer(queue);
            connection.start();
            producer.send(session.createTextMessage("with member " + members.indexOf(stopped) + " stopped"));
            final Message received = consumer.receive(DEADLINE.toMillis());
            assertEquals("with member " + members.indexOf(stopped) + " stopped",
                null == received ? null : ((TextMessage)received).getText());
        }
        assertNull(memberError.get(), () -> "no member reported an error: " + memberError.get());
    }

    @Test
    void withoutAMajorityASendFailsAfterFailoverTimeoutSayingTheOutcomeIsUnknownThenWorkResumes() throws Exception
    {
        final List<JMSException> told = new CopyOnWriteArrayList<>();
        try (Connection connection = new JmsConnectionFactory(uri() + "&failoverTimeout=3000").createConnection())
        {
            connection.setExceptionListener(told::add);
            final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Queue queue = session.createQueue("payments");
            final MessageProducer producer = session.createProducer(queue);
            producer.setDeliveryMode(DeliveryMode.PERSISTENT);
            producer.send(session.createTextMessage("one"));
            final Session transacted = connection.createSession(true, Session.SESSION_TRANSACTED);
            transacted.createProducer(queue).send(transacted.createTextMessage("rolled back"));

            // the leader and a follower stop: the one left cannot elect itself
            final ClusterMember leader = leader();
            final ClusterMember follower = members.stream().filter((m) -> m != leader).findFirst().orElseThrow();
            final List<ClusterMember> stopped = List.of(leader, follower);
            for (final ClusterMember member : stopped)
            {
                member.close();
            }

            final long start = System.nanoTime();
            final JMSException failed = assertThrows(JMSException.class,
                () -> producer.send(session.createTextMessage("two")));
            final long waitedMs = (System.nanoTime() - start) / 1_000_000;
            assertEquals(QueueClient.FAILOVER_TIMEOUT, failed.getErrorCode(), failed::toString);
            for (final String part : List.of("failoverTimeout=3000 ms", hostOption, "(2 of 3)"))
            {
                assertTrue(failed.getMessage().contains(part), () -> "'" + part + "' in: " + failed.getMessage());
            }
            assertTrue(waitedMs < 20_000, "it failed before sendTimeout (20 s), after " + waitedMs + " ms");
            Await.until("the exception listener to hear the cluster lost", DEADLINE, () -> !told.isEmpty());
            assertEquals(List.of(ConnectionMetrics.QueueHostState.UNREACHABLE), queueHostStates(),
                "without a quorum the connection's health says its queue host is unreachable");
            assertEquals("QUEUE_HOST_LOST", told.get(0).getErrorCode(), told.get(0)::toString);
            assertTrue(told.get(0).getMessage().contains("failoverTimeout=3000 ms"), told.get(0)::getMessage);
            final JMSException again = assertThrows(JMSException.class,
                () -> producer.send(session.createTextMessage("two, again")));
            assertEquals(QueueClient.FAILOVER_TIMEOUT, again.getErrorCode(), again::toString);
            // a commit that cannot have its messages staged applies nothing: rolled back, not of unknown outcome
            final JMSException rolledBack = assertThrows(JMSException.class, transacted::commit);
            assertInstanceOf(TransactionRolledBackException.class, rolledBack, rolledBack::toString);

            for (final ClusterMember member : stopped)
            {
                final int id = members.indexOf(member);
                members.set(id, launch(id, member.settings()));
            }
            leader();
            Await.until("a send to succeed once a majority runs again", DEADLINE, () ->
            {
                try
                {
                    producer.send(session.createTextMessage("three"));
                    return true;
                }
                catch (final JMSException ex)
                {
                    return false;
                }
            });
            assertEquals(List.of(ConnectionMetrics.QueueHostState.REACHABLE), queueHostStates(), "with a quorum again");
            final MessageConsumer consumer = session.createConsumer(queue);
            connection.start();
            final List<String> received = new ArrayList<>();
            for (Message message = consumer.receive(DEADLINE.toMillis()); null != message;
                message = consumer.receive(1_000))
            {
                received.add(((TextMessage)message).getText());
            }
            assertEquals("one", received.get(0), received::toString);
            assertEquals("three", received.get(received.size() - 1), received::toString);
            System.out.println("ClusteredQueueTest: without a majority the send failed after " + waitedMs + " ms: " +
                failed.getMessage() + "; received after the majority returned: " + received);
            assertTrue(received.stream().allMatch((text) -> List.of("one", "two", "three").contains(text)) &&
                received.size() <= 3, "each confirmed message once; the one whose outcome was unknown at most " +
                "once; none of the rolled back commit: " + received);
        }
        assertNull(memberError.get(), () -> "no member reported an error: " + memberError.get());
    }

    private static List<ConnectionMetrics.QueueHostState> queueHostStates()
    {
        return WirespeedMetrics.connections().stream().map(ConnectionMetrics::queueHost).toList();
    }

    private void acrossALeaderKill(final boolean transacted, final int consumerMode) throws Exception
    {
        final int total = 600;
        final int killAt = 200;
        final AtomicInteger confirmed = new AtomicInteger();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Map<Integer, Integer> timesReceived = new ConcurrentHashMap<>();
        final long failoversBefore = WirespeedMetrics.queueHostFailovers();
        final long failoverNanosBefore = WirespeedMetrics.queueHostFailoverNanos();
        final List<String> problems = new CopyOnWriteArrayList<>();
        try (Connection producerConnection = new JmsConnectionFactory(uri()).createConnection();
            Connection consumerConnection = new JmsConnectionFactory(uri()).createConnection())
        {
            consumerConnection.setExceptionListener((ex) -> failure.compareAndSet(null, ex));
            producerConnection.setExceptionListener((ex) -> failure.compareAndSet(null, ex));
            final Session consumerSession = consumerConnection.createSession(false, consumerMode);
            final Queue queue = consumerSession.createQueue("orders");
            final MessageConsumer consumer = consumerSession.createConsumer(queue);
            final AtomicInteger lastFirstTime = new AtomicInteger();
            consumer.setMessageListener((message) ->
            {
                try
                {
                    final int seq = message.getIntProperty("seq");
                    final int times = timesReceived.merge(seq, 1, Integer::sum);
                    if (times > 1)
                    {
                        // the consumer was taken up again at the new leader and its acknowledgements sent again
                        problems.add("message " + seq + " came " + times + " times" +
                            (message.getJMSRedelivered() ? " (marked)" : ""));
                    }
                    if (times > 1 && !message.getJMSRedelivered())
                    {
                        problems.add("message " + seq + " came " + times + " times, unmarked");
                    }
                    if (!message.getJMSRedelivered() && seq < lastFirstTime.getAndSet(seq))
                    {
                        problems.add("message " + seq + " came first time after a later one");
                    }
                    if (Session.CLIENT_ACKNOWLEDGE == consumerMode)
                    {
                        message.acknowledge();
                    }
                }
                catch (final JMSException ex)
                {
                    failure.compareAndSet(null, ex);
                }
            });
            consumerConnection.start();

            final Session producerSession = transacted ? producerConnection.createSession(true,
                Session.SESSION_TRANSACTED) : producerConnection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final MessageProducer producer = producerSession.createProducer(queue);
            producer.setDeliveryMode(DeliveryMode.PERSISTENT);
            final Thread sender = new Thread(() ->
            {
                try
                {
                    for (int seq = 1; seq <= total; seq++)
                    {
                        final Message message = producerSession.createTextMessage("order " + seq);
                        message.setIntProperty("seq", seq);
                        producer.send(message);
                        if (!transacted)
                        {
                            confirmed.set(seq);
                        }
                        else if (seq % BATCH == 0)
                        {
                            producerSession.commit();
                            confirmed.set(seq);
                        }
                    }
                }
                catch (final Throwable ex)
                {
                    failure.compareAndSet(null, ex);
                }
            }, "producer");
            sender.start();

            Await.until("the producer to have " + killAt + " sends confirmed", DEADLINE,
                () -> confirmed.get() >= killAt || null != failure.get());
            final ClusterMember killed = leader();
            final long killedAt = SystemEpochClock.INSTANCE.time();
            killed.kill();
            final ClusterMember next = leader();
            assertTrue(next != killed, "another member leads");

            sender.join(DEADLINE.toMillis());
            assertNull(failure.get(), () -> "no exception reaches the application: " + failure.get());
            assertEquals(total, confirmed.get(), "every send returned");
            Await.until("every confirmed message to be consumed", DEADLINE,
                () -> timesReceived.size() == total || null != failure.get());
            assertNull(failure.get(), () -> "no exception reaches the application: " + failure.get());
            assertEquals(List.of(), problems);
            assertEquals(2, WirespeedMetrics.queueHostFailovers() - failoversBefore,
                "each connection counted the failover once (wirespeed.queuehost.failovers)");
            final long failoverMs = (WirespeedMetrics.queueHostFailoverNanos() - failoverNanosBefore) / 1_000_000;
            assertTrue(failoverMs > 0 && failoverMs < 2 * DEADLINE.toMillis(), "the failovers' duration was measured " +
                "(wirespeed.queuehost.failover.duration): " + failoverMs + " ms");
            System.out.println("ClusteredQueueTest: killed the leader " + (SystemEpochClock.INSTANCE.time() -
                killedAt) + " ms before every message was consumed; the two connections saw failovers of " +
                failoverMs + " ms together; " + timesReceived.values().stream()
                .filter((times) -> times > 1).count() + " messages came again, marked");
        }
        assertNull(memberError.get(), () -> "no member reported an error: " + memberError.get());
    }
}
