package io.wirespeed.driver.stat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.jms.Connection;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.Queue;
import javax.jms.Topic;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.wirespeed.jms.JmsConnection;
import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.test.Await;

/**
 * {@code wirespeed-stat} attached to a running media driver (the embedded one of a connection in this JVM, in a
 * directory of the test's) while a producer and a consumer exchange messages on a topic: the command's entry point
 * with {@code --once --json} shows the destination's counts and the stream's positions, and the queue host's
 * figures of a queue (read from the driver's files, not this JVM's objects) on the queue's row.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class WirespeedStatTest
{
    private static final String TOPIC = "stat.prices";
    private static final int MESSAGES = 10;
    private static final String QUEUE = "stat.orders";

    @TempDir
    Path temp;

    private Connection connection;

    @AfterEach
    void close() throws Exception
    {
        if (connection != null)
        {
            connection.close();
        }
    }

    @Test
    void showsADestinationsCountsAndItsStreamsPositionsAsJson() throws Exception
    {
        final String directory = temp.resolve("driver").toString();
        connection = new JmsConnectionFactory("wirespeed:ipc?aeronDir=" + directory).createConnection();
        connection.start();
        final Session session = connection.createSession();
        final Topic topic = session.createTopic(TOPIC);
        final MessageConsumer consumer = session.createConsumer(topic);
        final MessageProducer producer = session.createProducer(topic);
        for (int i = 0; i < MESSAGES; i++)
        {
            producer.send(session.createTextMessage("price " + i));
        }
        for (int i = 0; i < MESSAGES; i++)
        {
            assertNotNull(consumer.receive(5_000), "message " + i);
        }
        final int streamId = ((JmsConnection)connection).routing().streamId(TOPIC);
        final Pattern stream = Pattern.compile("\\{\"channel\":\"aeron:ipc[^\"]*\",\"streamId\":" + streamId +
            ",\"sessionId\":-?\\d+,\"publisherPosition\":(\\d+),\"receiverPosition\":-1,\"subscriberPositions\":" +
            "\\[(\\d+)],\"lag\":0}");

        // the driver's conductor moves an IPC publication's position counter on its own duty cycle, after the
        // subscriber's: a sample may show the subscriber ahead (publisher 128, subscriber 1280 once in CI)
        final String json = Await.value("a sample whose subscriber has read all the publisher has sent", () ->
        {
            final String line = stat(directory, "--once", "--json");
            final Matcher sampled = stream.matcher(line);
            return sampled.find() && sampled.group(1).equals(sampled.group(2)) ? line : null;
        });

        assertTrue(json.startsWith("{\"directory\":\"" + directory + "\""), json);
        assertEquals(1, json.lines().count(), "one JSON object per refresh, on one line");
        final Matcher positions = stream.matcher(json);
        assertTrue(positions.find(), json);
        assertTrue(Long.parseLong(positions.group(1)) > 0, json);
        assertEquals(positions.group(1), positions.group(2), json);
        assertTrue(json.contains("{\"name\":\"topic:" + TOPIC + "\",\"messages.sent\":" + MESSAGES + ","), json);
        assertTrue(json.contains("\"messages.received\":" + MESSAGES + ","), json);
        assertTrue(Pattern.compile("\"bytes\\.sent\":(\\d+),").matcher(json).find(), json);
        assertTrue(json.contains("\"send.backpressure\":0,\"send.failures\":0,\"consumer.loss.bytes\":0}"), json);
        assertTrue(json.contains("\"driver\":{\"naks.sent\":"), json);
        assertTrue(json.contains("\"errors\":["), json);
    }

    @Test
    void showsTheQueueHostsDepthInFlightAndConsumersOnTheQueuesRow() throws Exception
    {
        final String directory = temp.resolve("driver").toString();
        connection = new JmsConnectionFactory("wirespeed:ipc?aeronDir=" + directory + "&queuePrefetch=2")
            .createConnection();
        connection.start();
        final Session session = connection.createSession(false, Session.CLIENT_ACKNOWLEDGE);
        final Queue queue = session.createQueue(QUEUE);
        final MessageProducer producer = session.createProducer(queue);
        for (int i = 0; i < 5; i++)
        {
            producer.send(session.createTextMessage("order " + i));
        }

        Await.value("five waiting on the queue's row", () -> row(directory,
            "\"queue.depth\":5,\"queue.inflight\":0,\"queue.consumers\":0"));

        final MessageConsumer consumer = session.createConsumer(queue);
        assertNotNull(consumer.receive(5_000));
        final Pattern figures = Pattern.compile("\"queue\\.depth\":(\\d+),\"queue\\.inflight\":(\\d+)," +
            "\"queue\\.consumers\":1");
        final String json = Await.value("the five waiting or in flight to one consumer", () ->
        {
            final String line = stat(directory, "--once", "--json");
            final Matcher matcher = figures.matcher(line);
            return matcher.find() && Long.parseLong(matcher.group(1)) + Long.parseLong(matcher.group(2)) == 5 &&
                Long.parseLong(matcher.group(2)) >= 1 ? line : null;
        });
        assertTrue(json.contains("{\"name\":\"queue:" + QUEUE + "\",\"messages.sent\":5,"),
            "the provider's and the host's figures share the queue's row: " + json);
    }

    private static String row(final String directory, final String figures)
    {
        final String json = stat(directory, "--once", "--json");
        return json.contains(figures) ? json : null;
    }

    @Test
    void printsATableOnceForPeople() throws Exception
    {
        final String directory = temp.resolve("driver").toString();
        connection = new JmsConnectionFactory("wirespeed:ipc?aeronDir=" + directory).createConnection();
        final Session session = connection.createSession();
        final Topic topic = session.createTopic(TOPIC);
        session.createConsumer(topic);
        session.createProducer(topic).send(session.createTextMessage("one"));

        final String text = stat(directory, "--once");

        assertTrue(text.contains("STREAMS"), text);
        assertTrue(Pattern.compile("(?m)^topic:" + Pattern.quote(TOPIC) + " +1 ").matcher(text).find(), text);
        assertTrue(text.contains("DRIVER"), text);
        assertTrue(text.contains("ERRORS (0 distinct)"), text);
    }

    @Test
    void showsADurableSubscriptionsLagWhileItIsAway() throws Exception
    {
        final String directory = temp.resolve("driver").toString();
        connection = new JmsConnectionFactory("wirespeed:ipc?aeronDir=" + directory + "&archive=on&archiveDir=" +
            temp.resolve("archive")).createConnection();
        connection.setClientID("lag");
        connection.start();
        final Session session = connection.createSession();
        final Topic topic = session.createTopic(TOPIC);
        session.createDurableSubscriber(topic, "away").close();
        final MessageProducer producer = session.createProducer(topic);
        for (int i = 0; i < MESSAGES; i++)
        {
            producer.send(session.createTextMessage("price " + i));
        }
        final Pattern lag = Pattern.compile("\"name\":\"durable:[^\"]*away[^\"]*\",[^}]*\"durable\\.lag\":(\\d+)");

        final String json = Await.value("the away subscription's lag", () ->
        {
            final String line = stat(directory, "--once", "--json");
            final Matcher matcher = lag.matcher(line);
            return matcher.find() && Long.parseLong(matcher.group(1)) > 0 ? line : null;
        });

        assertTrue(json.contains("durable.lag"), json);
        session.unsubscribe("away");
    }

    @Test
    void showsTheArchivesRecordingOfADurableSubscriptionsTopicCaughtUp() throws Exception
    {
        final String directory = temp.resolve("driver").toString();
        connection = new JmsConnectionFactory("wirespeed:ipc?aeronDir=" + directory + "&archive=on&archiveDir=" +
            temp.resolve("archive")).createConnection();
        connection.setClientID("stat");
        connection.start();
        final Session session = connection.createSession();
        final Topic topic = session.createTopic(TOPIC);
        final MessageConsumer durable = session.createDurableSubscriber(topic, "recorded");
        final MessageProducer producer = session.createProducer(topic);
        for (int i = 0; i < MESSAGES; i++)
        {
            producer.send(session.createTextMessage("price " + i));
        }
        for (int i = 0; i < MESSAGES; i++)
        {
            assertNotNull(durable.receive(5_000), "message " + i);
        }
        final Pattern recording = Pattern.compile(
            "\"recordings\":\\[\\{\"counterId\":\\d+,\"sessionId\":-?\\d+,\"position\":(\\d+),\"lag\":0}");

        final String json = Await.value("a sample with the recording caught up", () ->
        {
            final String line = stat(directory, "--once", "--json");
            final Matcher matcher = recording.matcher(line);
            return matcher.find() && Long.parseLong(matcher.group(1)) > 0 ? line : null;
        });

        assertTrue(stat(directory, "--once").contains("RECORDINGS"), json);
        assertTrue(Pattern.compile("\"recordedStreams\":\\[\\{\"channel\":\"aeron:ipc[^\"]*\",\"streamId\":-?\\d+," +
            "\"stopped\":false}").matcher(json).find(), json);
        assertTrue(stat(directory, "--once").contains("RECORDED STREAMS"), json);
        durable.close();
        session.unsubscribe("recorded");
    }

    @Test
    void listsTheLiveTopicsThatPublishersAdvertiseWhileTrafficFlows() throws Exception
    {
        final String directory = temp.resolve("driver").toString();
        connection = new JmsConnectionFactory("wirespeed:ipc?resolutionInterval=200&aeronDir=" + directory)
            .createConnection();
        connection.start();
        final Session session = connection.createSession();
        final MessageConsumer consumer = session.createConsumer(session.createTopic("stat.>"));
        final MessageProducer producer = session.createProducer(null);
        for (final String name : new String[] {TOPIC, "stat.rates.eur"})
        {
            producer.send(session.createTopic(name), session.createTextMessage(name));
            assertNotNull(consumer.receive(5_000), name);
        }
        final int pricesStream = ((JmsConnection)connection).routing().streamId(TOPIC);

        final String json = stat(directory, "--topics", "--json", "--listen=600");
        final String text = stat(directory, "--topics", "--listen=600");

        assertTrue(json.startsWith("{\"channel\":\"aeron:ipc\",\"topics\":[{\"name\":\"" + TOPIC +
            "\",\"streamId\":" + pricesStream + ",\"expiresAtMs\":"), json);
        assertTrue(json.contains("{\"name\":\"stat.rates.eur\",\"streamId\":"), json);
        assertTrue(text.startsWith("live topics on aeron:ipc (2)"), text);
        assertTrue(text.contains("  " + TOPIC + "  stream " + pricesStream + "  expires in "), text);
    }

    @Test
    void saysWhereNoDriverRunsAndExitsOne() throws Exception
    {
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final String directory = temp.resolve("nothing").toString();

        final int status = WirespeedStat.run(new String[] {directory, "--once"},
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));

        assertEquals(1, status);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("no media driver at " + directory),
            err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void printsJsonThatAJsonLibraryReads() throws Exception
    {
        final String directory = temp.resolve("driver").toString();
        connection = new JmsConnectionFactory("wirespeed:ipc?aeronDir=" + directory).createConnection();
        connection.start();
        final Session session = connection.createSession();
        final Topic topic = session.createTopic(TOPIC + ".\"quoted\"");
        final MessageConsumer consumer = session.createConsumer(topic);
        session.createProducer(topic).send(session.createTextMessage("price"));
        assertNotNull(consumer.receive(5_000));
        final ObjectMapper json = new ObjectMapper();

        final JsonNode sample = json.readTree(stat(directory, "--once", "--json"));

        assertEquals(directory, sample.get("directory").asText());
        assertTrue(sample.get("timeMs").isNumber(), sample.toString());
        assertTrue(sample.get("streams").isArray() && sample.get("streams").size() > 0, sample.toString());
        assertTrue(sample.get("streams").get(0).get("subscriberPositions").isArray(), sample.toString());
        assertTrue(sample.get("driver").get("naks.sent").isNumber(), sample.toString());
        assertTrue(sample.get("errors").isArray(), sample.toString());
        boolean named = false;
        for (final JsonNode destination : sample.get("destinations"))
        {
            named |= ("topic:" + TOPIC + ".\"quoted\"").equals(destination.get("name").asText());
        }
        assertTrue(named, "a destination's name with quotes comes back as it was: " + sample);

        final JsonNode topics = json.readTree(stat(directory, "--topics", "--json", "--listen=300"));
        assertTrue(topics.isObject(), topics.toString());
    }

    @Test
    void explainsItsOptionsAndRefusesBadUsageWithStatusTwo() throws Exception
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final PrintStream outStream = new PrintStream(out, true, StandardCharsets.UTF_8);
        final PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8);

        assertEquals(0, WirespeedStat.run(new String[] {"--help"}, outStream, errStream));
        final String help = out.toString(StandardCharsets.UTF_8);
        for (final String option : new String[] {"--json", "--once", "--interval", "--topics", "--listen",
            "--resolution-stream", "--help"})
        {
            assertTrue(help.contains(option), help);
        }

        assertEquals(2, WirespeedStat.run(new String[] {"--jsn"}, outStream, errStream));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--json"), "suggests the option meant: " + err);
        err.reset();
        assertEquals(2, WirespeedStat.run(new String[] {"--interval=soon"}, outStream, errStream));
        final String bad = err.toString(StandardCharsets.UTF_8);
        assertTrue(bad.contains("--interval") && bad.contains("soon") && !bad.contains("\tat "), bad);
    }

    private static String stat(final String... args)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        try
        {
            final int status = WirespeedStat.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
            assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
        }
        catch (final InterruptedException ex)
        {
            throw new IllegalStateException(ex);
        }
        return out.toString(StandardCharsets.UTF_8).strip();
    }
}
