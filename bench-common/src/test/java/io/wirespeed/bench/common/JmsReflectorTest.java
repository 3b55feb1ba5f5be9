package io.wirespeed.bench.common;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;

import org.junit.jupiter.api.Test;

import io.wirespeed.jms.JmsConnectionFactory;

/** The JMS echo side, reflecting over Wirespeed IPC with its embedded media driver. */
class JmsReflectorTest
{
    private static final long HANDSHAKE = -1;

    @Test
    void sendsEachBodyBackUnchangedWithNothingLeftOfTheOneBefore() throws Exception
    {
        try (Connection connection = new JmsConnectionFactory("wirespeed:ipc?idle=yielding").createConnection())
        {
            final Session reflectSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Session pingSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final MessageProducer pongProducer =
                reflectSession.createProducer(reflectSession.createTopic("reflector.test.pong"));
            pongProducer.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
            reflectSession.createConsumer(reflectSession.createTopic("reflector.test.ping"))
                .setMessageListener(new JmsReflector(pongProducer, reflectSession.createBytesMessage(), 64));
            final MessageConsumer pongs = pingSession.createConsumer(pingSession.createTopic("reflector.test.pong"));
            final MessageProducer pingProducer =
                pingSession.createProducer(pingSession.createTopic("reflector.test.ping"));
            pingProducer.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
            final BytesMessage ping = pingSession.createBytesMessage();
            connection.start();

            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (null == pongs.receive(100))
            {
                // A topic publication drops what is sent before its subscribers connect: ping until one comes back.
                if (System.nanoTime() > deadline)
                {
                    fail("no pong within 20 s");
                }
                send(pingProducer, ping, body(HANDSHAKE, 45));
            }

            final byte[] first = body(1, 45);
            send(pingProducer, ping, first);
            assertArrayEquals(first, pongBody(pongs, 1));
            final byte[] second = body(2, 8);
            send(pingProducer, ping, second);
            assertArrayEquals(second, pongBody(pongs, 2));
        }
    }

    private static byte[] body(final long sequence, final int size)
    {
        final byte[] body = new byte[size];
        for (int i = 0; i < size; i++)
        {
            body[i] = (byte)(sequence * 31 + i);
        }
        body[0] = (byte)sequence;
        return body;
    }

    private static void send(final MessageProducer producer, final BytesMessage ping, final byte[] body)
        throws JMSException
    {
        ping.clearBody();
        ping.writeBytes(body);
        producer.send(ping);
    }

    private static byte[] pongBody(final MessageConsumer pongs, final long sequence) throws JMSException
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline)
        {
            final BytesMessage pong = (BytesMessage)pongs.receive(100);
            if (null != pong && (byte)sequence == pong.readByte())
            {
                pong.reset();
                final byte[] body = new byte[(int)pong.getBodyLength()];
                assertEquals(body.length, pong.readBytes(body));
                return body;
            }
        }
        fail("pong " + sequence + " did not come back within 10 s");
        return Arrays.copyOf(new byte[0], 0);
    }
}
