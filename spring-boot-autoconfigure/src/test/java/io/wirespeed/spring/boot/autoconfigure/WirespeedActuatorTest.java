package io.wirespeed.spring.boot.autoconfigure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.jms.annotation.JmsListener;
import org.springframework.jms.core.JmsTemplate;
import org.springframework.test.annotation.DirtiesContext;

/**
 * An application with only properties: it sends through {@code JmsTemplate}, receives with {@code @JmsListener}, and
 * Actuator shows over HTTP the {@code wirespeed} health (UP, with the driver, the queue host and the archive) and the
 * {@code wirespeed.*} meters with the counts of what went through, beside Boot's own JMS observations.
 */
@SpringBootTest(classes = WirespeedActuatorTest.Application.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "wirespeed.jms.url=wirespeed:ipc",
        "management.endpoints.web.exposure.include=health,metrics",
        "management.endpoint.health.show-details=always" })
@DirtiesContext
class WirespeedActuatorTest
{
    private static final String QUEUE = "actuator.orders";
    private static final int MESSAGES = 7;

    private final HttpClient http = HttpClient.newHttpClient();
    private final ObjectMapper json = new ObjectMapper();

    @LocalServerPort
    int port;

    @Autowired
    JmsTemplate jmsTemplate;

    @Autowired
    OrderListener listener;

    @Test
    void healthSaysWirespeedIsUpAndMetricsCountWhatWasSentAndReceived() throws Exception
    {
        for (int i = 0; i < MESSAGES; i++)
        {
            jmsTemplate.convertAndSend(QUEUE, "order " + i);
        }
        for (int i = 0; i < MESSAGES; i++)
        {
            assertEquals("order " + i, listener.orders.poll(10, TimeUnit.SECONDS), "order " + i);
        }

        final JsonNode health = get("/actuator/health");
        final JsonNode wirespeed = health.path("components").path("wirespeed");
        assertEquals("UP", wirespeed.path("status").asText(), health.toString());
        assertEquals("reachable", wirespeed.path("details").path("queueHost").asText(), health.toString());
        final JsonNode driver = wirespeed.path("details").path("drivers").elements().next();
        assertTrue(driver.path("alive").asBoolean(), health.toString());
        assertTrue(wirespeed.path("details").path("connections").asInt() >= 1, health.toString());

        final String tag = "?tag=" + URLEncoder.encode("destination:queue:" + QUEUE, StandardCharsets.UTF_8);
        assertEquals(MESSAGES, value(get("/actuator/metrics/wirespeed.messages.sent" + tag)));
        assertEquals(MESSAGES, value(get("/actuator/metrics/wirespeed.messages.received" + tag)));
        assertTrue(value(get("/actuator/metrics/wirespeed.bytes.sent" + tag)) > MESSAGES * "order 0".length());
        assertEquals(0, value(get("/actuator/metrics/wirespeed.send.failures")));
        assertEquals(0, value(get("/actuator/metrics/wirespeed.send.backpressure")));
        assertEquals(0, value(get("/actuator/metrics/wirespeed.driver.naks.sent")));
        assertEquals(0, value(get("/actuator/metrics/wirespeed.driver.retransmits.sent")));
        assertEquals(0, value(get("/actuator/metrics/wirespeed.driver.loss.gap.fills")));
        assertTrue(value(get("/actuator/metrics/wirespeed.consumer.lag")) >= 0, "consumer lag, bytes");
        assertEquals(0, value(get("/actuator/metrics/wirespeed.archive.lag")), "no recording is behind");
        assertTrue(value(get("/actuator/metrics/jms.message.publish")) >= MESSAGES, "Boot's JMS observations");
    }

    private JsonNode get(final String path) throws Exception
    {
        final HttpResponse<String> response = http.send(
            HttpRequest.newBuilder(URI.create("http://localhost:" + port + path)).GET().build(),
            HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), path + ": " + response.body());
        return json.readTree(response.body());
    }

    private static long value(final JsonNode meter)
    {
        return (long)meter.path("measurements").get(0).path("value").asDouble();
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(OrderListener.class)
    static class Application
    {
    }

    /** The application's queue listener. */
    static class OrderListener
    {
        final BlockingQueue<String> orders = new LinkedBlockingQueue<>();

        @JmsListener(destination = QUEUE)
        void onOrder(final String body)
        {
            orders.add(body);
        }
    }
}
