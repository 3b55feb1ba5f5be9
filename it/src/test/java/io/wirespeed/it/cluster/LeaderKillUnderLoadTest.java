package io.wirespeed.it.cluster;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.Session;

import org.agrona.CloseHelper;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import io.aeron.cluster.client.AeronCluster;
import io.aeron.cluster.client.EgressListener;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.host.cluster.ClusterMemberSettings;
import io.wirespeed.host.cluster.ClusterMembers;
import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.test.Await;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.DriverDirectories;
import io.wirespeed.test.FreePorts;
import io.wirespeed.test.MediaDriverProcess;
import io.wirespeed.test.SlowTest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Issue 24's {@code LeaderKillUnderLoadTest}, on loopback: three {@code wirespeed-driver} processes as the members of
 * a clustered queue host, two producers (synchronous PERSISTENT sends; PERSISTENT sends transacted in batches of ten)
 * and two consumers (AUTO_ACKNOWLEDGE, CLIENT_ACKNOWLEDGE acknowledging each) in this JVM naming the members
 * ({@code host=A:P,B:P,C:P}). The leader's process is killed (SIGKILL) once 30 % of the messages are confirmed: no
 * exception reaches the application, every send that returned is consumed, a message that comes twice comes marked
 * redelivered, and each producer's messages come to each consumer first time in the order sent. Not yet in network
 * namespaces (the layout); the members' heartbeat timeout is 2 s, as this 2-core machine's load makes 1 s
 * elect unasked.
 */
