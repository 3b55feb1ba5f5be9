package io.wirespeed.it.cluster;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import javax.jms.Connection;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.childjvm.JvmCommand;
import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.DriverDirectories;
import io.wirespeed.test.SlowTest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * A transaction at a clustered queue host is one log entry (issue 24 item 3): its queue messages and its
 * acknowledgements apply together or not at all. A transformer ({@link TransformMain}: receive a batch from one queue,
 * send a copy of each to another, commit) is killed (SIGKILL) the moment the first copy it produced can be consumed:
 * with the commit in one entry that is after the whole batch and its acknowledgements applied; with each message and
 * acknowledgement an entry of its own, it is while the commit is still under way, so the batch's input goes back to
 * its queue (redelivered once the cluster times the killed client out) and is transformed a second time. The test
 * then transforms what is left itself, and every input message must have exactly one copy.
 */
@SlowTest
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class CommitInOneEntryTest
{
    private static final int MESSAGES = 1_000;
    private static final Duration DEADLINE = Duration.ofSeconds(90);

    @RegisterExtension
    final ChildJvms jvms = new ChildJvms();

    @TempDir
    Path temp;

    @Test
    void aTransformerKilledWhenItsFirstCopyIsSeenLeavesEveryMessageTransformedExactlyOnce() throws Exception
    {
        try (MemberProcesses cluster = MemberProcesses.onLoopback(jvms, temp))
        {
            cluster.awaitLeader(MemberProcesses.START);
            final String childUri = cluster.clientUri();
            try (Connection connection = new JmsConnectionFactory(cluster.clientUri()).createConnection())
            {
                final Session session = connection.createSession(true, Session.SESSION_TRANSACTED);
                final MessageProducer producer = session.createProducer(session.createQueue("in"));
                final String padding = "x".repeat(1_000);
                for (int id = 0; id < MESSAGES; id++)
                {
                    final TextMessage message = session.createTextMessage(padding);
                    message.setIntProperty(TransformMain.ID, id);
                    producer.send(message);
                    if (id % TransformMain.BATCH == TransformMain.BATCH - 1)
                    {
                        session.commit();
                    }
                }
                session.commit();
                connection.start();
                final MessageConsumer copies = session.createConsumer(session.createQueue("out"));
                final ChildJvm transformer = jvms.start("transformer", JvmCommand.small(TransformMain.class)
                    .args(childUri, "in", "out"));
                final Map<Integer, Integer> seen = new TreeMap<>();
                final Message first = copies.receive(DEADLINE.toMillis());
                assertNotNull(first, "the transformer produced nothing in " + DEADLINE);
                transformer.killForcibly(DEADLINE);
                DriverDirectories.delete(aeronDir(childUri));
                count(seen, first);
                session.commit();
                transformRest(session, copies, seen);
                final StringBuilder wrong = new StringBuilder();
                for (int id = 0; id < MESSAGES; id++)
                {
                    final int copiesOf = seen.getOrDefault(id, 0);
                    if (copiesOf != 1 && wrong.length() < 2_000)
                    {
                        wrong.append(' ').append(id).append('x').append(copiesOf);
                    }
                }
                assertEquals("", wrong.toString(), "input messages without exactly one copy (id x copies); " +
                    "the killed transformer had printed: " + transformer.output().trim().replace('\n', ' '));
            }
        }
    }

    /** Transforms what the killed transformer left, counting every copy, until each input has one and none comes. */
    private static void transformRest(
        final Session session, final MessageConsumer copies, final Map<Integer, Integer> seen) throws Exception
    {
        final MessageConsumer inputs = session.createConsumer(session.createQueue("in"));
        final MessageProducer producer = session.createProducer(session.createQueue("out"));
        final long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (seen.size() < MESSAGES && System.nanoTime() < deadline)
        {
            for (Message input = inputs.receive(500); null != input; input = inputs.receive(100))
            {
                producer.send(TransformMain.copy(session, input));
            }
            session.commit();
            for (Message copy = copies.receive(500); null != copy; copy = copies.receive(100))
            {
                count(seen, copy);
            }
            session.commit();
        }
        // what came twice comes by now: the last transform committed before the last copies were read
        for (Message copy = copies.receive(2_000); null != copy; copy = copies.receive(500))
        {
            count(seen, copy);
        }
        session.commit();
    }

    private static void count(final Map<Integer, Integer> seen, final Message copy) throws Exception
    {
        seen.merge(copy.getIntProperty(TransformMain.ID), 1, Integer::sum);
    }

    private static String aeronDir(final String uri)
    {
        final int start = uri.indexOf("aeronDir=") + "aeronDir=".length();
        final int end = uri.indexOf('&', start);
        return end < 0 ? uri.substring(start) : uri.substring(start, end);
    }
}
