package io.wirespeed.it.cluster;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.QueueBrowser;
import javax.jms.Session;
import javax.jms.TemporaryQueue;
import javax.jms.TextMessage;

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
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Issue 24 item 3, "a pause, nothing else", for the requests an application waits on: three {@code wirespeed-driver}
 * processes on loopback as a clustered queue host, and in this JVM a connection whose sessions, while the leader's
 * process is frozen (SIGSTOP), create a consumer, create a temporary queue and a consumer on it, browse a queue, and
 * acknowledge a message of a CLIENT_ACKNOWLEDGE session (which waits until the acknowledgement is committed). The
 * frozen leader takes none of these requests into the log; it is then killed (SIGKILL) and the other two elect a
 * new leader. Each call returns normally, as if nothing had happened: the consumer receives what is sent to its queue
 * after the failover, the temporary queue takes a request's reply (exactly one), the browse shows the queue's
 * messages once each, in order, and the acknowledged message does not come again. No exception reaches the
 * connections' exception listeners.
 */
@SlowTest
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class RequestsAcrossFailoverTest
{
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    /** The members' leader heartbeat timeout ({@link MemberProcesses}): no new leader is elected sooner. */
    private static final Duration HEARTBEAT_TIMEOUT = Duration.ofSeconds(2);
    private static final List<String> BROWSED = List.of("b1", "b2", "b3");

    @RegisterExtension
    final ChildJvms jvms = new ChildJvms();

    @TempDir
    Path temp;

    private final List<Throwable> told = new CopyOnWriteArrayList<>();

    @Test
    void aConsumerATemporaryQueueAndABrowseAskedOfAFrozenLeaderThatIsKilledAreAnsweredByTheNewOne() throws Exception
    {
        try (MemberProcesses cluster = MemberProcesses.onLoopback(jvms, temp);
            Connection client = connect(cluster.clientUri());
            Connection other = connect(cluster.clientUri()))
        {
            final int leader = cluster.awaitLeader(MemberProcesses.START);

            // the other connection answers requests, and puts the messages to browse on their queue
            final Session otherSession = other.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final MessageProducer otherProducer = otherSession.createProducer(null);
            otherProducer.setDeliveryMode(DeliveryMode.PERSISTENT);
            otherSession.createConsumer(otherSession.createQueue("requests")).setMessageListener((request) ->
            {
                try
                {
                    final Message reply = otherSession.createTextMessage("answer to " +
                        ((TextMessage)request).getText());
                    otherProducer.send(request.getJMSReplyTo(), reply);
                }
                catch (final JMSException ex)
                {
                    told.add(ex);
                }
            });
            other.start();
            for (final String text : BROWSED)
            {
                otherProducer.send(otherSession.createQueue("browsed"), otherSession.createTextMessage(text));
            }

            // the client's connection has its session with the cluster before the freeze
            final Session consuming = client.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Session replying = client.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Session browsing = client.createSession(false, Session.AUTO_ACKNOWLEDGE);
            assertEquals(BROWSED, browse(browsing), "the browse before the freeze");
            final Session acking = client.createSession(false, Session.CLIENT_ACKNOWLEDGE);
            final MessageConsumer ackingConsumer = acking.createConsumer(acking.createQueue("acked"));
            client.start();
            otherProducer.send(otherSession.createQueue("acked"), otherSession.createTextMessage("to acknowledge"));
            final Message toAcknowledge = ackingConsumer.receive(DEADLINE.toMillis());
            assertEquals("to acknowledge", text(toAcknowledge));

            final List<Call<?>> calls = new ArrayList<>();
            final Call<MessageConsumer> orders;
            final Call<TemporaryQueueAndConsumer> temporary;
            final Call<List<String>> browsed;
            final Call<Boolean> acknowledged;
            cluster.freeze(leader);
            final long frozenNs = System.nanoTime();
            try
            {
                orders = new Call<>("createConsumer", () -> consuming.createConsumer(consuming.createQueue("orders")));
                temporary = new Call<>("createTemporaryQueue", () ->
                {
                    final TemporaryQueue queue = replying.createTemporaryQueue();
                    return new TemporaryQueueAndConsumer(queue, replying.createConsumer(queue));
                });
                browsed = new Call<>("browse", () -> browse(browsing));
                acknowledged = new Call<>("acknowledge", () ->
                {
                    toAcknowledge.acknowledge();
                    return true;
                });
                calls.addAll(List.of(orders, temporary, browsed, acknowledged));
                Await.until("each call to wait for the frozen leader's answer", DEADLINE,
                    () -> calls.stream().allMatch(Call::waitsForTheHost));
                final long sentMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - frozenNs);
                // sooner than the other members can elect a leader: the requests went to the frozen one
                assertTrue(sentMs < HEARTBEAT_TIMEOUT.toMillis(), "the requests went " + sentMs + " ms after the " +
                    "freeze, before the leader heartbeat timeout (" + HEARTBEAT_TIMEOUT.toMillis() + " ms)");
            }
            finally
            {
                cluster.kill(leader);
            }
            final long killedNs = System.nanoTime();
            final int next = cluster.awaitLeader(DEADLINE);
            assertNotEquals(leader, next, "another member leads");

            final MessageConsumer ordersConsumer = orders.result();
            final TemporaryQueueAndConsumer replyTo = temporary.result();
            assertEquals(BROWSED, browsed.result(), "the browse asked of the frozen leader: each message once, in " +
                "order");
            assertTrue(acknowledged.result(), "acknowledge() returned once the cluster committed the acknowledgement");
            final long returnedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killedNs);

            otherProducer.send(otherSession.createQueue("orders"), otherSession.createTextMessage("order"));
            assertEquals("order", text(ordersConsumer.receive(DEADLINE.toMillis())),
                "the consumer created while the leader was frozen receives");

            final MessageProducer requests = replying.createProducer(replying.createQueue("requests"));
            requests.setDeliveryMode(DeliveryMode.PERSISTENT);
            final Message request = replying.createTextMessage("question");
            request.setJMSReplyTo(replyTo.queue());
            requests.send(request);
            assertEquals("answer to question", text(replyTo.consumer().receive(DEADLINE.toMillis())),
                "the temporary queue created while the leader was frozen takes the reply");
            assertNull(replyTo.consumer().receive(1_000), "exactly one reply");

            // the acknowledgement is in the log: closing its session gives nothing back to the queue
            acking.close();
            final Session checking = other.createSession(false, Session.AUTO_ACKNOWLEDGE);
            assertNull(checking.createConsumer(checking.createQueue("acked")).receive(1_000),
                "the message acknowledged while the leader was frozen does not come again");

            assertEquals(List.of(), told, "no exception reaches the application");
            System.out.println("RequestsAcrossFailoverTest: member " + leader + " frozen and killed, member " + next +
                " leads; the calls asked of the frozen leader returned " + returnedMs + " ms after the kill");
        }
    }

    private Connection connect(final String uri) throws JMSException
    {
        final Connection connection = new JmsConnectionFactory(uri).createConnection();
        connection.setExceptionListener(told::add);
        return connection;
    }

    private static List<String> browse(final Session session) throws JMSException
    {
        final List<String> texts = new ArrayList<>();
        final QueueBrowser browser = session.createBrowser(session.createQueue("browsed"));
        try
        {
            final Enumeration<?> messages = browser.getEnumeration();
            for (final Object message : Collections.list(messages))
            {
                texts.add(text((Message)message));
            }
        }
        finally
        {
            browser.close();
        }
        return texts;
    }

    private static String text(final Message message) throws JMSException
    {
        assertNotNull(message, "a message came");
        return ((TextMessage)message).getText();
    }

    /** A temporary queue and the consumer on it. */
    private record TemporaryQueueAndConsumer(TemporaryQueue queue, MessageConsumer consumer)
    {
    }

    /** What a call does. */
    @FunctionalInterface
    private interface Body<T>
    {
        T call() throws Exception;
    }

    /** A call of the application's on a thread of its own, whose wait for the host can be seen in its stack. */
    private static final class Call<T>
    {
        private final String name;
        private final CompletableFuture<T> outcome = new CompletableFuture<>();
        private final Thread thread;

        Call(final String name, final Body<T> body)
        {
            this.name = name;
            this.thread = new Thread(() ->
            {
                try
                {
                    outcome.complete(body.call());
                }
                catch (final Throwable ex)
                {
                    outcome.completeExceptionally(ex);
                }
            }, name);
            thread.setDaemon(true);
            thread.start();
        }

        /** @return whether it waits for the queue host's answer to a request it sent. */
        boolean waitsForTheHost()
        {
            for (final StackTraceElement frame : thread.getStackTrace())
            {
                if (frame.getClassName().endsWith(".HostRequests") && "await".equals(frame.getMethodName()))
                {
                    return true;
                }
            }
            return false;
        }

        /** @return what it returned: it must return normally within the deadline. */
        T result() throws InterruptedException
        {
            try
            {
                return outcome.get(DEADLINE.toMillis(), TimeUnit.MILLISECONDS);
            }
            catch (final ExecutionException ex)
            {
                return fail(name + " asked of the frozen leader threw instead of returning after the failover",
                    ex.getCause());
            }
            catch (final TimeoutException ex)
            {
                return fail(name + " asked of the frozen leader did not return within " + DEADLINE);
            }
        }
    }
}
