package io.wirespeed.jms.context;

import java.io.Serializable;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.jms.IllegalStateRuntimeException;
import javax.jms.JMSConsumer;
import javax.jms.JMSContext;
import javax.jms.JMSProducer;
import javax.jms.Message;
import javax.jms.MessageFormatRuntimeException;
import javax.jms.MessageListener;
import javax.jms.Queue;
import javax.jms.StreamMessage;
import javax.jms.TextMessage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.wirespeed.jms.JmsContext;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

class JmsConsumerTest
{
    private final List<JMSContext> contexts = new CopyOnWriteArrayList<>();

    @AfterEach
    void close()
    {
        contexts.forEach(JMSContext::close);
    }

    private JMSContext context(final InMemoryConnection connection, final int sessionMode)
    {
        final JMSContext context = new JmsContext(connection, sessionMode);
        contexts.add(context);
        return context;
    }

    private JMSContext context()
    {
        return context(new InMemoryConnection(), JMSContext.AUTO_ACKNOWLEDGE);
    }

    @Test
    void receivesTheBodyOfATextMessageAsAString()
    {
        final JMSContext context = context();
        final Queue queue = context.createQueue("q");
        final JMSConsumer consumer = context.createConsumer(queue);
        context.createProducer().send(queue, "hello");

        assertEquals("hello", consumer.receiveBody(String.class, 1_000));
    }

    @Test
    void receivesTheBodyOfABytesMessageAsBytes()
    {
        final JMSContext context = context();
        final Queue queue = context.createQueue("q");
        final JMSConsumer consumer = context.createConsumer(queue);
        context.createProducer().send(queue, new byte[] {1, 2, 3});

        assertArrayEquals(new byte[] {1, 2, 3}, consumer.receiveBodyNoWait(byte[].class));
    }

    @Test
    void receivesTheBodyOfAMapMessageAsAMap()
    {
        final JMSContext context = context();
        final Queue queue = context.createQueue("q");
        final JMSConsumer consumer = context.createConsumer(queue);
        context.createProducer().send(queue, Map.<String, Object>of("symbol", "EURUSD"));

        assertEquals(Map.of("symbol", "EURUSD"), consumer.receiveBody(Map.class));
    }

    @Test
    void receivesTheBodyOfAnObjectMessageAsAnyTypeItIsAssignableTo()
    {
        final JMSContext context = context();
        final Queue queue = context.createQueue("q");
        final JMSConsumer consumer = context.createConsumer(queue);
        context.createProducer().send(queue, Long.valueOf(7)).send(queue, Long.valueOf(8));

        assertEquals(7L, consumer.receiveBody(Serializable.class, 1_000));
        assertEquals(8L, consumer.receiveBody(Number.class, 1_000));
    }

    @Test
    void returnsNullWhenNoMessageArrivesInTime()
    {
        final JMSContext context = context();
        final JMSConsumer consumer = context.createConsumer(context.createQueue("q"));

        assertNull(consumer.receiveBody(String.class, 20));
        assertNull(consumer.receiveBodyNoWait(String.class));
    }

    @Test
    void aBodyOfTheWrongTypeThrowsAndTheNextReceiveReturnsTheSameMessageNotMarkedRedelivered() throws Exception
    {
        final JMSContext context = context();
        final Queue queue = context.createQueue("q");
        final JMSConsumer consumer = context.createConsumer(queue);
        context.createProducer().send(queue, "first").send(queue, "second");

        assertThrows(MessageFormatRuntimeException.class, () -> consumer.receiveBody(Integer.class, 1_000));

        final TextMessage again = assertInstanceOf(TextMessage.class, consumer.receiveNoWait());
        assertEquals("first", again.getText());
        assertFalse(again.getJMSRedelivered());
        assertEquals("second", consumer.receiveBodyNoWait(String.class));
    }

    @Test
    void aBodyOfTheWrongTypeIsAlsoHandedBackInDupsOkMode()
    {
        final JMSContext context = context(new InMemoryConnection(), JMSContext.DUPS_OK_ACKNOWLEDGE);
        final Queue queue = context.createQueue("q");
        final JMSConsumer consumer = context.createConsumer(queue);
        context.createProducer().send(queue, new byte[] {1});

        assertThrows(MessageFormatRuntimeException.class, () -> consumer.receiveBodyNoWait(String.class));

        assertArrayEquals(new byte[] {1}, consumer.receiveBodyNoWait(byte[].class));
    }

