package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.MessageProducer;
import javax.jms.ResourceAllocationException;
import javax.jms.Session;
import javax.jms.Topic;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.wirespeed.test.Await;
import io.wirespeed.test.DriverDirectories;
import io.wirespeed.test.FreePorts;

/**
 * A MessageListener that sends on its own connection (a reflector, a request/reply service) to a topic that a
 * listener of the same connection reads: the connection's delivery thread runs the sending listener and is also the
 * reader of the stream the replies travel on. With 64 KiB terms a stream's window is 32 KiB, and each request is
 * answered with {@value #REPLIES_PER_REQUEST} replies of {@value #REPLY_SIZE} bytes (64 KiB), more than the window:
 * the sends must wait out back-pressure that only the waiting thread's own reading can relieve. They go through,
 * every reply arrives in order, and nothing fails; over IPC and over UDP on loopback. Listeners on two connections
 * that answer each other (each connection's delivery thread the only reader of what the other's listener sends) go
 * through likewise. A listener that sends, in one call, more than a reader of the same connection may have waiting
 * ({@code TopicStream.LAG_LIMIT}, 8 MiB) goes through too: while it waits, the delivery thread delivers to the other
 * sessions' listeners, and never to another listener of the sender's own session. Back-pressure from a reader
 * that is not the sending thread (another connection's consumer that does not read) still ends the send after
 * {@code sendTimeout} with a {@link ResourceAllocationException}.
 */
@Timeout(value = 1, unit = TimeUnit.MINUTES)
class ListenerSendsOnItsConnectionTest extends JmsTestSupport
{
    private static final int REQUESTS = 40;
    private static final int REPLIES_PER_REQUEST = 16;
    private static final int REPLY_SIZE = 4096;
    private static final int ACK_SIZE = 6000;
    /** Replies to one request in the burst test: 10 MiB, more than a reader may have waiting (8 MiB). */
    private static final int BURST = 2560;
    private static final int BURST_REQUESTS = 2;
    private static final Duration DEADLINE = Duration.ofSeconds(20);

    private final String aeronDir = DriverDirectories.unique("listener-sends");
    private final String options = "aeronDir=" + aeronDir + "&termLength=65536&connectWait=5000";

    @AfterEach
    void deleteDriver() throws JMSException
    {
        closeConnections();
        DriverDirectories.delete(aeronDir);
    }

    @Test
    void aListenerAnswersOverIpcOnTheConnectionThatReadsItsReplies() throws Exception
    {
        answersOnItsOwnConnection("wirespeed:ipc?" + options + "&sendTimeout=5000");
    }

    @Test
    void aListenerAnswersOverUdpOnLoopbackOnTheConnectionThatReadsItsReplies() throws Exception
    {
        answersOnItsOwnConnection(
            "wirespeed:udp?endpoint=127.0.0.1:" + FreePorts.udp() + "&" + options + "&sendTimeout=5000");
    }

    @Test
    void aListenerSendsABurstLargerThanItsReadersLagLimitOverIpcOnTheConnectionThatReadsIt() throws Exception
    {
        sendsABurstOnItsOwnConnection("wirespeed:ipc?" + options + "&sendTimeout=3000");
    }

    @Test
    void aListenerSendsABurstLargerThanItsReadersLagLimitOverUdpOnTheConnectionThatReadsIt() throws Exception
    {
        sendsABurstOnItsOwnConnection(
            "wirespeed:udp?endpoint=127.0.0.1:" + FreePorts.udp() + "&" + options + "&sendTimeout=3000");
    }

