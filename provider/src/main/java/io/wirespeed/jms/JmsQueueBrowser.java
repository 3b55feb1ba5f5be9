package io.wirespeed.jms;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

import javax.jms.IllegalStateException;
import javax.jms.JMSException;
import javax.jms.Queue;
import javax.jms.QueueBrowser;

import org.agrona.concurrent.UnsafeBuffer;

import io.wirespeed.jms.consumer.JmsSelectors;
import io.wirespeed.jms.exceptions.JmsExceptions;
import io.wirespeed.jms.message.JmsMessage;
import io.wirespeed.jms.wire.MessageDecoder;

/**
 * Shows a queue's waiting messages without consuming them: each enumeration is a snapshot the
 * queue host takes at that moment, in delivery order, filtered by the browser's selector.
 */
public class JmsQueueBrowser implements QueueBrowser
{
    private final JmsSession session;
    private final Queue queue;
    private final String selector;
    private boolean closed;

    JmsQueueBrowser(final JmsSession session, final Queue queue, final String selector) throws JMSException
    {
        this.session = session;
        this.queue = queue;
        this.selector = selector == null || selector.isBlank() ? null : selector;
        if (this.selector != null)
        {
            JmsSelectors.compile(this.selector);
        }
    }

    @Override
    public Queue getQueue() throws JMSException
    {
        checkOpen();
        return queue;
    }

    @Override
    public String getMessageSelector() throws JMSException
    {
        checkOpen();
        return selector;
    }

    @Override
    public Enumeration<?> getEnumeration() throws JMSException
    {
        checkOpen();
        final List<byte[]> envelopes = session.connection().queueClient()
            .browse(queue.getQueueName(), selector == null ? "" : selector);
        final MessageDecoder decoder = new MessageDecoder(session.connection().config().deserializationPolicy());
        final UnsafeBuffer view = new UnsafeBuffer(new byte[0]);
        final List<JmsMessage> messages = new ArrayList<>(envelopes.size());
        for (final byte[] envelope : envelopes)
        {
            view.wrap(envelope);
            if (decoder.wrap(view, 0, envelope.length))
            {
                final JmsMessage message = decoder.decode();
                message.onDispatch();
                messages.add(message);
            }
        }
        return Collections.enumeration(messages);
    }

    private void checkOpen() throws IllegalStateException
    {
        if (closed)
        {
            throw JmsExceptions.closed("browser");
        }
        session.checkOpen();
    }

    @Override
    public void close()
    {
        closed = true;
    }
}
