package io.wirespeed.jms.send;

import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.Message;

/**
 * The one check of the delivery mode, priority, time to live and delivery delay an application sends with, shared
 * by the classic
 * {@code MessageProducer} and the simplified {@code JMSProducer} so that both refuse the same values with the same
 * message. A negative time to live or delivery delay is refused (as ActiveMQ Classic does; Qpid JMS and Artemis take
 * them, the first meaning a message expired on arrival, the second no delay): neither is a duration.
 */
public final class SendArguments
{
    private SendArguments()
    {
    }

    /**
     * @param deliveryMode the delivery mode to check.
     * @throws JMSException if it is neither {@link DeliveryMode#PERSISTENT} nor {@link DeliveryMode#NON_PERSISTENT}.
     */
    public static void checkDeliveryMode(final int deliveryMode) throws JMSException
    {
        if (DeliveryMode.PERSISTENT != deliveryMode && DeliveryMode.NON_PERSISTENT != deliveryMode)
        {
            throw new JMSException("delivery mode " + deliveryMode +
                " is not valid; use DeliveryMode.PERSISTENT (2) or DeliveryMode.NON_PERSISTENT (1)");
        }
    }

    /**
     * @param priority the priority to check.
     * @throws JMSException if it is outside 0 to 9.
     */
    public static void checkPriority(final int priority) throws JMSException
    {
        if (priority < 0 || priority > 9)
        {
            throw new JMSException("priority " + priority + " is not valid; use a value from 0 to 9 (default " +
                Message.DEFAULT_PRIORITY + ")");
        }
    }

    /**
     * @param timeToLive the time to live to check, in milliseconds.
     * @throws JMSException if it is negative.
     */
    public static void checkTimeToLive(final long timeToLive) throws JMSException
    {
        if (timeToLive < 0)
        {
            throw new JMSException("time to live " + timeToLive + " ms is not valid; use 0 (never expires, the " +
                "default) or a positive number of milliseconds");
        }
    }

    /**
     * @param deliveryDelay the delivery delay to check, in milliseconds.
     * @throws JMSException if it is negative.
     */
    public static void checkDeliveryDelay(final long deliveryDelay) throws JMSException
    {
        if (deliveryDelay < 0)
        {
            throw new JMSException("delivery delay " + deliveryDelay + " ms is not valid; use 0 (delivered at once, " +
                "the default) or a positive number of milliseconds");
        }
    }
}