    private void sendsABurstOnItsOwnConnection(final String uri) throws Exception
    {
        final String requests = uniqueTopic();
        final String replies = uniqueTopic();
        final String side = uniqueTopic();
        final Connection connection = connection(uri);
        final List<Exception> failures = new CopyOnWriteArrayList<>();
        final Session serviceSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final MessageProducer burstProducer = serviceSession.createProducer(serviceSession.createTopic(replies));
        final byte[] padding = new byte[REPLY_SIZE - Integer.BYTES];
        final AtomicInteger sent = new AtomicInteger();
        final AtomicBoolean serviceListenerRuns = new AtomicBoolean();
        final AtomicInteger reentered = new AtomicInteger();
        serviceSession.createConsumer(serviceSession.createTopic(requests)).setMessageListener((message) ->
        {
            if (!serviceListenerRuns.compareAndSet(false, true))
            {
                reentered.incrementAndGet();
            }
            try
            {
                final int request = ((BytesMessage)message).readInt();
                for (int i = 0; i < BURST; i++)
                {
                    final BytesMessage reply = serviceSession.createBytesMessage();
                    reply.writeInt(request * BURST + i);
                    reply.writeBytes(padding);
                    burstProducer.send(reply);
                    sent.incrementAndGet();
                }
            }
            catch (final JMSException ex)
            {
                failures.add(ex);
            }
            finally
            {
                serviceListenerRuns.set(false);
            }
        });
        // another consumer of the service's session, sent to while the bursts go: its listener must wait for the
        // burst's listener to return (a session's listeners run one at a time), while the replies' listener need not
        final AtomicInteger sideReceived = new AtomicInteger();
        serviceSession.createConsumer(serviceSession.createTopic(side)).setMessageListener((message) ->
        {
            if (!serviceListenerRuns.compareAndSet(false, true))
            {
                reentered.incrementAndGet();
            }
            sideReceived.incrementAndGet();
            serviceListenerRuns.set(false);
        });
        final AtomicInteger outOfOrder = new AtomicInteger();
        final AtomicInteger next = receiveInOrder(connection, replies, outOfOrder, failures);
        connection.start();

        final Session clientSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final MessageProducer producer = clientSession.createProducer(clientSession.createTopic(requests));
        final MessageProducer sideProducer = clientSession.createProducer(clientSession.createTopic(side));
        for (int i = 0; i < BURST_REQUESTS; i++)
        {
            producer.send(request(clientSession, i));
            sideProducer.send(request(clientSession, i));
        }

        final int expected = BURST_REQUESTS * BURST;
        Await.until("every reply of the bursts, or a failure", DEADLINE,
            () -> (next.get() == expected && sideReceived.get() == BURST_REQUESTS) || !failures.isEmpty());
        assertEquals(List.of(), failures, "the listener's sends failed after " + sent.get() + " replies");
        assertEquals(expected, next.get(), "replies received");
        assertEquals(0, outOfOrder.get(), "replies out of order");
        assertEquals(BURST_REQUESTS, sideReceived.get(), "messages to the service session's other consumer");
        assertEquals(0, reentered.get(), "a listener of the service's session ran while another of it ran");
    }

    @Test
    void listenersOnTwoConnectionsThatAnswerEachOtherDoNotHoldEachOtherBack() throws Exception
    {
        final String requests = uniqueTopic();
        final String replies = uniqueTopic();
        final String acks = uniqueTopic();
        final String uri = "wirespeed:ipc?" + options + "&sendTimeout=5000";
        final List<Exception> failures = new CopyOnWriteArrayList<>();
        final Connection service = connection(uri);
        reflect(service, requests, replies, failures, new AtomicInteger());
        final AtomicInteger acked = new AtomicInteger();
        final Session ackedSession = service.createSession(false, Session.AUTO_ACKNOWLEDGE);
        ackedSession.createConsumer(ackedSession.createTopic(acks))
            .setMessageListener((message) -> acked.incrementAndGet());

        // the client acknowledges each reply with a message as large: while the service's listener sends a request's
        // replies it reads nothing of its own accord, so the acknowledgements fill their window long before the
        // replies are all through, and the client's listener waits on the service's delivery thread
        final Connection client = connection(uri);
        final Session clientSession = client.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final MessageProducer ackProducer = clientSession.createProducer(clientSession.createTopic(acks));
        final byte[] ackBody = new byte[ACK_SIZE];
        clientSession.createConsumer(clientSession.createTopic(replies)).setMessageListener((message) ->
        {
            try
            {
                final BytesMessage ack = clientSession.createBytesMessage();
                ack.writeBytes(ackBody);
                ackProducer.send(ack);
            }
            catch (final JMSException ex)
            {
                failures.add(ex);
            }
        });
        client.start();
        service.start();

        final Session requestSession = client.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final MessageProducer producer = requestSession.createProducer(requestSession.createTopic(requests));
        for (int i = 0; i < REQUESTS; i++)
        {
            producer.send(request(requestSession, i));
        }

        final int expected = REQUESTS * REPLIES_PER_REQUEST;
        Await.until("every acknowledgement, or a failure", DEADLINE,
            () -> acked.get() == expected || !failures.isEmpty());
        assertEquals(List.of(), failures, "the listeners' sends failed");
        assertEquals(expected, acked.get(), "acknowledgements received");
    }

