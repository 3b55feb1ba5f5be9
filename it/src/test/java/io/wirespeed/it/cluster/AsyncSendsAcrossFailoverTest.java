package io.wirespeed.it.cluster;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

import javax.jms.CompletionListener;
import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageProducer;
import javax.jms.Session;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.test.Await;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.SlowTest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * Issue 24 items 3 and 5: asynchronous PERSISTENT queue sends to a clustered host are pipelined, and a failover loses,
 * repeats and reorders none of them. Three {@code wirespeed-driver} processes on loopback as the clustered queue host;
 * in this JVM a producer sending with a {@link CompletionListener}, and a consumer on another connection.
 * <ol>
 * <li>With the leader frozen (SIGSTOP), 200 asynchronous sends return at once: none waits for the host (each waited
 * for its confirmation before). The leader is then killed; once another leads, every listener hears
 * {@code onCompletion}, in send order, and the consumer receives the 200 once each, in order.</li>
 * <li>With the killed member back, 3,000 asynchronous sends go as fast as the window of unconfirmed sends allows, and
 * the leader is killed (SIGKILL) once 1,000 completed: the messages the lost leader had not committed go again to the
 * new one before any later message, so again every send completes, in order, and the consumer receives each message
 * once, in order. A later message reaching the new leader first would have had the earlier one dropped as a copy.</li>
 * <li>Again, with every third send NON_PERSISTENT, and the leader killed once 500 completed: every send completes in
 * send order, every PERSISTENT message is received once, in order; a NON_PERSISTENT one may be lost at the failover,
 * never received twice, and those received keep their order.</li>
 * </ol>
 * No exception reaches the listeners or the connections' exception listeners.
 */
