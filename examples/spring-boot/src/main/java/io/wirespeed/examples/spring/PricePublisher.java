package io.wirespeed.examples.spring;

import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

import org.springframework.jms.core.JmsTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Publishes a EURUSD price, a random walk, to the topic {@value #TOPIC} every {@code prices.interval-ms}.
 */
@Component
public class PricePublisher
{
    /** The topic prices go to. */
    public static final String TOPIC = "prices.eurusd";

    private final JmsTemplate jmsTemplate;
    private double price = 1.0842;
    private long sequence;

    /**
     * A publisher that sends through Boot's template (a topic, as {@code spring.jms.pub-sub-domain=true} says).
     *
     * @param jmsTemplate the template Boot configured on the Wirespeed connection factory.
     */
    public PricePublisher(final JmsTemplate jmsTemplate)
    {
        this.jmsTemplate = jmsTemplate;
    }

    /** Publishes the next price, numbered, with the price as a message property too. */
    @Scheduled(fixedRateString = "${prices.interval-ms:1000}")
    public void publish()
    {
        price += (ThreadLocalRandom.current().nextDouble() - 0.5) / 1000;
        final long number = ++sequence;
        final String quote = String.format(Locale.ROOT, "EURUSD %.5f", price);
        jmsTemplate.convertAndSend(TOPIC, quote, message ->
        {
            message.setLongProperty("sequence", number);
            return message;
        });
    }
}
