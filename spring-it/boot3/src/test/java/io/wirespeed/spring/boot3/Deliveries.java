package io.wirespeed.spring.boot3;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;

import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Message;

import org.springframework.jms.core.JmsTemplate;

/**
 * The deliveries one listener saw, in the order it saw them, safe for many listener threads; waits have
 * deadlines.
 */
final class Deliveries
{
    /** How long a test waits for messages it expects. */
    static final Duration DEADLINE = Duration.ofSeconds(15);

    /** How long a test watches for messages that must not come (duplicates, rolled-back sends). */
    static final Duration QUIET = Duration.ofMillis(500);

    private final List<Delivery> deliveries = new CopyOnWriteArrayList<>();

    /**
     * Records a delivery.
     *
     * @param message the delivered message.
     * @return the record.
     * @throws JMSException if the message cannot be read.
     */
    Delivery add(final Message message) throws JMSException
    {
        final Delivery delivery = Delivery.of(message);
        deliveries.add(delivery);
        return delivery;
    }

    /**
     * How many deliveries are recorded so far.
     *
     * @return the count.
     */
    int size()
    {
        return deliveries.size();
    }

    /**
     * Waits until at least {@code count} deliveries are recorded, then for {@link #QUIET} during which no
     * more may arrive.
     *
     * @param count how many deliveries are expected.
     * @return all deliveries, in order.
     */
    List<Delivery> awaitExactly(final int count)
    {
        await().atMost(DEADLINE).untilAsserted(() -> assertTrue(deliveries.size() >= count,
            () -> "expected " + count + " deliveries, got " + deliveries.size() + ": " + summary(deliveries)));
        await().during(QUIET).atMost(QUIET.plusSeconds(5)).untilAsserted(() -> assertEquals(count, deliveries.size(),
            () -> "more deliveries than messages: " + summary(deliveries)));
        return List.copyOf(deliveries);
    }

    private static String summary(final List<Delivery> deliveries)
    {
        final List<String> marked = deliveries.stream()
            .limit(40)
            .map(delivery -> delivery.redelivered() ? delivery.body() + "(redelivered)" : delivery.body())
            .toList();
        return deliveries.size() > marked.size() ? marked + " and " + (deliveries.size() - marked.size()) + " more" :
            marked.toString();
    }

    /**
     * The bodies of the deliveries, in order.
     *
     * @param deliveries the deliveries.
     * @return their bodies.
     */
    static List<String> bodies(final List<Delivery> deliveries)
    {
        return deliveries.stream().map(Delivery::body).toList();
    }

    /**
     * The bodies {@code prefix0 .. prefix(count-1)}.
     *
     * @param prefix the body's prefix.
     * @param count  how many.
     * @return the bodies in order.
     */
    static List<String> numbered(final String prefix, final int count)
    {
        return IntStream.range(0, count).mapToObj(i -> prefix + i).toList();
    }

    /**
     * Receives what is left on a queue, one {@code JmsTemplate.receive} per message, until none comes within
     * {@link #QUIET}.
     *
     * @param factory the connection factory to receive through.
     * @param queue   the queue's name.
     * @return what was left, in the order received.
     * @throws JMSException if a message cannot be read.
     */
    static List<Delivery> drain(final ConnectionFactory factory, final String queue) throws JMSException
    {
        final JmsTemplate template = new JmsTemplate(factory);
        template.setReceiveTimeout(QUIET.toMillis());
        final List<Delivery> left = new ArrayList<>();
        for (Message message = template.receive(queue); message != null; message = template.receive(queue))
        {
            left.add(Delivery.of(message));
        }
        return left;
    }
}
