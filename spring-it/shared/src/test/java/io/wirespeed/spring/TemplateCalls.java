package io.wirespeed.spring;

import java.util.ArrayList;
import java.util.List;

import org.springframework.jms.core.JmsOperations;

/**
 * The everyday way to use a {@code JmsTemplate}: one call per message. Each call takes its connection, session and
 * producer or consumer from the template's connection factory, and gives them back.
 */
public final class TemplateCalls
{
    private TemplateCalls()
    {
    }

    /**
     * Sends each body with a {@code convertAndSend} call of its own, in order.
     *
     * @param template    the template.
     * @param destination the destination's name.
     * @param bodies      the text bodies.
     */
    public static void convertAndSendEach(
        final JmsOperations template, final String destination, final List<String> bodies)
    {
        for (final String body : bodies)
        {
            template.convertAndSend(destination, body);
        }
    }

    /**
     * Receives up to {@code count} bodies with a {@code receiveAndConvert} call each, stopping at the first call
     * that receives nothing within the template's receive timeout.
     *
     * @param template    the template.
     * @param destination the destination's name.
     * @param count       how many calls at most.
     * @return the bodies received, in order.
     */
    public static List<Object> receiveAndConvertEach(
        final JmsOperations template, final String destination, final int count)
    {
        final List<Object> received = new ArrayList<>();
        for (int i = 0; i < count; i++)
        {
            final Object body = template.receiveAndConvert(destination);
            if (body == null)
            {
                break;
            }
            received.add(body);
        }
        return received;
    }
}
