package io.wirespeed.it.cluster;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.Session;
import javax.jms.TransactionRolledBackException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.test.Await;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.SlowTest;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a commit at a clustered queue host says when no majority answers it (issue 24 item 3): three
 * {@code wirespeed-driver} processes as its members on loopback ({@link MemberProcesses}), a connection in this JVM
 * with {@code failoverTimeout=3000}, and two transactions that each acknowledge a queue message, so that each commit
 * is one {@code Commit} entry. The leader and a follower are frozen (SIGSTOP). The first commit's entry goes to the
 * frozen leader, which takes it and never answers: after {@code failoverTimeout} the commit fails saying its outcome
 * is unknown (it applies if the cluster committed it), not rolled back. The second commit, with the cluster taken for
 * lost, is never sent: it is rolled back at once, naming the members and the majority they need. Once the two are
 * thawed, sends work again, the message of the unknown commit is either gone or back marked redelivered, and that of
 * the rolled-back one is back marked redelivered.
 */
@SlowTest
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class CommitOutcomeTest
{
    private static final Duration DEADLINE = Duration.ofSeconds(60);

    @RegisterExtension
    final ChildJvms jvms = new ChildJvms();

    @TempDir
    Path temp;

    @Test
    void aCommitNoMajorityAnswersHasAnUnknownOutcomeAndOneThatCannotBeSentIsRolledBackAtOnce() throws Exception
    {
        try (MemberProcesses cluster = MemberProcesses.onLoopback(jvms, temp);
            Connection connection = new JmsConnectionFactory(cluster.clientUri() + "&failoverTimeout=3000")
                .createConnection())
        {
            final int leader = cluster.awaitLeader(MemberProcesses.START);
            final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Queue audits = session.createQueue("audits");
            final Queue ledger = session.createQueue("ledger");
            final MessageProducer producer = session.createProducer(null);
            producer.send(audits, session.createTextMessage("audit"));
            producer.send(ledger, session.createTextMessage("entry"));
            final Session first = connection.createSession(true, Session.SESSION_TRANSACTED);
            final Session second = connection.createSession(true, Session.SESSION_TRANSACTED);
            connection.start();
            assertNotNull(first.createConsumer(audits).receive(DEADLINE.toMillis()), "the audit came");
            assertNotNull(second.createConsumer(ledger).receive(DEADLINE.toMillis()), "the entry came");

            final List<Integer> frozen = List.of(leader, (leader + 1) % MemberProcesses.MEMBER_HOSTS.size());
            for (final int id : frozen)
            {
                cluster.freeze(id);
            }
            final JMSException unknown = assertThrows(JMSException.class, first::commit);
            assertFalse(unknown instanceof TransactionRolledBackException, unknown::toString);
            assertTrue(unknown.getMessage().startsWith("the outcome of the commit is unknown: ") &&
                unknown.getMessage().contains("failoverTimeout=3000 ms"), unknown::getMessage);

            final long start = System.nanoTime();
            final JMSException notSent = assertThrows(JMSException.class, second::commit);
            final long waitedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertInstanceOf(TransactionRolledBackException.class, notSent, notSent::toString);
            assertTrue(notSent.getMessage().contains("failoverTimeout=3000 ms") &&
                notSent.getMessage().contains("(2 of 3)"), notSent::getMessage);
            assertTrue(waitedMs < 3_000, "rolled back at once, not after a timeout: " + waitedMs + " ms");

            for (final int id : frozen)
            {
                cluster.thaw(id);
            }
            Await.until("a send to succeed once a majority runs again", DEADLINE, () ->
            {
                try
                {
                    producer.send(ledger, session.createTextMessage("after"));
                    return true;
                }
                catch (final JMSException ex)
                {
                    return false;
                }
            });
            first.close();
            second.close();
            final Message audit = session.createConsumer(audits).receive(2_000);
            assertTrue(null == audit || audit.getJMSRedelivered(), "the audit is gone or back marked redelivered");
            final MessageConsumer entries = session.createConsumer(ledger);
            final Message entry = entries.receive(DEADLINE.toMillis());
            assertTrue(null != entry && entry.getJMSRedelivered(), "the entry is back marked redelivered");
            System.out.println("CommitOutcomeTest: unknown: " + unknown.getMessage() + "; rolled back after " +
                waitedMs + " ms: " + notSent.getMessage() + "; the audit " + (null == audit ? "was acknowledged" :
                "came back"));
        }
    }
}
