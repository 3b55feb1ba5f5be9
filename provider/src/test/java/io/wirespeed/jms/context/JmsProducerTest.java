package io.wirespeed.jms.context;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import javax.jms.BytesMessage;
import javax.jms.CompletionListener;
import javax.jms.DeliveryMode;
import javax.jms.InvalidDestinationRuntimeException;
import javax.jms.JMSConsumer;
import javax.jms.JMSContext;
import javax.jms.JMSProducer;
import javax.jms.JMSRuntimeException;
import javax.jms.MapMessage;
import javax.jms.Message;
import javax.jms.MessageFormatRuntimeException;
import javax.jms.MessageNotWriteableRuntimeException;
import javax.jms.ObjectMessage;
import javax.jms.Queue;
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
import static org.junit.jupiter.api.Assertions.assertTrue;

class JmsProducerTest
{
    private final InMemoryConnection connection = new InMemoryConnection();
    private final JmsContext context = new JmsContext(connection, JMSContext.AUTO_ACKNOWLEDGE);
    private final Queue queue = context.createQueue("orders");
    private final JMSProducer producer = context.createProducer();

    @AfterEach
    void close()
    {
        context.close();
    }

    private InMemoryProducer.Send lastSend()
    {
        return connection.sent().get(connection.sent().size() - 1);
    }

    @Test
    void setsTheProducersPropertiesOnTheMessageReplacingThoseOfTheSameName() throws Exception
    {
        final TextMessage message = context.createTextMessage("x");
        message.setIntProperty("quantity", 1);
        message.setStringProperty("desk", "fx");

        producer.setProperty("quantity", 7).setProperty("urgent", true).send(queue, message);

        assertEquals(7, message.getIntProperty("quantity"));
        assertTrue(message.getBooleanProperty("urgent"));
        assertEquals("fx", message.getStringProperty("desk"));
    }

    @Test
    void setsTheProducersCorrelationIdTypeAndReplyToOnTheMessageReplacingItsOwn() throws Exception
    {
        final Queue replies = context.createQueue("replies");
        final Message message = context.createMessage();
        message.setJMSCorrelationID("old");
        message.setJMSType("old-type");
        message.setJMSReplyTo(context.createQueue("old-replies"));

        producer.setJMSCorrelationID("order-42").setJMSType("Order").setJMSReplyTo(replies).send(queue, message);

        assertEquals("order-42", message.getJMSCorrelationID());
        assertEquals("Order", message.getJMSType());
        assertEquals(replies, message.getJMSReplyTo());
    }

    @Test
    void leavesTheMessagesHeadersWhenTheProducerSetsNone() throws Exception
    {
        final Message message = context.createMessage();
        message.setJMSCorrelationID("mine");
        message.setJMSType("MyType");

        producer.send(queue, message);

        assertEquals("mine", message.getJMSCorrelationID());
        assertEquals("MyType", message.getJMSType());
    }

    @Test
    void setsACorrelationIdGivenAsBytes() throws Exception
    {
        final Message message = context.createMessage();

        producer.setJMSCorrelationIDAsBytes(new byte[] {1, 2, 3}).send(queue, message);

        assertArrayEquals(new byte[] {1, 2, 3}, message.getJMSCorrelationIDAsBytes());
    }

    @Test
    void theLastCorrelationIdSetWinsInEitherForm()
    {
        producer.setJMSCorrelationIDAsBytes(new byte[] {'a'}).setJMSCorrelationID("b");
        assertEquals("b", producer.getJMSCorrelationID());
        assertArrayEquals(new byte[] {'b'}, producer.getJMSCorrelationIDAsBytes());

        producer.setJMSCorrelationIDAsBytes(new byte[] {'c'});
        assertEquals("c", producer.getJMSCorrelationID());
    }

    @Test
    void copiesTheCorrelationIdBytesWhenSet()
    {
        final byte[] id = {1, 2};
        producer.setJMSCorrelationIDAsBytes(id);
        id[0] = 9;

        assertArrayEquals(new byte[] {1, 2}, producer.getJMSCorrelationIDAsBytes());
    }

    @Test
    void passesItsSendOptionsToTheMessageProducer()
    {
        producer
            .setDeliveryMode(DeliveryMode.NON_PERSISTENT)
            .setPriority(8)
            .setTimeToLive(60_000)
            .setDeliveryDelay(250)
            .setDisableMessageID(true)
            .setDisableMessageTimestamp(true)
            .send(queue, "x");

        final InMemoryProducer.Send send = lastSend();
        assertEquals(DeliveryMode.NON_PERSISTENT, send.deliveryMode());
        assertEquals(8, send.priority());
        assertEquals(60_000, send.timeToLive());
        assertEquals(250, send.deliveryDelay());
        assertTrue(send.disableMessageId());
        assertTrue(send.disableMessageTimestamp());
        assertNull(send.completionListener());
    }

