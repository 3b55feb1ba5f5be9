package io.wirespeed.jms.hostclient;

import javax.jms.IllegalStateException;
import javax.jms.InvalidDestinationException;
import javax.jms.InvalidSelectorException;
import javax.jms.JMSException;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.aeron.driver.MediaDriver;
import io.wirespeed.codec.control.sbe.ErrorCode;
import io.wirespeed.host.ScriptedQueueHost;
import io.wirespeed.host.ScriptedQueueHost.Answer;
import io.wirespeed.jms.wire.ConnectionId;
import io.wirespeed.transport.aeron.AeronTransport;
import io.wirespeed.transport.aeron.AeronTransportContext;
import io.wirespeed.transport.aeron.MediaDriverLauncher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The provider's side of the control protocol against a scripted host: each refusal becomes the JMS exception its
 * error code names, a late answer is waited for, a missing one fails after the host timeout, and a host that dies
 * fails the request that waits on it.
 */
class ScriptedHostClientTest
{
    private static int counter;

    private MediaDriver driver;
    private AeronTransport transport;
    private ScriptedQueueHost host;

    @BeforeEach
    void start()
    {
        final String aeronDir = "/dev/shm/wirespeed-scripted-host-test-" + ProcessHandle.current().pid() + "-" +
            (++counter);
        driver = MediaDriverLauncher.launch(new AeronTransportContext().directory(aeronDir).deleteDirOnStart(true)
            .conclude());
        transport = AeronTransport.connect(new AeronTransportContext().embedded(false).directory(aeronDir).conclude());
        host = new ScriptedQueueHost(transport);
    }

    @AfterEach
    void stop() throws InterruptedException
    {
        host.close();
        transport.close();
        driver.close();
    }

    @Test
    void eachRefusalIsTheExceptionItsErrorCodeNames() throws JMSException
    {
        host.answer((request) -> switch (request)
        {
            case "subscribe selective" -> Answer.refuse(ErrorCode.INVALID_SELECTOR, "selector 'a =' ends early");
            case "subscribe temp-queue:gone" -> Answer.refuse(ErrorCode.INVALID_DESTINATION, "deleted");
            case "unsubscribe app/busy" -> Answer.refuse(ErrorCode.ILLEGAL_STATE, "has an active consumer");
            default -> Answer.refuse(ErrorCode.GENERIC, "no archive");
        });
        try (QueueClient client = new QueueClient(transport, ConnectionId.next(), 5_000))
        {
            final InvalidSelectorException selector = assertThrows(InvalidSelectorException.class,
                () -> client.subscribe("selective", "a =", 10, client.nextId(), new QueueInbox("selective")));
            assertEquals("selector 'a =' ends early", selector.getMessage());
            assertThrows(InvalidDestinationException.class,
                () -> client.subscribe("temp-queue:gone", "", 10, client.nextId(), new QueueInbox("temp-queue:gone")));
            assertThrows(IllegalStateException.class, () -> client.unsubscribe("app/busy"));
            final JMSException generic = assertThrows(JMSException.class,
                () -> client.subscribeDurable("t", "", "app/sub", "aeron:ipc", 1, false, false, 10, client.nextId(),
                    new QueueInbox("t")));
            assertEquals(JMSException.class, generic.getClass());
            assertEquals("no archive", generic.getMessage());
        }
    }

    @Test
    void aLateAnswerWithinTheTimeoutIsWaitedFor() throws JMSException
    {
        host.answer((request) -> Answer.late(300, Answer.accept()));
        try (QueueClient client = new QueueClient(transport, ConnectionId.next(), 5_000))
        {
            final QueueInbox inbox = new QueueInbox("orders");
            client.subscribe("orders", "", 10, client.nextId(), inbox);
            assertTrue(client.routesTo(inbox));
        }
    }

    @Test
    void aRequestNeverAnsweredFailsAfterTheHostTimeout()
    {
        host.answer((request) -> Answer.drop());
        try (QueueClient client = new QueueClient(transport, ConnectionId.next(), 500))
        {
            final JMSException ex = assertThrows(JMSException.class,
                () -> client.subscribe("orders", "", 10, client.nextId(), new QueueInbox("orders")));
            assertTrue(ex.getMessage().startsWith("no queue host answered for orders within 500 ms"), ex.getMessage());
        }
    }

    @Test
    void aHostThatDiesFailsTheRequestWaitingOnItWithoutWaitingOutTheTimeout() throws JMSException
    {
        host.answer((request) -> request.equals("subscribe first") ? Answer.accept() : Answer.die());
        try (QueueClient client = new QueueClient(transport, ConnectionId.next(), 60_000))
        {
            client.subscribe("first", "", 10, client.nextId(), new QueueInbox("first"));

            final JMSException ex = assertThrows(JMSException.class,
                () -> client.subscribe("second", "", 10, client.nextId(), new QueueInbox("second")));

            assertTrue(ex.getMessage().startsWith("the queue host has gone"), ex.getMessage());
        }
    }
}
