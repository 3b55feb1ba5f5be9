package io.wirespeed.it.cluster;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.Session;

import io.wirespeed.jms.JmsConnectionFactory;

/**
 * PERSISTENT queue load for the cluster tests and what they check of it: producers number their messages per producer
 * ({@code producer}, {@code seq} properties) and count the sends that returned; consumers' listeners count each
 * message's arrivals and note a problem when one comes again unmarked ({@code JMSRedelivered} false) or comes first
 * time out of its producer's order. The first exception any of them, or a connection's listener, meets is kept.
 */
final class QueueLoad
{
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final Map<String, Integer> timesReceived = new ConcurrentHashMap<>();
    private final Map<String, Integer> lastFirstTime = new ConcurrentHashMap<>();
    private final List<String> problems = new CopyOnWriteArrayList<>();
    private volatile boolean stopped;

    /**
     * A connection whose exception listener keeps the first exception it reports.
     *
     * @param uri the connection URI.
     * @return the connection, not started.
     * @throws JMSException if it cannot be made.
     */
    Connection connect(final String uri) throws JMSException
    {
        final Connection connection = new JmsConnectionFactory(uri).createConnection();
        connection.setExceptionListener((ex) -> failure.compareAndSet(null, ex));
        return connection;
    }

    /** @return the first exception that reached the application, or null. */
    Throwable failure()
    {
        return failure.get();
    }

    /** @return what was wrong with the deliveries: a message twice unmarked, one out of order. */
    List<String> problems()
    {
        return problems;
    }

    /** @return how many distinct messages were consumed. */
    int consumed()
    {
        return timesReceived.size();
    }

    /** @return how many messages came more than once (each time after the first marked, or a problem says so). */
    long cameAgain()
    {
        return timesReceived.values().stream().filter((times) -> times > 1).count();
    }

    /** Tells every producer to stop after the send under way. */
    void stop()
    {
        stopped = true;
    }

    /**
     * Consumes a queue with a listener that counts and checks each message.
     *
     * @param consumer        the queue's consumer.
     * @param acknowledgeEach whether to acknowledge each message (a CLIENT_ACKNOWLEDGE session's consumer).
     * @throws JMSException if the listener cannot be set.
     */
    void listen(final MessageConsumer consumer, final boolean acknowledgeEach) throws JMSException
    {
        consumer.setMessageListener((message) ->
        {
            try
            {
                final String producer = message.getStringProperty("producer");
                final int seq = message.getIntProperty("seq");
                final int times = timesReceived.merge(producer + seq, 1, Integer::sum);
                if (times > 1 && !message.getJMSRedelivered())
                {
                    problems.add(producer + " " + seq + " came " + times + " times, unmarked");
                }
                if (!message.getJMSRedelivered())
                {
                    // in order per consumer: two consumers' listeners run apart
                    final Integer last = lastFirstTime.put(acknowledgeEach + producer, seq);
                    if (null != last && seq < last)
                    {
                        problems.add(producer + " " + seq + " came first time after " + last);
                    }
                }
                if (acknowledgeEach)
                {
                    message.acknowledge();
                }
            }
            catch (final JMSException ex)
            {
                failure.compareAndSet(null, ex);
            }
        });
    }

    /**
     * A thread that sends PERSISTENT messages numbered from 1, synchronously or, in a transacted session, committing
     * every {@code batch}, until it sent {@code count} or {@link #stop()} was called.
     *
     * @param name      the producer's name (its messages' {@code producer} property).
     * @param session   the session to send in.
     * @param queue     the queue.
     * @param count     how many to send at most.
     * @param batch     messages per commit in a transacted session.
     * @param confirmed set to the number of the last message whose send (or commit) returned.
     * @return the thread, not started.
     * @throws JMSException if the producer cannot be made.
     */
    Thread producer(
        final String name,
        final Session session,
        final Queue queue,
        final int count,
        final int batch,
        final AtomicInteger confirmed) throws JMSException
    {
        final MessageProducer producer = session.createProducer(queue);
        producer.setDeliveryMode(DeliveryMode.PERSISTENT);
        return new Thread(() ->
        {
            try
            {
                for (int seq = 1; seq <= count && !stopped; seq++)
                {
                    final Message message = session.createTextMessage(name + " " + seq);
                    message.setStringProperty("producer", name);
                    message.setIntProperty("seq", seq);
                    producer.send(message);
                    if (!session.getTransacted())
                    {
                        confirmed.set(seq);
                    }
                    else if (seq % batch == 0)
                    {
                        session.commit();
                        confirmed.set(seq);
                    }
                }
            }
            catch (final Throwable ex)
            {
                failure.compareAndSet(null, ex);
            }
        }, name + " producer");
    }
}
