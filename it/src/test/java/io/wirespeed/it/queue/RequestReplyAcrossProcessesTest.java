package io.wirespeed.it.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.QueueConnection;
import javax.jms.QueueRequestor;
import javax.jms.QueueSession;
import javax.jms.Session;
import javax.jms.TemporaryQueue;
import javax.jms.TextMessage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.it.Api;
import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.MediaDriverProcess;
import io.wirespeed.test.SlowTest;

/**
 * Request/reply between two processes through queues hosted by the external driver process: the
 * requester (this JVM) sends to a request queue with a temporary queue as {@code JMSReplyTo}; a
 * responder process answers there with the request's message id as correlation id.
 */
@SlowTest
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class RequestReplyAcrossProcessesTest
{
    private static final int REQUESTS = 100;
    private static final int REQUESTOR_REQUESTS = 10;
    private static final Duration STARTUP = Duration.ofSeconds(60);
    private static final long RECEIVE_MS = 20_000;

    @RegisterExtension
    final ChildJvms processes = new ChildJvms();

    /**
     * 100 requests sent at once and their replies matched by correlation id: each reply answers
     * exactly one request, carries that request's text, and none is missing or extra. Then 10 more
     * one at a time through {@link QueueRequestor}. The responder answered all 110 and exits with 0.
     */
    @Test
    void aResponderProcessAnswersEveryRequestOnItsTemporaryReplyQueueWithTheRequestsMessageIdAsCorrelationId()
        throws Exception
    {
        final MediaDriverProcess driver = MediaDriverProcess.start(processes);
        final String requestQueue = "it.queue.requests." + UUID.randomUUID();
        final ChildJvm responder = processes.start("responder",
            Api.JAVAX.command(ResponderMain.class.getName()).args(driver.ipcUri(), requestQueue));
        responder.awaitLine("READY", STARTUP);

        try (QueueConnection connection = new JmsConnectionFactory(driver.ipcUri()).createQueueConnection())
        {
            final QueueSession session = connection.createQueueSession(false, Session.AUTO_ACKNOWLEDGE);
            final Queue requests = session.createQueue(requestQueue);
            final TemporaryQueue replyQueue = session.createTemporaryQueue();
            final MessageConsumer replies = session.createConsumer(replyQueue);
            final MessageProducer producer = session.createProducer(requests);
            connection.start();

            final Map<String, Integer> pending = new HashMap<>();
            for (int i = 0; i < REQUESTS; i++)
            {
                final TextMessage request = session.createTextMessage("request " + i);
                request.setJMSReplyTo(replyQueue);
                producer.send(request);
                assertNull(pending.put(request.getJMSMessageID(), i), "message ids are unique");
            }
            for (int received = 0; received < REQUESTS; received++)
            {
                final Message reply = replies.receive(RECEIVE_MS);
                assertNotNull(reply, "reply " + received + " of " + REQUESTS + " did not arrive" + processes.outputs());
                final Integer request = pending.remove(reply.getJMSCorrelationID());
                assertNotNull(request, "reply " + received + " correlates with no outstanding request: " +
                    reply.getJMSCorrelationID());
                assertEquals("reply to request " + request, ((TextMessage)reply).getText(),
                    "the reply to the request its correlation id names");
            }
            assertTrue(pending.isEmpty(), "unanswered requests: " + pending.values());
            final TextMessage last = session.createTextMessage("request " + REQUESTS);
            last.setJMSReplyTo(replyQueue);
            producer.send(last);
            final Message lastReply = replies.receive(RECEIVE_MS);
            assertNotNull(lastReply, "the reply to the last request did not arrive" + processes.outputs());
            assertEquals(last.getJMSMessageID(), lastReply.getJMSCorrelationID(),
                "no reply beyond one per request: the next one answers the last request");
            replies.close();

            // QueueRequestor.close() closes the session it was given: it gets one of its own.
            final QueueSession requestorSession = connection.createQueueSession(false, Session.AUTO_ACKNOWLEDGE);
            final QueueRequestor requestor = new QueueRequestor(requestorSession, requests);
            for (int i = 0; i < REQUESTOR_REQUESTS; i++)
            {
                final TextMessage request = requestorSession.createTextMessage("requestor " + i);
                final Message reply = assertTimeoutPreemptively(
                    Duration.ofSeconds(20),
                    () -> requestor.request(request),
                    () -> "QueueRequestor.request waited for a reply for 20 s" + processes.outputs());
                assertEquals("reply to requestor " + i, ((TextMessage)reply).getText());
                assertEquals(request.getJMSMessageID(), reply.getJMSCorrelationID());
            }
            requestor.close();

            final Message stop = session.createMessage();
            stop.setBooleanProperty(ResponderMain.STOP, true);
            producer.send(stop);
        }

        assertEquals("ANSWERED " + (REQUESTS + 1 + REQUESTOR_REQUESTS), responder.awaitLine("ANSWERED ", STARTUP),
            "the requests, the last one and the requestor's, each answered once");
        responder.awaitLine("STOPPED", STARTUP);
        assertEquals(0, responder.awaitExit(STARTUP), "responder exit status" + processes.outputs());

        driver.stopCleanly();
    }
}
