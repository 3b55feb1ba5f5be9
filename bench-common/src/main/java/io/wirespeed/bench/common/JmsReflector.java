package io.wirespeed.bench.common;

import javax.jms.BytesMessage;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageListener;
import javax.jms.MessageProducer;

/**
 * The echo side of a JMS ping-pong, for any provider: a listener that copies each BytesMessage's body, unchanged,
 * into one reused BytesMessage and sends it with the pong producer. Runs on the delivery thread of the reflector's
 * connection, which owns the reflector's session; allocates nothing per message.
 */
public final class JmsReflector implements MessageListener
{
    private final MessageProducer producer;
    private final BytesMessage pong;
    private final byte[] body;

    /**
     * A reflector sending with a producer.
     *
     * @param producer    the pong producer, configured (delivery mode and the like) by the caller.
     * @param pong        the reused pong message, of the producer's session.
     * @param maxBodySize the largest body to reflect; longer bodies are cut to it.
     */
    public JmsReflector(final MessageProducer producer, final BytesMessage pong, final int maxBodySize)
    {
        this.producer = producer;
        this.pong = pong;
        this.body = new byte[maxBodySize];
    }

    /**
     * Sends the ping's body back.
     *
     * @param message the ping, a BytesMessage.
     * @throws IllegalStateException wrapping the provider's JMSException if reading or sending fails.
     */
    @Override
    public void onMessage(final Message message)
    {
        try
        {
            final int length = ((BytesMessage)message).readBytes(body);
            pong.clearBody();
            pong.writeBytes(body, 0, Math.max(0, length));
            producer.send(pong);
        }
        catch (final JMSException ex)
        {
            throw new IllegalStateException(ex);
        }
    }
}