    @Test
    void usesTheSpecificationDefaultsForSendOptions()
    {
        producer.send(queue, "x");

        final InMemoryProducer.Send send = lastSend();
        assertEquals(DeliveryMode.PERSISTENT, send.deliveryMode());
        assertEquals(Message.DEFAULT_PRIORITY, send.priority());
        assertEquals(Message.DEFAULT_TIME_TO_LIVE, send.timeToLive());
        assertEquals(Message.DEFAULT_DELIVERY_DELAY, send.deliveryDelay());
        assertFalse(send.disableMessageId());
        assertFalse(send.disableMessageTimestamp());
    }

    @Test
    void sendsAsynchronouslyThroughTheCompletionListener() throws Exception
    {
        final CountDownLatch completed = new CountDownLatch(1);
        final CompletionListener listener = new CompletionListener()
        {
            @Override
            public void onCompletion(final Message message)
            {
                completed.countDown();
            }

            @Override
            public void onException(final Message message, final Exception exception)
            {
            }
        };

        producer.setAsync(listener).send(queue, "x");

        assertSame(listener, producer.getAsync());
        assertSame(listener, lastSend().completionListener());
        assertTrue(completed.await(5, TimeUnit.SECONDS));
    }

    @Test
    void sendsAStringAsATextMessage() throws Exception
    {
        producer.send(queue, "hello");

        final TextMessage sent = assertInstanceOf(TextMessage.class, lastSend().message());
        assertEquals("hello", sent.getText());
    }

    @Test
    void sendsAMapAsAMapMessageWithEveryEntry() throws Exception
    {
        final Map<String, Object> body = new LinkedHashMap<>();
        body.put("symbol", "EURUSD");
        body.put("quantity", 100);

        producer.send(queue, body);

        final MapMessage sent = assertInstanceOf(MapMessage.class, lastSend().message());
        assertEquals("EURUSD", sent.getObject("symbol"));
        assertEquals(100, sent.getObject("quantity"));
    }

    @Test
    void sendsBytesAsABytesMessage() throws Exception
    {
        producer.send(queue, new byte[] {4, 5, 6});

        final BytesMessage sent = assertInstanceOf(BytesMessage.class, lastSend().message());
        sent.reset();
        final byte[] read = new byte[3];
        assertEquals(3, sent.readBytes(read));
        assertArrayEquals(new byte[] {4, 5, 6}, read);
    }

    @Test
    void sendsASerializableAsAnObjectMessage() throws Exception
    {
        producer.send(queue, Long.valueOf(99));

        final ObjectMessage sent = assertInstanceOf(ObjectMessage.class, lastSend().message());
        assertEquals(99L, sent.getObject());
    }

    @Test
    void sendsMessagesWithoutBodyForNullBodies() throws Exception
    {
        producer.send(queue, (String)null);
        assertNull(assertInstanceOf(TextMessage.class, lastSend().message()).getText());

        producer.send(queue, (Map<String, Object>)null);
        assertFalse(assertInstanceOf(MapMessage.class, lastSend().message()).getMapNames().hasMoreElements());

        producer.send(queue, (byte[])null);
        assertEquals(0, assertInstanceOf(BytesMessage.class, lastSend().message()).getBodyLength());
    }

    @Test
    void deliversWhatItSendsToAConsumerOfTheDestination()
    {
        final JMSConsumer consumer = context.createConsumer(queue);

        producer.setProperty("region", "emea").send(queue, "hello");

        final Message received = consumer.receive(1_000);
        assertInstanceOf(TextMessage.class, received);
        assertEquals("emea", getStringProperty(received, "region"));
    }

    private static String getStringProperty(final Message message, final String name)
    {
        try
        {
            return message.getStringProperty(name);
        }
        catch (final Exception ex)
        {
            throw new AssertionError(ex);
        }
    }

    @Test
    void rejectsANullDestination()
    {
        assertThrows(InvalidDestinationRuntimeException.class, () -> producer.send(null, "x"));
        assertThrows(InvalidDestinationRuntimeException.class, () -> producer.send(null, context.createMessage()));
        assertTrue(connection.sent().isEmpty());
    }

    @Test
    void rejectsANullMessage()
    {
        assertThrows(MessageFormatRuntimeException.class, () -> producer.send(queue, (Message)null));
    }

    @Test
    void rejectsAMapEntryAMapMessageCannotHold()
    {
        final Map<String, Object> body = Map.of("when", new java.util.Date());

        assertThrows(MessageFormatRuntimeException.class, () -> producer.send(queue, body));
        assertTrue(connection.sent().isEmpty());
    }

    @Test
    void cannotSetItsPropertiesOnAReceivedMessageWhosePropertiesAreReadOnly()
    {
        final JMSConsumer consumer = context.createConsumer(queue);
        producer.send(queue, "first");
        final Message received = consumer.receive(1_000);

        producer.setProperty("hop", 2);

        assertThrows(MessageNotWriteableRuntimeException.class, () -> producer.send(queue, received));
    }

