package io.wirespeed.jms;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import javax.jms.Destination;
import javax.jms.JMSException;

import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.destination.TopicPattern;
import io.wirespeed.jms.send.SendRoutes;

/**
 * The producers of one session: their numbers within it, their creation (null is an anonymous producer) and
 * their closing with the session.
 */
final class SessionProducers
{
    private final JmsSession session;
    private final AtomicInteger producerIds = new AtomicInteger();
    private final List<JmsMessageProducer> producers = new CopyOnWriteArrayList<>();

    SessionProducers(final JmsSession session)
    {
        this.session = session;
    }

    /**
     * Creates a producer, as {@code Session.createProducer}.
     *
     * @param destination the destination, or null for an anonymous producer.
     * @return the producer.
     * @throws JMSException if the destination is of an unknown kind.
     */
    JmsMessageProducer create(final Destination destination) throws JMSException
    {
        final JmsDestination given = JmsDestination.ofGiven(destination, true);
        if (null != given && given.isTopic() && TopicPattern.isWildcard(given.name()))
        {
            throw SendRoutes.wildcardSend(given);
        }
        final JmsMessageProducer producer = new JmsMessageProducer(session, given);
        producers.add(producer);
        return producer;
    }

    /** @return the next producer number of the session. */
    int nextId()
    {
        return producerIds.incrementAndGet();
    }

    /**
     * Forgets a closed producer.
     *
     * @param producer the producer.
     */
    void remove(final JmsMessageProducer producer)
    {
        producers.remove(producer);
    }

    /**
     * Closes every producer.
     *
     * @throws JMSException if a producer refuses to close.
     */
    void closeAll() throws JMSException
    {
        for (final JmsMessageProducer producer : new ArrayList<>(producers))
        {
            producer.close();
        }
    }
}
