package io.wirespeed.jms.hostclient;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.agrona.concurrent.UnsafeBuffer;

import io.aeron.driver.MediaDriver;
import io.wirespeed.host.QueueHost;
import io.wirespeed.host.QueueSelectors;
import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.jms.wire.ConnectionId;
import io.wirespeed.jms.wire.MessageDecoder;
import io.wirespeed.test.Await;
import io.wirespeed.transport.aeron.AeronTransport;
import io.wirespeed.transport.aeron.AeronTransportContext;
import io.wirespeed.transport.aeron.MediaDriverLauncher;

/**
 * The queue host on its own, on a media driver of the test's, spoken to through the queue protocol's
 * client: what comes back to a queue goes back where the queue had it.
 */
class QueueHostTest
{
    private static int counter;

    private String aeronDir;
    private MediaDriver driver;
    private AeronTransport transport;
    private QueueHost host;
    private QueueClient client;
    private Connection producing;

    @BeforeEach
    void start() throws JMSException
    {
        aeronDir = "/dev/shm/wirespeed-queue-host-test-" + ProcessHandle.current().pid() + "-" + (++counter);
        driver = MediaDriverLauncher.launch(new AeronTransportContext().directory(aeronDir).deleteDirOnStart(true)
            .conclude());
        transport = AeronTransport.connect(new AeronTransportContext().embedded(false).directory(aeronDir).conclude());
        host = new QueueHost(transport, QueueSelectors::compile).start();
        client = new QueueClient(transport, ConnectionId.next(), 5_000);
        producing = new JmsConnectionFactory("wirespeed:ipc?driver=external&aeronDir=" + aeronDir).createConnection();
    }

    @AfterEach
    void stop() throws JMSException
    {
        producing.close();
        client.close();
        host.close();
        transport.close();
        driver.close();
    }

    private void send(final String queue, final int count) throws JMSException
    {
        final Session session = producing.createSession();
        final MessageProducer producer = session.createProducer(session.createQueue(queue));
        for (int i = 0; i < count; i++)
        {
            producer.send(session.createTextMessage("m" + i));
        }
        session.close();
    }

    private void awaitPrefetched(final QueueInbox inbox, final int count)
    {
        Await.until(count + " prefetched deliveries", () ->
        {
            client.poll();
            return inbox.size() == count;
        });
    }

    private List<String> awaitDeliveries(final QueueInbox inbox, final int count) throws JMSException
    {
        return awaitDeliveries(inbox, count, new ArrayList<>(), new ArrayList<>());
    }

    private List<String> awaitDeliveries(
        final QueueInbox inbox, final int count, final List<Long> deliveryIds, final List<Integer> deliveryCounts)
        throws JMSException
    {
        final List<String> texts = new ArrayList<>();
        final MessageDecoder decoder = new MessageDecoder();
        final JMSException[] failure = new JMSException[1];
        Await.until(count + " deliveries", () ->
        {
            client.poll();
            inbox.poll((buffer, offset, length) ->
            {
                decoder.wrap(buffer, offset, length);
                try
                {
                    texts.add(((TextMessage)decoder.decode()).getText());
                    deliveryIds.add(inbox.currentDeliveryId());
                    deliveryCounts.add(inbox.currentDeliveryCount());
                }
                catch (final JMSException ex)
                {
                    failure[0] = ex;
                }
            }, count - texts.size());
            return texts.size() >= count;
        });
        if (failure[0] != null)
        {
            throw failure[0];
        }
        return texts;
    }

    private List<String> browse(final String queue) throws JMSException
    {
        final List<String> texts = new ArrayList<>();
        final MessageDecoder decoder = new MessageDecoder();
        for (final byte[] envelope : client.browse(queue, ""))
        {
            decoder.wrap(new UnsafeBuffer(envelope), 0, envelope.length);
            texts.add(((TextMessage)decoder.decode()).getText());
        }
        return texts;
    }

