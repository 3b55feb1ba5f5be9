package io.wirespeed.bench.scenario;

import javax.jms.BytesMessage;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageListener;

import io.wirespeed.bench.peer.JmsMessages;

/** A listener that counts what one consumer receives and notes sequence numbers out of turn. */
final class DeliveryCounter implements MessageListener
{
    private volatile long received;
    private long expected;
    private long outOfOrder;

    @Override
    public void onMessage(final Message message)
    {
        try
        {
            final BytesMessage in = (BytesMessage)message;
            in.readLong();
            final long sequence = in.readLong();
            if (sequence != expected)
            {
                outOfOrder++;
            }
            expected = sequence + 1;
            received = received + 1;
        }
        catch (final JMSException ex)
        {
            throw JmsMessages.fail(ex);
        }
    }

    long received()
    {
        return received;
    }

    long outOfOrder()
    {
        return outOfOrder;
    }
}
