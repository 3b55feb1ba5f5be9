package io.wirespeed.driver.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import javax.jms.Connection;
import javax.jms.MessageConsumer;
import javax.jms.Queue;
import javax.jms.Session;
import javax.jms.TextMessage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.jms.JmsConnectionFactory;

/**
 * {@code wirespeed-probe} against a running media driver with its queue host (the embedded one of a connection in
 * this JVM, in a directory of the test's, its host started by the connection's first queue consumer): it replays
 * issue 12's hostile inputs, finds the host answering, the driver alive and every message of its well-behaved client
 * delivered in order, exits 0, and the connection's queues still work afterwards; without hostile inputs too.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class HostileProbeTest
{
    @TempDir
    Path temp;

    @Test
    void replaysEveryKindOfHostileInputAndFindsTheDriverAliveTheHostAnsweringAndNothingLost() throws Exception
    {
        final String directory = temp.resolve("driver").toString();
        try (Connection connection = new JmsConnectionFactory("wirespeed:ipc?aeronDir=" + directory)
            .createConnection())
        {
            connection.start();
            final Session session = connection.createSession();
            final Queue queue = session.createQueue("probe.after");
            final MessageConsumer consumer = session.createConsumer(queue);

            final ByteArrayOutputStream output = new ByteArrayOutputStream();
            final int status = HostileProbe.run(new String[]{directory, "--rounds=3", "--inputs=200", "--seed=42"},
                new PrintStream(output, true, StandardCharsets.UTF_8));
            final String summary = output.toString(StandardCharsets.UTF_8);

            for (final String kind : new String[]{"control frames whose text length is Integer.MAX_VALUE",
                "mutated control frames", "requests from forged client ids", "forged browses of the good client's",
                "mutated envelopes on the inbound queue stream", "mutated envelopes on a topic stream",
                "envelopes to ever new queue names"})
            {
                assertTrue(summary.contains(kind), kind + " in " + summary);
            }
            assertTrue(summary.contains("host responsive: yes"), summary);
            assertTrue(summary.contains("driver alive: yes"), summary);
            assertTrue(summary.contains("well-behaved client: 60 sent, 60 delivered in order, 0 refused with notice, " +
                "0 lost"), summary);
            assertEquals(0, status, summary);
            assertTrue(summary.endsWith("PASSED\n"), summary);

            session.createProducer(queue).send(session.createTextMessage("still working"));
            assertEquals("still working", ((TextMessage)consumer.receive(10_000)).getText());
        }
    }

    @Test
    void aWellBehavedClientAloneHasEveryMessageDeliveredInOrderAndTheProbePasses() throws Exception
    {
        final String directory = temp.resolve("driver").toString();
        try (Connection connection = new JmsConnectionFactory("wirespeed:ipc?aeronDir=" + directory)
            .createConnection())
        {
            connection.createSession().createConsumer(connection.createSession().createQueue("probe.start"));
            final ByteArrayOutputStream output = new ByteArrayOutputStream();
            final int status = HostileProbe.run(new String[]{directory, "--rounds=5", "--inputs=0"},
                new PrintStream(output, true, StandardCharsets.UTF_8));
            final String summary = output.toString(StandardCharsets.UTF_8);

            assertEquals(0, status, summary);
            assertTrue(summary.contains("well-behaved client: 100 sent, 100 delivered in order, 0 refused with " +
                "notice, 0 lost"), summary);
            assertTrue(summary.endsWith("PASSED\n"), summary);
        }
    }

    @Test
    void saysSoAndExitsOneWhereNoDriverRuns()
    {
        final ByteArrayOutputStream output = new ByteArrayOutputStream();
        final int status = HostileProbe.run(new String[]{temp.resolve("none").toString(), "--rounds=1"},
            new PrintStream(output, true, StandardCharsets.UTF_8));
        assertEquals(1, status);
        assertTrue(output.toString(StandardCharsets.UTF_8).contains("no running media driver"), output.toString());
    }

    @Test
    void explainsItsOptionsAndRefusesBadUsageWithStatusTwo()
    {
        final ByteArrayOutputStream output = new ByteArrayOutputStream();
        final PrintStream out = new PrintStream(output, true, StandardCharsets.UTF_8);

        assertEquals(0, HostileProbe.run(new String[]{"--help"}, out));
        assertTrue(output.toString(StandardCharsets.UTF_8).contains("--rounds"), output.toString());
        output.reset();
        assertEquals(2, HostileProbe.run(new String[]{"--round=3"}, out));
        assertTrue(output.toString(StandardCharsets.UTF_8).contains("--rounds"), "suggests --rounds: " + output);
        output.reset();
        assertEquals(2, HostileProbe.run(new String[]{"--rounds=many"}, out));
        assertTrue(output.toString(StandardCharsets.UTF_8).contains("many") &&
            !output.toString(StandardCharsets.UTF_8).contains("\tat "), output.toString());
    }
}