@SlowTest
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class AsyncSendsAcrossFailoverTest
{
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    /** The members' leader heartbeat timeout ({@link MemberProcesses}): no new leader is elected sooner. */
    private static final Duration HEARTBEAT_TIMEOUT = Duration.ofSeconds(2);
    private static final int FROZEN_SENDS = 200;
    private static final int LOADED_SENDS = 3_000;
    private static final int KILL_AFTER = 1_000;
    private static final int MIXED_SENDS = 1_500;

    @RegisterExtension
    final ChildJvms jvms = new ChildJvms();

    @TempDir
    Path temp;

    private final List<Throwable> told = new CopyOnWriteArrayList<>();
    private final List<Integer> completed = new CopyOnWriteArrayList<>();
    private final List<Integer> received = new CopyOnWriteArrayList<>();

    @Test
    void asynchronousSendsReturnWhileTheLeaderIsFrozenAndAllCompleteInOrderAcrossLeaderKills() throws Exception
    {
        try (MemberProcesses cluster = MemberProcesses.onLoopback(jvms, temp);
            Connection producing = connect(cluster.clientUri());
            Connection consuming = connect(cluster.clientUri()))
        {
            final int leader = cluster.awaitLeader(MemberProcesses.START);
            final Session receiving = consuming.createSession(false, Session.AUTO_ACKNOWLEDGE);
            receiving.createConsumer(receiving.createQueue("async")).setMessageListener((message) ->
            {
                try
                {
                    received.add(message.getIntProperty("seq"));
                }
                catch (final JMSException ex)
                {
                    told.add(ex);
                }
            });
            consuming.start();
            final Session sending = producing.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final MessageProducer producer = sending.createProducer(sending.createQueue("async"));
            producer.setDeliveryMode(DeliveryMode.PERSISTENT);
            final CompletionListener listener = new Completions();
            // the connection has its session with the cluster, which confirms PERSISTENT sends, before the freeze
            send(sending, producer, -1, null);
            Await.until("the first message to arrive", DEADLINE, () -> received.contains(-1));
            received.clear();

            // 1: the frozen leader confirms nothing, and the sends return regardless
            final CompletableFuture<Long> sent = new CompletableFuture<>();
            cluster.freeze(leader);
            final long frozenNs = System.nanoTime();
            try
            {
                new Thread(() ->
                {
                    try
                    {
                        for (int seq = 0; seq < FROZEN_SENDS; seq++)
                        {
                            send(sending, producer, seq, listener);
                        }
                        sent.complete(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - frozenNs));
                    }
                    catch (final JMSException | RuntimeException ex)
                    {
                        sent.completeExceptionally(ex);
                    }
                }, "async-sender").start();
                try
                {
                    final long sentMs = sent.get(HEARTBEAT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
                    assertEquals(List.of(), completed, "nothing completes while the leader is frozen");
                    System.out.println("AsyncSendsAcrossFailoverTest: " + FROZEN_SENDS + " asynchronous sends " +
                        "returned " + sentMs + " ms after the freeze");
                }
                catch (final TimeoutException ex)
                {
                    throw new AssertionError("the asynchronous sends did not return within " +
                        HEARTBEAT_TIMEOUT.toMillis() + " ms of the leader's freeze: each waited for the host's " +
                        "confirmation (" + completed.size() + " completed)", ex);
                }
            }
            finally
            {
                cluster.kill(leader);
            }
            final int next = cluster.awaitLeader(DEADLINE);
            assertNotEquals(leader, next, "another member leads");
            awaitAll("sent while the leader was frozen", FROZEN_SENDS);

            // 2: a leader killed under a window of unconfirmed sends
            cluster.restart(leader);
            cluster.awaitRejoined(leader, DEADLINE);
            final int current = cluster.awaitLeader(DEADLINE);
            completed.clear();
            received.clear();
            final AtomicInteger sends = new AtomicInteger();
            final Thread loader = new Thread(() ->
            {
                try
                {
                    for (int seq = 0; seq < LOADED_SENDS; seq++)
                    {
                        send(sending, producer, seq, listener);
                        sends.incrementAndGet();
                    }
                }
                catch (final JMSException | RuntimeException ex)
                {
                    told.add(ex);
                }
            }, "async-loader");
            loader.start();
            Await.until(KILL_AFTER + " sends to complete", DEADLINE, () -> completed.size() >= KILL_AFTER);
            cluster.kill(current);
            final int killedAt = completed.size();
            final int sentAtKill = sends.get();
            assertNotEquals(current, cluster.awaitLeader(DEADLINE), "another member leads");
            loader.join(DEADLINE.toMillis());
            awaitAll("sent while the leader was killed", LOADED_SENDS);
            System.out.println("AsyncSendsAcrossFailoverTest: leader " + current + " killed with " + killedAt +
                " completed and " + sentAtKill + " sent; all " + LOADED_SENDS + " completed and were received once, " +
                "in order");

            // 3: every third send NON_PERSISTENT, a leader killed under them
            cluster.restart(current);
            cluster.awaitRejoined(current, DEADLINE);
            final int third = cluster.awaitLeader(DEADLINE);
            completed.clear();
            received.clear();
            final Thread mixed = new Thread(() ->
            {
                try
                {
                    for (int seq = 0; seq < MIXED_SENDS; seq++)
                    {
                        final Message message = sending.createTextMessage("mixed " + seq);
                        message.setIntProperty("seq", seq);
                        producer.send(message, isNonPersistent(seq) ? DeliveryMode.NON_PERSISTENT :
                            DeliveryMode.PERSISTENT, Message.DEFAULT_PRIORITY, Message.DEFAULT_TIME_TO_LIVE, listener);
                    }
                }
                catch (final JMSException | RuntimeException ex)
                {
                    told.add(ex);
                }
            }, "mixed-loader");
            mixed.start();
            Await.until(KILL_AFTER / 2 + " mixed sends to complete", DEADLINE,
                () -> completed.size() >= KILL_AFTER / 2);
            cluster.kill(third);
            assertNotEquals(third, cluster.awaitLeader(DEADLINE), "another member leads");
            mixed.join(DEADLINE.toMillis());
            Await.until("every mixed send to complete", DEADLINE,
                () -> completed.size() >= MIXED_SENDS || !told.isEmpty());
            assertEquals(List.of(), told, "no exception reaches the application");
            assertEquals(sequence(MIXED_SENDS), completed, "every mixed send completed, in send order (JMS 2.0: a " +
                "session's completion listener is called in the order of the sends)");
            final List<Integer> persistent = sequence(MIXED_SENDS).stream().filter((seq) -> !isNonPersistent(seq))
                .toList();
            Await.until("every PERSISTENT mixed message to arrive", DEADLINE, () -> received.containsAll(persistent));
            Await.during("no copy to arrive", Duration.ofSeconds(1),
                () -> received.size() == Set.copyOf(received).size());
            assertEquals(persistent, received.stream().filter((seq) -> !isNonPersistent(seq)).toList(),
                "every PERSISTENT mixed message received once, in order");
            final List<Integer> nonPersistent = received.stream().filter(AsyncSendsAcrossFailoverTest::isNonPersistent)
                .toList();
            assertEquals(nonPersistent.stream().sorted().distinct().toList(), nonPersistent,
                "the NON_PERSISTENT messages that arrived came once each, in order (some may be lost at failover)");
            System.out.println("AsyncSendsAcrossFailoverTest: leader " + third + " killed under mixed sends; all " +
                MIXED_SENDS + " completed in order, every PERSISTENT one received once in order, " +
                nonPersistent.size() + " of " + (MIXED_SENDS - persistent.size()) + " NON_PERSISTENT ones received, " +
                "none twice");
        }
    }

    private static boolean isNonPersistent(final int seq)
    {
        return seq % 3 == 2;
    }

    private void awaitAll(final String what, final int count)
    {
        Await.until("every send " + what + " to complete", DEADLINE,
            () -> completed.size() >= count || !told.isEmpty());
        assertEquals(List.of(), told, "no exception reaches the application");
        assertEquals(sequence(count), completed, "every send " + what + " completed, in send order");
        Await.until("every message " + what + " to arrive", DEADLINE, () -> received.size() >= count);
        Await.during("no copy to arrive", Duration.ofSeconds(1), () -> received.size() == count);
        assertEquals(sequence(count), received, "every message " + what + " received once, in order");
    }

    private static void send(
        final Session session, final MessageProducer producer, final int seq, final CompletionListener listener)
        throws JMSException
    {
        final Message message = session.createTextMessage("async " + seq);
        message.setIntProperty("seq", seq);
        if (null == listener)
        {
            producer.send(message);
        }
        else
        {
            producer.send(message, listener);
        }
    }

    private static List<Integer> sequence(final int count)
    {
        final List<Integer> numbers = new ArrayList<>(count);
        for (int seq = 0; seq < count; seq++)
        {
            numbers.add(seq);
        }
        return numbers;
    }

    private Connection connect(final String uri) throws JMSException
    {
        final Connection connection = new JmsConnectionFactory(uri).createConnection();
        connection.setExceptionListener(told::add);
        return connection;
    }

    /** Notes each completed send's number, and each failed send's exception. */
    private final class Completions implements CompletionListener
    {
        @Override
        public void onCompletion(final Message message)
        {
            try
            {
                completed.add(message.getIntProperty("seq"));
            }
            catch (final JMSException ex)
            {
                told.add(ex);
            }
        }

        @Override
        public void onException(final Message message, final Exception exception)
        {
            told.add(exception);
        }
    }
}
