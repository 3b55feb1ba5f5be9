package io.wirespeed.jms;

import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.Message;

/**
 * The one check of the delivery mode and priority an application sends with, shared by the classic
 * {@code MessageProducer} and the simplified {@code JMSProducer} so that both refuse the same values with the same
 * message.
 */
final class SendArguments
{
    private SendArguments()
    {
    }

    /**
     * @param deliveryMode the delivery mode to check.
     * @throws JMSException if it is neither {@link DeliveryMode#PERSISTENT} nor {@link DeliveryMode#NON_PERSISTENT}.
     */
    static void checkDeliveryMode(final int deliveryMode) throws JMSException
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
    static void checkPriority(final int priority) throws JMSException
    {
        if (priority < 0 || priority > 9)
        {
            throw new JMSException("priority " + priority + " is not valid; use a value from 0 to 9 (default " +
                Message.DEFAULT_PRIORITY + ")");
        }
    }
}
