package io.wirespeed.jms.message;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import javax.jms.DeliveryMode;
import javax.jms.Destination;
import javax.jms.JMSException;
import javax.jms.Message;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MessageHeadersTest
{
    private static final Destination QUEUE = new Destination()
    {
    };
    private static final Destination REPLY_QUEUE = new Destination()
    {
    };

    @Test
    void newMessageHasTheSpecificationDefaults() throws JMSException
    {
        final Message message = new JmsMessage();

        assertNull(message.getJMSMessageID());
        assertEquals(DeliveryMode.PERSISTENT, message.getJMSDeliveryMode());
        assertEquals(Message.DEFAULT_PRIORITY, message.getJMSPriority());
        assertEquals(0, message.getJMSExpiration());
        assertEquals(0, message.getJMSDeliveryTime());
        assertFalse(message.getJMSRedelivered());
    }

    @Test
    void everyHeaderReadsBackWhatWasSet() throws JMSException
    {
        final Message message = new JmsMessage();
        message.setJMSMessageID("ID:foreign-1");
        message.setJMSTimestamp(11);
        message.setJMSCorrelationID("corr");
        message.setJMSReplyTo(REPLY_QUEUE);
        message.setJMSDestination(QUEUE);
        message.setJMSDeliveryMode(DeliveryMode.NON_PERSISTENT);
        message.setJMSRedelivered(true);
        message.setJMSType("quote");
        message.setJMSExpiration(22);
        message.setJMSDeliveryTime(33);
        message.setJMSPriority(7);

        assertEquals("ID:foreign-1", message.getJMSMessageID());
        assertEquals(11, message.getJMSTimestamp());
        assertEquals("corr", message.getJMSCorrelationID());
        assertSame(REPLY_QUEUE, message.getJMSReplyTo());
        assertSame(QUEUE, message.getJMSDestination());
        assertEquals(DeliveryMode.NON_PERSISTENT, message.getJMSDeliveryMode());
        assertTrue(message.getJMSRedelivered());
        assertEquals("quote", message.getJMSType());
        assertEquals(22, message.getJMSExpiration());
        assertEquals(33, message.getJMSDeliveryTime());
        assertEquals(7, message.getJMSPriority());
    }

    @Test
    void messageIdIsBuiltLazilyFromPrefixAndSequenceAndCachedUntilRestamped()
    {
        final JmsMessage message = new JmsMessage();
        message.setMessageId("ID:abc:1:", 41);

        final String first = message.getJMSMessageID();
        assertEquals("ID:abc:1:41", first);
        assertSame(first, message.getJMSMessageID());
        assertEquals("ID:abc:1:", message.messageIdPrefix());
        assertEquals(41, message.messageIdSequence());

        message.setMessageId("ID:abc:1:", 42);
        assertEquals("ID:abc:1:42", message.getJMSMessageID());
    }

    @Test
    void explicitMessageIdReplacesAStampedOneAndClearMessageIdRemovesIt()
    {
        final JmsMessage message = new JmsMessage();
        message.setMessageId("ID:p:", 1);

        message.setJMSMessageID("ID:other");
        assertEquals("ID:other", message.getJMSMessageID());
        assertNull(message.messageIdPrefix());

        message.setMessageId("ID:p:", 2);
        message.clearMessageId();
        assertNull(message.getJMSMessageID());
    }

    @Test
    void correlationIdAsBytesIsCopiedAndReadableAsString() throws JMSException
    {
        final JmsMessage message = new JmsMessage();
        final byte[] id = "c-1".getBytes(StandardCharsets.UTF_8);
        message.setJMSCorrelationIDAsBytes(id);
        id[0] = 'x';

        assertArrayEquals("c-1".getBytes(StandardCharsets.UTF_8), message.getJMSCorrelationIDAsBytes());
        assertEquals("c-1", message.getJMSCorrelationID());
        assertArrayEquals("c-1".getBytes(StandardCharsets.UTF_8), message.rawCorrelationIdBytes());

        message.setJMSCorrelationID("s");
        assertNull(message.rawCorrelationIdBytes());
        assertArrayEquals(new byte[]{'s'}, message.getJMSCorrelationIDAsBytes());
    }

    @Test
    void acknowledgeDelegatesToTheSessionCallback() throws JMSException
    {
        final JmsMessage message = new JmsTextMessage();
        final List<JmsMessage> acknowledged = new ArrayList<>();
        message.setAcknowledgeCallback(acknowledged::add);

        message.acknowledge();

        assertEquals(List.of(message), acknowledged);
    }

    @Test
    void acknowledgeOfAMessageWithoutCallbackDoesNothing() throws JMSException
    {
        final JmsMessage message = new JmsMessage();

        message.acknowledge();

        assertNull(message.acknowledgeCallback());
    }

    @Test
    void messageTypeTellsTheBodyKind()
    {
        assertEquals(JmsMessageType.MESSAGE, new JmsMessage().messageType());
        for (final JmsMessageType type : JmsMessageType.values())
        {
            assertEquals(type, JmsMessageFactory.create(type).messageType());
        }
    }
}