    @Test
    void acceptsOnlyPrimitiveWrappersAndStringsAsObjectProperties()
    {
        producer.setProperty("count", (Object)Integer.valueOf(3));

        assertThrows(MessageFormatRuntimeException.class, () -> producer.setProperty("when", new Object()));
        assertThrows(MessageFormatRuntimeException.class, () -> producer.setProperty("raw", (Object)new byte[1]));
        assertThrows(MessageFormatRuntimeException.class, () -> producer.setProperty("initial", (Object)'c'));
        assertEquals(Set.of("count"), producer.getPropertyNames());
    }

    @Test
    void rejectsPropertyNamesThatAreNotSelectorIdentifiers()
    {
        assertThrows(IllegalArgumentException.class, () -> producer.setProperty(null, 1));
        assertThrows(IllegalArgumentException.class, () -> producer.setProperty("", 1));
        assertThrows(IllegalArgumentException.class, () -> producer.setProperty("AND", 1));
        assertThrows(IllegalArgumentException.class, () -> producer.setProperty("not-an-identifier", 1));
    }

    @Test
    void readsPropertiesUnderTheConversionTable()
    {
        producer.setProperty("small", (byte)5).setProperty("number", "12").setProperty("ratio", 1.5f);

        assertEquals(5, producer.getIntProperty("small"));
        assertEquals(5L, producer.getLongProperty("small"));
        assertEquals("5", producer.getStringProperty("small"));
        assertEquals(12, producer.getIntProperty("number"));
        assertEquals(1.5, producer.getDoubleProperty("ratio"));
        assertEquals(Byte.valueOf((byte)5), producer.getObjectProperty("small"));
    }

    @Test
    void refusesConversionsTheTableForbids()
    {
        producer.setProperty("big", 70_000L).setProperty("flag", true).setProperty("ratio", 1.5);

        assertThrows(MessageFormatRuntimeException.class, () -> producer.getIntProperty("big"));
        assertThrows(MessageFormatRuntimeException.class, () -> producer.getLongProperty("flag"));
        assertThrows(MessageFormatRuntimeException.class, () -> producer.getFloatProperty("ratio"));
    }

    @Test
    void readsAbsentPropertiesAsValueOfNullWould()
    {
        assertFalse(producer.getBooleanProperty("absent"));
        assertNull(producer.getStringProperty("absent"));
        assertNull(producer.getObjectProperty("absent"));
        assertThrows(NumberFormatException.class, () -> producer.getIntProperty("absent"));
        assertThrows(NullPointerException.class, () -> producer.getDoubleProperty("absent"));
    }

    @Test
    void givesAnUnmodifiableLiveViewOfItsPropertyNames()
    {
        final Set<String> names = producer.getPropertyNames();
        producer.setProperty("a", 1).setProperty("b", 2);

        assertEquals(Set.of("a", "b"), names);
        assertTrue(producer.propertyExists("a"));
        assertThrows(UnsupportedOperationException.class, () -> names.remove("a"));
        assertThrows(UnsupportedOperationException.class, () -> names.add("c"));

        producer.clearProperties();

        assertTrue(names.isEmpty());
        assertFalse(producer.propertyExists("a"));
    }

    @Test
    void rejectsPrioritiesOutsideZeroToNineAndUnknownDeliveryModes()
    {
        assertEquals("priority 10 is not valid; use a value from 0 to 9 (default 4)",
            assertThrows(JMSRuntimeException.class, () -> producer.setPriority(10)).getMessage());
        assertThrows(JMSRuntimeException.class, () -> producer.setPriority(-1));
        assertEquals("delivery mode 0 is not valid; use DeliveryMode.PERSISTENT (2) or DeliveryMode.NON_PERSISTENT (1)",
            assertThrows(JMSRuntimeException.class, () -> producer.setDeliveryMode(0)).getMessage());
        assertEquals(Message.DEFAULT_PRIORITY, producer.getPriority());
        assertEquals(DeliveryMode.PERSISTENT, producer.getDeliveryMode());
    }

    @Test
    void producersOfOneContextShareOneAnonymousMessageProducer()
    {
        final JMSProducer second = context.createProducer();
        producer.send(queue, "one");
        second.send(context.createQueue("other"), "two");

        assertEquals(1, connection.sessions().get(0).producers());
        assertEquals(2, connection.sent().size());
    }

    @Test
    void aSendOptionOfOneProducerDoesNotLeakIntoAnotherSharingTheMessageProducer()
    {
        final JMSProducer second = context.createProducer();
        producer.setDeliveryDelay(500).setDisableMessageID(true).send(queue, "one");

        second.send(queue, "two");

        assertEquals(0, lastSend().deliveryDelay());
        assertFalse(lastSend().disableMessageId());
    }
}
