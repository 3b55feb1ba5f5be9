package io.wirespeed.examples.spring;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jms.annotation.JmsListener;
import org.springframework.messaging.handler.annotation.Header;
import org.springframework.stereotype.Component;

/**
 * Subscribes to the prices with {@code @JmsListener} and logs each one. A topic keeps nothing for subscribers that
 * are not there yet, so the first prices, published while the listener was starting, may not arrive.
 */
@Component
public class PriceSubscriber
{
    private static final Logger LOGGER = LoggerFactory.getLogger(PriceSubscriber.class);

    private final AtomicLong received = new AtomicLong();
    private final AtomicReference<String> last = new AtomicReference<>();

    /**
     * Receives one price.
     *
     * @param quote    the message body, e.g. {@code EURUSD 1.08421}.
     * @param sequence the publisher's number for it.
     */
    @JmsListener(destination = PricePublisher.TOPIC)
    public void onPrice(final String quote, @Header("sequence") final long sequence)
    {
        last.set(quote);
        received.incrementAndGet();
        LOGGER.info("received #{}: {}", sequence, quote);
    }

    /** @return how many prices this subscriber received. */
    public long received()
    {
        return received.get();
    }

    /** @return the last price received, or null before the first. */
    public String last()
    {
        return last.get();
    }
}
