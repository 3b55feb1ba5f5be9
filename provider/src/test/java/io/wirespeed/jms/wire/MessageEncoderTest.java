package io.wirespeed.jms.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.agrona.ExpandableArrayBuffer;
import org.junit.jupiter.api.Test;

import io.wirespeed.codec.EnvelopeReader;
import io.wirespeed.jms.destination.JmsQueue;
import io.wirespeed.jms.destination.JmsTopic;
import io.wirespeed.jms.message.JmsBytesMessage;
import io.wirespeed.jms.message.JmsMapMessage;
import io.wirespeed.jms.message.JmsMessage;
import io.wirespeed.jms.message.JmsObjectMessage;
import io.wirespeed.jms.message.JmsStreamMessage;
import io.wirespeed.jms.message.JmsTextMessage;

class MessageEncoderTest
{
    private final MessageEncoder encoder = new MessageEncoder();
    private final ExpandableArrayBuffer buffer = new ExpandableArrayBuffer(64);
    private final EnvelopeReader reader = new EnvelopeReader();

    @Test
    void theLengthMeasuredBeforeEncodingIsTheLengthEncodedForEveryKindOfMessage() throws Exception
    {
        for (final JmsMessage message : messages())
        {
            final int measured = encoder.encodedLength(message);
            final int encoded = encoder.encode(message, ConnectionId.next(), 1, 2, buffer, 0);
            assertEquals(encoded, measured, message.getClass().getSimpleName() + " " + message.getJMSType());
            reader.wrap(buffer, 0, encoded);
        }
    }

    @Test
    void aMessageWithItsRareHeadersAtTheirDefaultsTravelsCompactAndOneWithAReplyToInFull() throws Exception
    {
        final JmsTextMessage plain = stamped(new JmsTextMessage());
        plain.setText("hello");
        reader.wrap(buffer, 0, encoder.encode(plain, ConnectionId.next(), 1, 2, buffer, 0));
        assertEquals(true, reader.isCompact());
        assertEquals(plain.getJMSTimestamp(), reader.deliveryTime());

        plain.setJMSReplyTo(new JmsQueue("replies"));
        reader.wrap(buffer, 0, encoder.encode(plain, ConnectionId.next(), 1, 2, buffer, 0));
        assertEquals(false, reader.isCompact());
        assertEquals("replies", reader.replyToName().asString());
    }

    @Test
    void aMessageSentWithoutATimestampOrDelayTravelsCompactWithItsSendTimeAsItsDeliveryTime() throws Exception
    {
        final JmsTextMessage untimed = stamped(new JmsTextMessage());
        final long sent = untimed.getJMSTimestamp();
        untimed.stampSendTime(sent);
        untimed.setJMSTimestamp(0);
        untimed.setText("no timestamp");
        final int measured = encoder.encodedLength(untimed);
        final int encoded = encoder.encode(untimed, ConnectionId.next(), 1, 2, buffer, 0);

        reader.wrap(buffer, 0, encoded);
        assertEquals(measured, encoded);
        assertEquals(true, reader.isCompact(), "disabled timestamps do not make a message travel in full");
        assertEquals(0, reader.timestamp(), "JMSTimestamp");
        assertEquals(sent, reader.deliveryTime(), "JMSDeliveryTime, the send time");

        untimed.setJMSDeliveryTime(sent + 1_000);
        reader.wrap(buffer, 0, encoder.encode(untimed, ConnectionId.next(), 1, 2, buffer, 0));
        assertEquals(false, reader.isCompact(), "a delay travels in full");
        assertEquals(0, reader.timestamp());
        assertEquals(sent + 1_000, reader.deliveryTime());
    }

    private static List<JmsMessage> messages() throws Exception
    {
        final JmsBytesMessage bytes = stamped(new JmsBytesMessage());
        bytes.writeBytes(new byte[45]);
        bytes.setStringProperty("symbol", "EUR\u20acUSD");
        bytes.setIntProperty("venue", 7);
        bytes.setDeliveryCount(1);

        final JmsTextMessage text = stamped(new JmsTextMessage());
        text.setText("prix \u20ac \uD83D\uDE80");
        text.setJMSType("quote");
        text.setJMSCorrelationID("req-1");
        text.setJMSReplyTo(new JmsTopic("replies"));
        text.setJMSExpiration(text.getJMSTimestamp() + 1_000);

        final JmsMapMessage map = stamped(new JmsMapMessage());
        map.setString("s", "value");
        map.setBytes("b", new byte[]{ 1, 2, 3 });
        map.setDouble("d", 1.5);
        map.setObject("n", null);

        final JmsStreamMessage stream = stamped(new JmsStreamMessage());
        stream.writeString("first");
        stream.writeBytes(new byte[7]);
        stream.writeLong(42);

        final JmsObjectMessage object = stamped(new JmsObjectMessage());
        object.setObject("serialized");
        object.setJMSCorrelationIDAsBytes(new byte[]{ 9, 8 });

        final JmsTextMessage nullText = stamped(new JmsTextMessage());
        nullText.setJMSDeliveryTime(nullText.getJMSTimestamp() + 5_000);
        final JmsMessage empty = stamped(new JmsMessage());
        empty.setDeliveryCount(3);
        return List.of(bytes, text, map, stream, object, nullText, empty);
    }

    private static <T extends JmsMessage> T stamped(final T message) throws Exception
    {
        message.setJMSDestination(new JmsTopic("prices.eur"));
        message.setJMSTimestamp(1_700_000_000_000L);
        message.setJMSDeliveryTime(1_700_000_000_000L);
        message.setMessageId("ID:x", 1);
        return message;
    }
}
