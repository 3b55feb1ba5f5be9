package io.wirespeed.it.cluster;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntSupplier;

import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.Session;

import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.jms.hostclient.QueueClient;
import io.wirespeed.test.Await;
import io.wirespeed.test.ChildJvms;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * PERSISTENT queue load for the cluster tests and what they check of it: producers number their messages per producer
 * ({@code producer}, {@code seq} properties) and count the sends that returned; consumers' listeners count each
 * message's arrivals and note a problem when one comes again unmarked ({@code JMSRedelivered} false) or comes first
 * time out of its producer's order, or comes again after its acknowledgement was known to be in the cluster's log
 * ({@link #settleAcknowledgements}). The first exception any of them, or a connection's listener, meets is kept.
 */
final class QueueLoad
{
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final AtomicInteger givenUp = new AtomicInteger();
    private final Map<String, Integer> timesReceived = new ConcurrentHashMap<>();
    private final Map<String, Integer> lastFirstTime = new ConcurrentHashMap<>();
    private final List<String> problems = new CopyOnWriteArrayList<>();
    /**
     * The CLIENT_ACKNOWLEDGE consumer acknowledges every so many messages, all it received so far: on a cluster
     * {@code acknowledge()} waits until the acknowledgements are committed, a round trip that also holds the
     * connection's other listener, whose delivery thread it shares.
     */
    private static final int ACKNOWLEDGE_EVERY = 10;
    private final Set<String> acknowledged = ConcurrentHashMap.newKeySet();
    private final List<String> unacknowledged = new ArrayList<>();
    private volatile Set<String> settled = Set.of();
    private final Map<String, AtomicInteger> confirmedBy = new ConcurrentHashMap<>();
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

    /**
     * Starts issue 24's load on a queue: an AUTO_ACKNOWLEDGE and a CLIENT_ACKNOWLEDGE consumer (acknowledging every
     * {@value #ACKNOWLEDGE_EVERY})
     * of the consuming connection, which it starts, and two producers of the producing connection sending until
     * {@link #stop()}: {@code sync} (synchronous PERSISTENT sends) and {@code transacted} (PERSISTENT sends committed
     * in batches). Their confirmed counts are {@link #confirmed()}.
     *
     * @param producing the producers' connection.
     * @param consuming the consumers' connection.
     * @param queueName the queue.
     * @param batch     messages per commit of the transacted producer.
     * @return the producers' threads, started.
     * @throws JMSException if a session, consumer or producer cannot be made.
     */
    List<Thread> startSyncAndTransacted(
        final Connection producing, final Connection consuming, final String queueName, final int batch)
        throws JMSException
    {
        final Session autoSession = consuming.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Session clientSession = consuming.createSession(false, Session.CLIENT_ACKNOWLEDGE);
        final Queue queue = autoSession.createQueue(queueName);
        listen(autoSession.createConsumer(queue), false);
        listen(clientSession.createConsumer(queue), true);
        consuming.start();
        final List<Thread> producers = new ArrayList<>();
        for (final boolean transacted : new boolean[]{ false, true })
        {
            final String name = transacted ? "transacted" : "sync";
            final AtomicInteger confirmed = new AtomicInteger();
            confirmedBy.put(name, confirmed);
            producers.add(producer(name, producing.createSession(transacted, transacted ?
                Session.SESSION_TRANSACTED : Session.AUTO_ACKNOWLEDGE), queue, Integer.MAX_VALUE, batch, confirmed));
        }
        producers.forEach(Thread::start);
        return producers;
    }

    /** @return the number of the last confirmed message of each producer {@link #startSyncAndTransacted} started. */
    Map<String, Integer> confirmed()
    {
        final Map<String, Integer> confirmed = new TreeMap<>();
        confirmedBy.forEach((producer, count) -> confirmed.put(producer, count.get()));
        return confirmed;
    }

    /** @return how many sends the producers {@link #startSyncAndTransacted} started confirmed in all. */
    int confirmedTotal()
    {
        return confirmedBy.values().stream().mapToInt(AtomicInteger::get).sum();
    }

    /**
     * Stops the producers and waits for their threads to end.
     *
     * @param producers the producers' threads.
     * @param deadline  how long to wait for each.
     * @throws InterruptedException if interrupted while waiting.
     */
    void stopAndJoin(final List<Thread> producers, final Duration deadline) throws InterruptedException
    {
        stop();
        for (final Thread producer : producers)
        {
            producer.join(deadline.toMillis());
        }
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

    /**
     * The messages of a producer, up to a number, that were never consumed.
     *
     * @param producer the producer's name.
     * @param upTo     the number of its last message that must have come.
     * @return their numbers, in order.
     */
    List<Integer> missing(final String producer, final int upTo)
    {
        final List<Integer> missing = new ArrayList<>();
        for (int seq = 1; seq <= upTo; seq++)
        {
            if (!timesReceived.containsKey(producer + seq))
            {
                missing.add(seq);
            }
        }
        return missing;
    }

    /**
     * Makes sure that the acknowledgements the CLIENT_ACKNOWLEDGE listener made so far are in the cluster's log, and
     * from then on notes a problem when one of their messages comes again: sends a PERSISTENT message to a queue of
     * its own from a session of the consuming connection, whose send returns once the cluster committed it, and so
     * everything that connection's session with the cluster sent before it (acknowledgements are not confirmed one by
     * one). Call it while the cluster's leader stays.
     *
     * @param consuming a session of the consumers' connection.
     * @param queue     the queue for the message, which nobody consumes.
     * @return how many acknowledgements it settled.
     * @throws JMSException if the send fails.
     */
    int settleAcknowledgements(final Session consuming, final Queue queue) throws JMSException
    {
        final Set<String> acknowledgedNow = Set.copyOf(acknowledged);
        final MessageProducer producer = consuming.createProducer(queue);
        producer.setDeliveryMode(DeliveryMode.PERSISTENT);
        producer.send(consuming.createTextMessage("after " + acknowledgedNow.size() + " acknowledgements"));
        producer.close();
        settled = acknowledgedNow;
        return acknowledgedNow.size();
    }

    /**
     * Waits until a number of sends were confirmed, and fails the test if that takes longer than the deadline or an
     * exception reached the application.
     *
     * @param confirmed how many sends were confirmed so far.
     * @param count     how many must be.
     * @param when      when, for the failure's message.
     * @param deadline  how long to wait.
     * @param jvms      the test's processes, whose output a failure shows.
     */
    void awaitConfirmed(
        final IntSupplier confirmed, final int count, final String when, final Duration deadline, final ChildJvms jvms)
    {
        try
        {
            Await.until(count + " sends confirmed " + when, deadline,
                () -> confirmed.getAsInt() >= count || null != failure());
        }
        catch (final AssertionError ex)
        {
            fail(confirmed.getAsInt() + " of " + count + " sends confirmed " + when + jvms.outputs(), ex);
        }
        assertNull(failure(), () -> "no exception reaches the application " + when + ": " + failure() +
            jvms.outputs());
    }

    /**
     * Waits until every message that producers' sends confirmed was consumed, and fails the test naming the missing
     * ones if that takes longer than the deadline or an exception reached the application.
     *
     * @param confirmed the number of the last confirmed message by producer name.
     * @param when      when, for the failure's message.
     * @param deadline  how long to wait.
     * @param jvms      the test's processes, whose output a failure shows.
     */
    void awaitConsumed(
        final Map<String, Integer> confirmed, final String when, final Duration deadline, final ChildJvms jvms)
    {
        try
        {
            Await.until("every confirmed message to be consumed " + when, deadline, () -> null != failure() ||
                confirmed.entrySet().stream().allMatch((e) -> missing(e.getKey(), e.getValue()).isEmpty()));
        }
        catch (final AssertionError ex)
        {
            final StringBuilder missing = new StringBuilder();
            confirmed.forEach((producer, upTo) ->
            {
                final List<Integer> seqs = missing(producer, upTo);
                missing.append("; ").append(producer).append(": ").append(seqs.size()).append(" of ").append(upTo)
                    .append(seqs.size() > 20 ? " " + seqs.subList(0, 20) + "..." : " " + seqs);
            });
            fail("confirmed messages never came " + when + missing + jvms.outputs(), ex);
        }
        assertNull(failure(), () -> "no exception reaches the application " + when + ": " + failure() +
            jvms.outputs());
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
     * @param acknowledgeEach whether to acknowledge (a CLIENT_ACKNOWLEDGE session's consumer, every
     *                        {@value #ACKNOWLEDGE_EVERY} messages).
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
                final String key = producer + seq;
                final int times = timesReceived.merge(key, 1, Integer::sum);
                if (settled.contains(key))
                {
                    problems.add(producer + " " + seq + " came again after its acknowledgement was committed");
                }
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
                    // the listener's own thread alone: one consumer acknowledges so
                    unacknowledged.add(key);
                    if (unacknowledged.size() >= ACKNOWLEDGE_EVERY)
                    {
                        acknowledge(message);
                    }
                }
            }
            catch (final JMSException ex)
            {
                failure.compareAndSet(null, ex);
            }
        });
    }

    /**
     * Acknowledges what the CLIENT_ACKNOWLEDGE listener received so far. When the cluster had given up the session in
     * which some of them came (its whole restart outlasted the session timeout), {@code acknowledge()} says so: those
     * come again, marked, so none of this batch is counted as acknowledged.
     */
    private void acknowledge(final Message message) throws JMSException
    {
        try
        {
            message.acknowledge();
            acknowledged.addAll(unacknowledged);
        }
        catch (final JMSException ex)
        {
            if (!QueueClient.DELIVERIES_GIVEN_UP.equals(ex.getErrorCode()))
            {
                throw ex;
            }
            givenUp.incrementAndGet();
        }
        unacknowledged.clear();
    }

    /** @return how many of the CLIENT_ACKNOWLEDGE listener's acknowledgements named messages of a given-up session. */
    int givenUp()
    {
        return givenUp.get();
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
