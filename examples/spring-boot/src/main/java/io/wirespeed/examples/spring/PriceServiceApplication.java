package io.wirespeed.examples.spring;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.scheduling.annotation.EnableScheduling;

/**
 * A price service on Wirespeed through the Spring Boot starter: {@link PricePublisher} publishes EURUSD prices to
 * the topic {@code prices.eurusd} with Boot's {@code JmsTemplate}, {@link PriceSubscriber} receives them with
 * {@code @JmsListener}. Its whole configuration is {@code application.properties}.
 */
@SpringBootApplication
@EnableScheduling
public class PriceServiceApplication
{
    /**
     * Starts the service.
     *
     * @param args Spring Boot arguments, e.g. {@code --prices.interval-ms=100}.
     */
    public static void main(final String[] args)
    {
        SpringApplication.run(PriceServiceApplication.class, args);
    }
}