    private QueueInbox subscribe(final int credit, final long consumerId) throws JMSException
    {
        final QueueInbox inbox = new QueueInbox("q");
        client.subscribe("q", "", credit, consumerId, inbox);
        return inbox;
    }

    @Test
    void returnsUnseenMessagesInTheirOriginalOrder() throws Exception
    {
        send("q", 10);
        final long first = client.nextId();
        final QueueInbox inbox = subscribe(10, first);
        awaitPrefetched(inbox, 10);
        client.close(first);

        final long second = client.nextId();
        final QueueInbox again = subscribe(10, second);
        assertEquals(List.of("m0", "m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8", "m9"), awaitDeliveries(again, 10));
    }

    @Test
    void givesBackMessagesReturnedOneByOneInAnyOrderWhereTheQueueHadThem() throws Exception
    {
        send("q", 6);
        final long first = client.nextId();
        final QueueInbox inbox = subscribe(6, first);
        final List<Long> ids = new ArrayList<>();
        awaitDeliveries(inbox, 6, ids, new ArrayList<>());
        for (final int i : new int[] {3, 0, 5, 1, 4, 2})
        {
            client.giveBack(first, ids.get(i));
        }
        final long second = client.nextId();
        final List<Integer> counts = new ArrayList<>();
        assertEquals(List.of("m0", "m1", "m2", "m3", "m4", "m5"),
            awaitDeliveries(subscribe(6, second), 6, new ArrayList<>(), counts));
        assertEquals(List.of(2, 2, 2, 2, 2, 2), counts, "given back after the application saw them: redelivered");
    }

    @Test
    void aPausedConsumerIsSentNothingUntilItIsGrantedCreditAgain() throws Exception
    {
        final long paused = client.nextId();
        final QueueInbox inbox = subscribe(10, paused);
        client.pause(paused);
        send("q", 3);
        Await.until("three messages waiting at the host", () -> browseQuietly("q").size() == 3);
        client.poll();
        assertEquals(0, inbox.size(), "a paused consumer holds nothing");

        client.credit(paused, 10);
        assertEquals(List.of("m0", "m1", "m2"), awaitDeliveries(inbox, 3));
    }

    @Test
    void pausingGivesBackWhatTheConsumerHeldInOrder() throws Exception
    {
        send("q", 4);
        final long paused = client.nextId();
        final QueueInbox inbox = subscribe(10, paused);
        awaitPrefetched(inbox, 4);
        client.pause(paused);
        assertEquals(0, inbox.size());

        final long other = client.nextId();
        final List<Integer> counts = new ArrayList<>();
        assertEquals(List.of("m0", "m1", "m2", "m3"),
            awaitDeliveries(subscribe(10, other), 4, new ArrayList<>(), counts));
        assertEquals(List.of(1, 1, 1, 1), counts, "never seen by the application: not redelivered");
    }

    @Test
    void aConsumerClosedWhileItsSessionHoldsDeliveriesKeepsThemUntilAcknowledged() throws Exception
    {
        send("q", 2);
        final long closing = client.nextId();
        final QueueInbox inbox = subscribe(1, closing);
        final List<Long> ids = new ArrayList<>();
        assertEquals(List.of("m0"), awaitDeliveries(inbox, 1, ids, new ArrayList<>()));
        client.close(closing, true);

        final long other = client.nextId();
        final QueueInbox next = subscribe(10, other);
        assertEquals(List.of("m1"), awaitDeliveries(next, 1));
        assertEquals(List.of("m0", "m1"), browse("q"), "both still on the queue, in flight, not yet acknowledged");

        client.acknowledge(closing, ids.get(0));
        Await.until("the acknowledged message to be gone", () -> browseQuietly("q").equals(List.of("m1")));
    }

    private List<String> browseQuietly(final String queue)
    {
        try
        {
            return browse(queue);
        }
        catch (final JMSException ex)
        {
            throw new IllegalStateException(ex);
        }
    }
}
