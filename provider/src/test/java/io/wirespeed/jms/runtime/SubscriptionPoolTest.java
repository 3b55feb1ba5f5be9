package io.wirespeed.jms.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import javax.jms.Connection;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;
import javax.jms.Topic;

import org.junit.jupiter.api.Test;

import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.test.Await;

/**
 * A topic consumer's stream subscription outlives its connection in the runtime's {@link SubscriptionPool}, so that a
 * connection made for one receive does not wait on the driver (a consumer closed while its connection lives closes
 * it): the next connection on the stream takes it, reads
 * only what was published after its consumer was made, and while kept it holds no publisher back.
 */
class SubscriptionPoolTest
{
    private static final String URI = "wirespeed:ipc?aeronDir=/dev/shm/wirespeed-subpool-test-" +
        ProcessHandle.current().pid() + "&termLength=65536&sendTimeout=3000";

    @Test
    void theNextConnectionTakesTheKeptSubscriptionAndReadsOnlyWhatCameAfterItsConsumer() throws Exception
    {
        try (WirespeedRuntime runtime = WirespeedRuntime.start(URI))
        {
            final JmsConnectionFactory factory = runtime.connectionFactory();
            try (Connection sending = factory.createConnection())
            {
                final Session session = sending.createSession(false, Session.AUTO_ACKNOWLEDGE);
                final Topic topic = session.createTopic("subpool.reuse");
                final MessageProducer producer = session.createProducer(topic);
                for (int round = 0; round < 3; round++)
                {
                    producer.send(session.createTextMessage("before " + round));
                    try (Connection receiving = factory.createConnection())
                    {
                        final MessageConsumer consumer =
                            receiving.createSession(false, Session.AUTO_ACKNOWLEDGE).createConsumer(topic);
                        assertEquals(0, runtime.subscriptions().idleCount(), "the kept subscription was taken");
                        receiving.start();
                        producer.send(session.createTextMessage("after " + round));
                        final TextMessage received = (TextMessage)consumer.receive(5_000);
                        assertNotNull(received, "round " + round);
                        assertEquals("after " + round, received.getText());
                        assertNull(consumer.receiveNoWait(), "round " + round + ": a second message");
                    }
                    assertEquals(1, runtime.subscriptions().idleCount(), "kept after round " + round);
                }
            }
        }
    }

    @Test
    void aConsumerClosedWhileItsConnectionLivesClosesItsSubscription() throws Exception
    {
        try (WirespeedRuntime runtime = WirespeedRuntime.start(URI);
            Connection connection = runtime.connectionFactory().createConnection())
        {
            final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            session.createConsumer(session.createTopic("subpool.consumer")).close();
            // not kept: the connection's publishers must see that nobody reads the stream any more
            assertEquals(0, runtime.subscriptions().idleCount());
        }
    }

    @Test
    void aKeptSubscriptionHoldsNoPublisherBack() throws Exception
    {
        try (WirespeedRuntime runtime = WirespeedRuntime.start(URI))
        {
            final JmsConnectionFactory factory = runtime.connectionFactory();
            try (Connection sending = factory.createConnection())
            {
                final Session session = sending.createSession(false, Session.AUTO_ACKNOWLEDGE);
                final Topic topic = session.createTopic("subpool.backpressure");
                try (Connection receiving = factory.createConnection())
                {
                    receiving.createSession(false, Session.AUTO_ACKNOWLEDGE).createConsumer(topic);
                }
                Await.until("the subscription kept", () -> 1 == runtime.subscriptions().idleCount());
                final MessageProducer producer = session.createProducer(topic);
                final String body = "x".repeat(1_000);
                // 4 MiB through 64 KiB terms: an unread subscriber would stop the publisher within the first terms
                // and the send would fail after sendTimeout (3 s)
                for (int i = 0; i < 4_096; i++)
                {
                    producer.send(session.createTextMessage(body));
                }
            }
        }
    }
}
