package io.wirespeed.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;

import io.wirespeed.test.Await;

/**
 * The deliveries one listener saw, in the order it saw them, safe for many listener threads; waits have
 * deadlines. Written against neither javax.jms nor jakarta.jms: both Spring generations' tests use it.
 */
public final class Deliveries
{
    /** How long a test waits for messages it expects. */
    public static final Duration DEADLINE = Duration.ofSeconds(15);

    /** How long a test watches for messages that must not come (duplicates, rolled-back sends). */
    public static final Duration QUIET = Duration.ofMillis(300);

    private final List<Delivery> deliveries = new CopyOnWriteArrayList<>();

    /**
     * Records a delivery.
     *
     * @param delivery what the listener saw.
     * @return the delivery.
     */
    public Delivery add(final Delivery delivery)
    {
        deliveries.add(delivery);
        return delivery;
    }

    /**
     * How many deliveries are recorded so far.
     *
     * @return the count.
     */
    public int size()
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
    public List<Delivery> awaitExactly(final int count)
    {
        Await.until(count + " deliveries", DEADLINE, () -> deliveries.size() >= count);
        assertEquals(count, deliveries.size(), () -> "more deliveries than messages: " + summary(deliveries));
        Await.during("no more deliveries than " + count, QUIET, () -> deliveries.size() == count);
        return List.copyOf(deliveries);
    }

    /**
     * The bodies of the deliveries, in order.
     *
     * @param deliveries the deliveries.
     * @return their bodies.
     */
    public static List<String> bodies(final List<Delivery> deliveries)
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
    public static List<String> numbered(final String prefix, final int count)
    {
        return IntStream.range(0, count).mapToObj(i -> prefix + i).toList();
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
}