    @Test
    void backPressureFromAReaderOnAnotherConnectionStillEndsTheListenersSendAfterSendTimeout() throws Exception
    {
        final String requests = uniqueTopic();
        final String replies = uniqueTopic();
        final Connection stalled = connection("wirespeed:ipc?" + options);
        final Session stalledSession = stalled.createSession(false, Session.AUTO_ACKNOWLEDGE);
        stalledSession.createConsumer(stalledSession.createTopic(replies));
        stalled.start();

        final Connection service = connection("wirespeed:ipc?" + options + "&sendTimeout=500");
        final List<Exception> failures = new CopyOnWriteArrayList<>();
        final AtomicInteger sent = new AtomicInteger();
        reflect(service, requests, replies, failures, sent);
        service.start();
        final Session clientSession = service.createSession(false, Session.AUTO_ACKNOWLEDGE);
        clientSession.createProducer(clientSession.createTopic(requests)).send(request(clientSession, 0));

        Await.until("the listener's send to fail", DEADLINE, () -> !failures.isEmpty());
        final ResourceAllocationException refused = assertInstanceOf(ResourceAllocationException.class,
            failures.get(0));
        assertTrue(refused.getMessage().contains("sendTimeout=500 ms"), refused.getMessage());
        assertTrue(refused.getMessage().contains("another connection's"), refused.getMessage());
        assertTrue(sent.get() < REPLIES_PER_REQUEST, "a consumer that reads nothing took " + sent.get() + " replies");
    }

    private void answersOnItsOwnConnection(final String uri) throws Exception
    {
        final String requests = uniqueTopic();
        final String replies = uniqueTopic();
        final Connection connection = connection(uri);
        final List<Exception> failures = new CopyOnWriteArrayList<>();
        final AtomicInteger sent = new AtomicInteger();
        reflect(connection, requests, replies, failures, sent);

        final AtomicInteger outOfOrder = new AtomicInteger();
        final AtomicInteger next = receiveInOrder(connection, replies, outOfOrder, failures);
        connection.start();

        final Session clientSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final MessageProducer producer = clientSession.createProducer(clientSession.createTopic(requests));
        for (int i = 0; i < REQUESTS; i++)
        {
            producer.send(request(clientSession, i));
        }

        final int expected = REQUESTS * REPLIES_PER_REQUEST;
        Await.until("every reply, or a failure", DEADLINE, () -> next.get() == expected || !failures.isEmpty());
        assertEquals(List.of(), failures, "the listener's sends failed");
        assertEquals(expected, next.get(), "replies received");
        assertEquals(0, outOfOrder.get(), "replies out of order");
    }

    /**
     * A listener on the requests topic that answers each request with {@value #REPLIES_PER_REQUEST} replies on the
     * replies topic, numbered in order, from its own session.
     */
    private static void reflect(
        final Connection connection, final String requests, final String replies, final List<Exception> failures,
        final AtomicInteger sent) throws JMSException
    {
        final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Topic replyTopic = session.createTopic(replies);
        final MessageProducer producer = session.createProducer(replyTopic);
        final byte[] padding = new byte[REPLY_SIZE - Integer.BYTES];
        session.createConsumer(session.createTopic(requests)).setMessageListener((message) ->
        {
            try
            {
                final int request = ((BytesMessage)message).readInt();
                for (int i = 0; i < REPLIES_PER_REQUEST; i++)
                {
                    final BytesMessage reply = session.createBytesMessage();
                    reply.writeInt(request * REPLIES_PER_REQUEST + i);
                    reply.writeBytes(padding);
                    producer.send(reply);
                    sent.incrementAndGet();
                }
            }
            catch (final JMSException ex)
            {
                failures.add(ex);
            }
        });
    }

    /**
     * A session of the connection that receives the replies, each numbered in order.
     *
     * @return how many came; {@code outOfOrder} counts those whose number was not the next.
     */
    private static AtomicInteger receiveInOrder(
        final Connection connection, final String replies, final AtomicInteger outOfOrder,
        final List<Exception> failures) throws JMSException
    {
        final AtomicInteger next = new AtomicInteger();
        final Session receiveSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        receiveSession.createConsumer(receiveSession.createTopic(replies)).setMessageListener((message) ->
        {
            try
            {
                if (((BytesMessage)message).readInt() != next.getAndIncrement())
                {
                    outOfOrder.incrementAndGet();
                }
            }
            catch (final JMSException ex)
            {
                failures.add(ex);
            }
        });
        return next;
    }

    private static BytesMessage request(final Session session, final int number) throws JMSException
    {
        final BytesMessage request = session.createBytesMessage();
        request.writeInt(number);
        return request;
    }
}
