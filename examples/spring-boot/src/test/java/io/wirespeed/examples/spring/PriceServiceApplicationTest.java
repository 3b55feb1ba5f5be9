package io.wirespeed.examples.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

import io.wirespeed.test.Await;

/**
 * The example as it ships (its application.properties, a faster publisher): prices flow from the publisher to the
 * subscriber, the actuator's health endpoint answers UP over HTTP (Wirespeed's own health included) and its metrics
 * endpoint counts the prices received.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = { "prices.interval-ms=20", "logging.level.io.wirespeed.examples.spring=warn" })
class PriceServiceApplicationTest
{
    @Autowired
    PriceSubscriber subscriber;

    @Autowired
    TestRestTemplate http;

    @Test
    void theSubscriberReceivesPricesAndTheServiceIsHealthy()
    {
        Await.until("five prices at the subscriber", Duration.ofSeconds(10), () -> subscriber.received() >= 5);
        assertTrue(subscriber.last().matches("EURUSD \\d\\.\\d{5}"), subscriber.last());

        @SuppressWarnings("rawtypes")
        final ResponseEntity<Map> health = http.getForEntity("/actuator/health", Map.class);
        assertEquals(HttpStatus.OK, health.getStatusCode());
        assertEquals("UP", health.getBody().get("status"));
        final Map<?, ?> components = (Map<?, ?>)health.getBody().get("components");
        assertEquals("UP", ((Map<?, ?>)components.get("wirespeed")).get("status"), String.valueOf(components));

        @SuppressWarnings("rawtypes")
        final ResponseEntity<Map> received = http.getForEntity(
            "/actuator/metrics/wirespeed.messages.received?tag=destination:topic:prices.eurusd", Map.class);
        assertEquals(HttpStatus.OK, received.getStatusCode(), String.valueOf(received.getBody()));
        final Object value = ((Map<?, ?>)((List<?>)received.getBody().get("measurements")).get(0)).get("value");
        assertTrue(((Number)value).doubleValue() >= 5, String.valueOf(received.getBody()));
    }
}
