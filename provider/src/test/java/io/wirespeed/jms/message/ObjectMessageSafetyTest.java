package io.wirespeed.jms.message;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import javax.jms.JMSException;
import javax.jms.MessageFormatException;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A received ObjectMessage body is untrusted input: only allowed classes are deserialized, {@code isBodyAssignableTo}
 * never deserializes, and a refusal names the class and the setting that allows it.
 */
class ObjectMessageSafetyTest
{
    @BeforeEach
    void resetCounter()
    {
        SideEffectOnRead.READS.set(0);
    }

    @Test
    void aReceivedBodyOfAClassNotAllowedIsRefusedWithoutRunningItsReadObject() throws Exception
    {
        final JmsObjectMessage message = received(new SideEffectOnRead("boom"));

        final MessageFormatException refused = assertThrows(MessageFormatException.class, message::getObject);
        assertThrows(MessageFormatException.class, () -> message.getBody(Serializable.class));

        assertEquals(0, SideEffectOnRead.READS.get(), "readObject of a class nobody allowed ran");
        assertTrue(refused.getMessage().contains(SideEffectOnRead.class.getName()), refused.getMessage());
        assertTrue(refused.getMessage().contains("deserializationAllowList"), refused.getMessage());
        assertTrue(refused.getMessage().contains("wirespeed.deserialization.allowList"), refused.getMessage());
    }

    @Test
    void isBodyAssignableToNeverDeserializes() throws Exception
    {
        final JmsObjectMessage message = received(new SideEffectOnRead("boom"));

        assertFalse(message.isBodyAssignableTo(Serializable.class));
        assertFalse(message.isBodyAssignableTo(Object.class));
        assertFalse(message.isBodyAssignableTo(SideEffectOnRead.class));

        assertEquals(0, SideEffectOnRead.READS.get(), "isBodyAssignableTo ran readObject");
    }

    @Test
    void aClassHiddenInsideAnAllowedCollectionIsRefusedToo() throws Exception
    {
        final ArrayList<Object> list = new ArrayList<>();
        list.add("harmless");
        list.add(new SideEffectOnRead("inside"));
        final JmsObjectMessage message = received(list);

        final MessageFormatException refused = assertThrows(MessageFormatException.class, message::getObject);

        assertEquals(0, SideEffectOnRead.READS.get());
        assertTrue(refused.getMessage().contains(SideEffectOnRead.class.getName()), refused.getMessage());
    }

    @Test
    void basicJavaTypesAreAllowedByDefault() throws Exception
    {
        final HashMap<String, Object> map = new HashMap<>();
        map.put("price", new BigDecimal("1.0842"));
        map.put("day", LocalDate.of(2024, 5, 17));
        map.put("sizes", new ArrayList<>(List.of(1, 2L, 3.0)));
        map.put("unit", java.util.concurrent.TimeUnit.SECONDS);
        final JmsObjectMessage message = received(map);

        assertEquals(map, message.getObject());
        assertTrue(message.isBodyAssignableTo(Map.class));
        assertTrue(message.isBodyAssignableTo(Serializable.class));
        assertFalse(message.isBodyAssignableTo(String.class));
        assertEquals(map, message.getBody(HashMap.class));
    }

    @Test
    void arraysOfPrimitivesAndAllowedClassesAreAllowedByDefault() throws Exception
    {
        final JmsObjectMessage message = received(new Object[] {new boolean[] {true, false}, new String[] {"a"}});

        final Object[] read = (Object[])message.getObject();

        assertArrayEquals(new boolean[] {true, false}, (boolean[])read[0]);
        assertArrayEquals(new String[] {"a"}, (String[])read[1]);
        assertTrue(message.isBodyAssignableTo(Object[].class));
    }

    @Test
    void anArrayLengthLargerThanTheBodyIsRefusedBeforeAnythingIsAllocated() throws Exception
    {
        final byte[] serialized = serialized(new int[4]);
        // The array's length is the last int before its 16 bytes of elements: claim Integer.MAX_VALUE.
        final int lengthOffset = serialized.length - 16 - 4;
        serialized[lengthOffset] = 0x7F;
        serialized[lengthOffset + 1] = (byte)0xFF;
        serialized[lengthOffset + 2] = (byte)0xFF;
        serialized[lengthOffset + 3] = (byte)0xFF;
        final JmsObjectMessage message = new JmsObjectMessage();
        message.setSerializedObjectUnchecked(serialized);

        final MessageFormatException refused = assertThrows(MessageFormatException.class, message::getObject);

        assertTrue(refused.getMessage().contains("array"), refused.getMessage());
    }

    @Test
    void aGraphDeeperThanTheLimitIsRefused() throws Exception
    {
        Object nested = "bottom";
        for (int i = 0; i < 500; i++)
        {
            final ArrayList<Object> outer = new ArrayList<>();
            outer.add(nested);
            nested = outer;
        }
        final JmsObjectMessage message = received((Serializable)nested);

        final MessageFormatException refused = assertThrows(MessageFormatException.class, message::getObject);

        assertTrue(refused.getMessage().contains("depth"), refused.getMessage());
    }

    @Test
    void anObjectTheApplicationSetItselfReadsBackWhateverItsClass() throws JMSException
    {
        final JmsObjectMessage message = new JmsObjectMessage();
        message.setObject(new SideEffectOnRead("mine"));

        assertEquals("mine", ((SideEffectOnRead)message.getObject()).payload());
        assertTrue(message.isBodyAssignableTo(SideEffectOnRead.class));
    }

    static JmsObjectMessage received(final Serializable object) throws IOException
    {
        final JmsObjectMessage message = new JmsObjectMessage();
        message.setSerializedObjectUnchecked(serialized(object));
        message.onDispatch();
        return message;
    }

    static byte[] serialized(final Object object) throws IOException
    {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes))
        {
            out.writeObject(object);
        }
        return bytes.toByteArray();
    }
}