@SlowTest
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class LeaderKillUnderLoadTest
{
    private static final int PER_PRODUCER = 1_500;
    private static final int BATCH = 10;
    private static final double KILL_AT = 0.3;
    private static final Duration START = Duration.ofSeconds(60);
    private static final Duration DEADLINE = Duration.ofSeconds(90);

    @RegisterExtension
    final ChildJvms jvms = new ChildJvms();

    @TempDir
    Path temp;

    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final Map<String, Integer> timesReceived = new ConcurrentHashMap<>();
    private final Map<String, Integer> lastFirstTime = new ConcurrentHashMap<>();
    private final List<String> problems = new CopyOnWriteArrayList<>();
    private MediaDriver probeDriver;
    private AeronCluster probe;

    @AfterEach
    void close()
    {
        CloseHelper.closeAll(probe, probeDriver);
    }

    @Test
    void everyConfirmedMessageIsConsumedOnceUnmarkedWhenTheLeadersProcessIsKilled() throws Exception
    {
        final int[] ports = new int[3];
        final StringBuilder members = new StringBuilder();
        final StringBuilder hostOption = new StringBuilder();
        for (int id = 0; id < 3; id++)
        {
            ports[id] = distinctRun(ports, id);
            members.append(id == 0 ? "" : ",").append(id).append("=127.0.0.1:").append(ports[id]);
            hostOption.append(id == 0 ? "" : ",").append("127.0.0.1:").append(ports[id]);
        }
        final List<ChildJvm> processes = new ArrayList<>();
        for (int id = 0; id < 3; id++)
        {
            processes.add(jvms.start("member " + id, MediaDriverProcess.command(MediaDriverProcess.newDirectory(jvms),
                Map.of(ClusterMembers.MEMBERS_PROP, members.toString(),
                ClusterMembers.MEMBER_ID_PROP, Integer.toString(id),
                "wirespeed.cluster.dir", temp.resolve("member-" + id).toString(),
                ClusterMemberSettings.LEADER_HEARTBEAT_TIMEOUT_PROP, "2s",
                ClusterMemberSettings.LEADER_HEARTBEAT_INTERVAL_PROP, "100ms"))));
        }
        for (final ChildJvm process : processes)
        {
            process.awaitLine(MediaDriverProcess.RUNNING, START);
        }
        probeDriver = MediaDriver.launch(new MediaDriver.Context()
            .aeronDirectoryName(temp.resolve("probe-driver").toString())
            .threadingMode(ThreadingMode.SHARED)
            .sharedIdleStrategy(new BackoffIdleStrategy())
            .termBufferSparseFile(true)
            .dirDeleteOnShutdown(true));

        final String uri = "wirespeed:ipc?driver=embedded&aeronDir=" + DriverDirectories.unique("cluster-client") +
            "&host=" + hostOption + "&queueHostTimeout=30000&sendTimeout=30000";
        final AtomicInteger syncConfirmed = new AtomicInteger();
        final AtomicInteger transactedConfirmed = new AtomicInteger();
        try (Connection producing = new JmsConnectionFactory(uri).createConnection();
            Connection consuming = new JmsConnectionFactory(uri).createConnection())
        {
            producing.setExceptionListener((ex) -> failure.compareAndSet(null, ex));
            consuming.setExceptionListener((ex) -> failure.compareAndSet(null, ex));
            final Session autoSession = consuming.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Session clientSession = consuming.createSession(false, Session.CLIENT_ACKNOWLEDGE);
            final Queue queue = autoSession.createQueue("orders");
            listen(autoSession.createConsumer(queue), false);
            listen(clientSession.createConsumer(queue), true);
            consuming.start();

            final List<Thread> producers = List.of(
                producer("sync", producing.createSession(false, Session.AUTO_ACKNOWLEDGE), queue, syncConfirmed),
                producer("transacted", producing.createSession(true, Session.SESSION_TRANSACTED), queue,
                    transactedConfirmed));
            producers.forEach(Thread::start);

            final int killAt = (int)(2 * PER_PRODUCER * KILL_AT);
            Await.until(killAt + " sends confirmed", DEADLINE,
                () -> syncConfirmed.get() + transactedConfirmed.get() >= killAt || null != failure.get());
            final int leaderId = leaderId(members.toString());
            final int confirmedAtKill = syncConfirmed.get();
            final long killedNs = System.nanoTime();
            processes.get(leaderId).killForcibly(Duration.ofSeconds(30));
            // the pause as the synchronous producer sees it: from the kill to its next send returned
            final long pauseMs = Await.value("a synchronous send after the kill returned", DEADLINE,
                () -> syncConfirmed.get() > confirmedAtKill + 1 || null != failure.get() ?
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killedNs) : null);

            for (final Thread producer : producers)
            {
                producer.join(DEADLINE.toMillis());
            }
            assertNull(failure.get(), () -> "no exception reaches the application: " + failure.get() +
                jvms.outputs());
            assertEquals(PER_PRODUCER, syncConfirmed.get(), "every synchronous send returned");
            assertEquals(PER_PRODUCER, transactedConfirmed.get(), "every commit returned");
            try
            {
                Await.until("every confirmed message to be consumed", DEADLINE,
                    () -> timesReceived.size() == 2 * PER_PRODUCER || null != failure.get());
            }
            catch (final AssertionError ex)
            {
                fail((2 * PER_PRODUCER - timesReceived.size()) + " confirmed messages never came" + jvms.outputs(),
                    ex);
            }
            assertNull(failure.get(), () -> "no exception reaches the application: " + failure.get());
            assertEquals(List.of(), problems);
            System.out.println("LeaderKillUnderLoadTest: killed member " + leaderId + " (the leader) after " +
                killAt + " confirmed sends; the synchronous producer's next send returned " + pauseMs +
                " ms after the kill; all " + 2 * PER_PRODUCER + " consumed " +
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killedNs) + " ms after the kill; " +
                timesReceived.values().stream().filter((times) -> times > 1).count() + " came again, marked");
        }
    }

    private static int distinctRun(final int[] ports, final int count)
    {
        while (true)
        {
            final int base = FreePorts.udpRun(ClusterMembers.PORTS_PER_MEMBER);
            boolean overlaps = false;
            for (int i = 0; i < count; i++)
            {
                overlaps |= Math.abs(ports[i] - base) < ClusterMembers.PORTS_PER_MEMBER;
            }
            if (!overlaps)
            {
                return base;
            }
        }
    }

    /** Asks the cluster which member leads, through a probe client of its own. */
    private int leaderId(final String members)
    {
        if (null == probe)
        {
            probe = AeronCluster.connect(new AeronCluster.Context()
                .aeronDirectoryName(probeDriver.aeronDirectoryName())
                .ingressChannel("aeron:udp")
                .ingressEndpoints(members)
                .egressChannel("aeron:udp?endpoint=127.0.0.1:0")
                .egressListener(new EgressListener()
                {
                    @Override
                    public void onMessage(
                        final long clusterSessionId, final long timestamp, final org.agrona.DirectBuffer buffer,
                        final int offset, final int length, final io.aeron.logbuffer.Header header)
                    {
                    }
                })
                .messageTimeoutNs(TimeUnit.SECONDS.toNanos(10)));
        }
        probe.pollEgress();
        return probe.leaderMemberId();
    }

    private void listen(final MessageConsumer consumer, final boolean acknowledgeEach) throws JMSException
    {
        consumer.setMessageListener((message) ->
        {
            try
            {
                final String producer = message.getStringProperty("producer");
                final int seq = message.getIntProperty("seq");
                final int times = timesReceived.merge(producer + seq, 1, Integer::sum);
                if (times > 1 && !message.getJMSRedelivered())
                {
                    problems.add(producer + " " + seq + " came " + times + " times, unmarked");
                }
                if (!message.getJMSRedelivered())
                {
                    // in order per consumer: the two consumers' listeners run apart
                    final Integer last = lastFirstTime.put(acknowledgeEach + producer, seq);
                    if (null != last && seq < last)
                    {
                        problems.add(producer + " " + seq + " came first time after " + last);
                    }
                }
                if (acknowledgeEach)
                {
                    message.acknowledge();
                }
            }
            catch (final JMSException ex)
            {
                failure.compareAndSet(null, ex);
            }
        });
    }

    private Thread producer(
        final String name, final Session session, final Queue queue, final AtomicInteger confirmed) throws JMSException
    {
        final MessageProducer producer = session.createProducer(queue);
        producer.setDeliveryMode(DeliveryMode.PERSISTENT);
        return new Thread(() ->
        {
            try
            {
                for (int seq = 1; seq <= PER_PRODUCER; seq++)
                {
                    final Message message = session.createTextMessage(name + " " + seq);
                    message.setStringProperty("producer", name);
                    message.setIntProperty("seq", seq);
                    producer.send(message);
                    if (!session.getTransacted())
                    {
                        confirmed.set(seq);
                    }
                    else if (seq % BATCH == 0)
                    {
                        session.commit();
                        confirmed.set(seq);
                    }
                }
            }
            catch (final Throwable ex)
            {
                failure.compareAndSet(null, ex);
            }
        }, name + " producer");
    }
}