    @Test
    void aBodyOfTheWrongTypeIsConsumedInClientAcknowledgeMode()
    {
        final JMSContext context = context(new InMemoryConnection(), JMSContext.CLIENT_ACKNOWLEDGE);
        final Queue queue = context.createQueue("q");
        final JMSConsumer consumer = context.createConsumer(queue);
        context.createProducer().send(queue, "text");

        assertThrows(MessageFormatRuntimeException.class, () -> consumer.receiveBodyNoWait(byte[].class));

        assertNull(consumer.receiveNoWait());
    }

    @Test
    void aBodyOfTheWrongTypeIsConsumedInATransactedContext()
    {
        final JMSContext context = context(new InMemoryConnection(), JMSContext.SESSION_TRANSACTED);
        final Queue queue = context.createQueue("q");
        final JMSConsumer consumer = context.createConsumer(queue);
        context.createProducer().send(queue, "text");

        assertThrows(MessageFormatRuntimeException.class, () -> consumer.receiveBodyNoWait(byte[].class));

        assertNull(consumer.receiveNoWait());
    }

    @Test
    void aConsumerThatCannotTakeMessagesBackLosesTheMessageWhoseBodyHasTheWrongType()
    {
        final JMSContext context = context(new InMemoryConnection(false), JMSContext.AUTO_ACKNOWLEDGE);
        final Queue queue = context.createQueue("q");
        final JMSConsumer consumer = context.createConsumer(queue);
        context.createProducer().send(queue, "text");

        assertThrows(MessageFormatRuntimeException.class, () -> consumer.receiveBodyNoWait(byte[].class));

        assertNull(consumer.receiveNoWait());
    }

    @Test
    void aStreamMessageHasNoBodyForReceiveBody()
    {
        final JMSContext context = context();
        final Queue queue = context.createQueue("q");
        final JMSConsumer consumer = context.createConsumer(queue);
        final StreamMessage stream = context.createStreamMessage();
        context.createProducer().send(queue, stream);

        assertThrows(MessageFormatRuntimeException.class, () -> consumer.receiveBodyNoWait(Object.class));
        assertInstanceOf(StreamMessage.class, consumer.receiveNoWait());
    }

    @Test
    void aMessageWithoutBodyThrowsForReceiveBodyAndIsHandedBack()
    {
        final JMSContext context = context();
        final Queue queue = context.createQueue("q");
        final JMSConsumer consumer = context.createConsumer(queue);
        final JMSProducer producer = context.createProducer();
        producer.send(queue, context.createMessage()).send(queue, (String)null);

        assertThrows(MessageFormatRuntimeException.class, () -> consumer.receiveBodyNoWait(Object.class));
        assertThrows(MessageFormatRuntimeException.class, () -> consumer.receiveBodyNoWait(Object.class));
        consumer.receiveNoWait();
        assertThrows(MessageFormatRuntimeException.class, () -> consumer.receiveBodyNoWait(String.class));
    }

    @Test
    void deliversToTheListenerItWasGivenAndReturnsThatListener()
    {
        final JMSContext context = context();
        final Queue queue = context.createQueue("q");
        final JMSConsumer consumer = context.createConsumer(queue);
        final List<Message> received = new CopyOnWriteArrayList<>();
        final MessageListener listener = received::add;

        consumer.setMessageListener(listener);
        context.createProducer().send(queue, "one").send(queue, "two");

        assertSame(listener, consumer.getMessageListener());
        assertEquals(2, received.size());
    }

    @Test
    void hasNoListenerUntilOneIsSetOrAfterItIsRemoved()
    {
        final JMSContext context = context();
        final JMSConsumer consumer = context.createConsumer(context.createQueue("q"));
        assertNull(consumer.getMessageListener());

        consumer.setMessageListener(message -> { });
        consumer.setMessageListener(null);

        assertNull(consumer.getMessageListener());
    }

    @Test
    void reportsItsMessageSelectorWithEmptyMeaningNone()
    {
        final JMSContext context = context();
        final Queue queue = context.createQueue("q");

        assertEquals("region = 'emea'", context.createConsumer(queue, "region = 'emea'").getMessageSelector());
        assertNull(context.createConsumer(queue, "").getMessageSelector());
    }

    @Test
    void aClosedConsumerThrowsIllegalStateRuntimeException()
    {
        final JMSContext context = context();
        final JMSConsumer consumer = context.createConsumer(context.createQueue("q"));

        consumer.close();

        assertThrows(IllegalStateRuntimeException.class, consumer::receiveNoWait);
        assertThrows(IllegalStateRuntimeException.class, () -> consumer.receiveBody(String.class, 10));
        assertThrows(IllegalStateRuntimeException.class, consumer::getMessageSelector);
    }
}
