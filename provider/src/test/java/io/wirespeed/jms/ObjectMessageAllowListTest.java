package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Serializable;
import java.util.HashMap;

import javax.jms.Connection;
import javax.jms.JMSConsumer;
import javax.jms.JMSContext;
import javax.jms.MessageConsumer;
import javax.jms.MessageFormatException;
import javax.jms.MessageFormatRuntimeException;
import javax.jms.ObjectMessage;
import javax.jms.Session;
import javax.jms.Topic;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.wirespeed.jms.config.ConnectionUri;
import io.wirespeed.jms.message.SideEffectOnRead;

/**
 * ObjectMessages received over a real transport deserialize only what the connection's allow-list lets through:
 * the JMSContext path refuses with the runtime exception, the URI option allows a class, the deny-list wins.
 */
class ObjectMessageAllowListTest extends JmsTestSupport
{
    private static final long RECEIVE_TIMEOUT_MS = 10_000;

    @BeforeEach
    void resetCounter()
    {
        SideEffectOnRead.READS.set(0);
    }

    @Test
    void receiveBodyOfAClassNobodyAllowedThrowsMessageFormatRuntimeExceptionNamingTheSetting()
    {
        try (JMSContext context = new JmsConnectionFactory("wirespeed:ipc").createContext())
        {
            final Topic topic = context.createTopic(uniqueTopic());
            final JMSConsumer consumer = context.createConsumer(topic);
            context.createProducer().send(topic, new SideEffectOnRead("gadget"));

            final MessageFormatRuntimeException refused = assertThrows(MessageFormatRuntimeException.class,
                () -> consumer.receiveBody(Serializable.class, RECEIVE_TIMEOUT_MS));

            assertEquals(0, SideEffectOnRead.READS.get(), "readObject of a class nobody allowed ran");
            assertTrue(refused.getMessage().contains(SideEffectOnRead.class.getName()), refused.getMessage());
            assertTrue(refused.getMessage().contains("deserializationAllowList"), refused.getMessage());
        }
    }

    @Test
    void aClassTheUriAllowsIsDeserialized() throws Exception
    {
        final Connection connection = connection(
            "wirespeed:ipc?deserializationAllowList=" + SideEffectOnRead.class.getName());
        connection.start();
        final Session session = connection.createSession();
        final Topic topic = session.createTopic(uniqueTopic());
        final MessageConsumer consumer = session.createConsumer(topic);
        session.createProducer(topic).send(session.createObjectMessage(new SideEffectOnRead("trusted")));

        final ObjectMessage received = (ObjectMessage)consumer.receive(RECEIVE_TIMEOUT_MS);

        assertEquals("trusted", ((SideEffectOnRead)received.getObject()).payload());
        assertEquals(1, SideEffectOnRead.READS.get());
    }

    @Test
    void theDenyListRefusesEvenTheClassesAllowedByDefault() throws Exception
    {
        final Connection connection = connection("wirespeed:ipc?deserializationDenyList=java.util.HashMap");
        connection.start();
        final Session session = connection.createSession();
        final Topic topic = session.createTopic(uniqueTopic());
        final MessageConsumer consumer = session.createConsumer(topic);
        session.createProducer(topic).send(session.createObjectMessage(new HashMap<>()));

        final ObjectMessage received = (ObjectMessage)consumer.receive(RECEIVE_TIMEOUT_MS);

        final MessageFormatException refused = assertThrows(MessageFormatException.class, received::getObject);
        assertTrue(refused.getMessage().contains("deserializationDenyList"), refused.getMessage());
        assertFalse(received.isBodyAssignableTo(Serializable.class));
    }

    @Test
    void aListThatNamesNoClassIsRefusedWhenTheUriIsParsed()
    {
        final IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
            () -> ConnectionUri.parse("wirespeed:ipc?deserializationAllowList=com.example.,java.net.URI"));

        assertTrue(refused.getMessage().contains("deserializationAllowList"), refused.getMessage());
    }
}
