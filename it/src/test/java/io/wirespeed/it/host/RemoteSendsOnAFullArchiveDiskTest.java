package io.wirespeed.it.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.ResourceAllocationException;
import javax.jms.Session;
import javax.jms.TextMessage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.test.Await;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.SlowTest;
import io.wirespeed.test.SmallDisk;

/**
 * A client over UDP of a driver process whose archive's disk fills (a 64 MiB tmpfs the test mounts and fills, with
 * {@code wirespeed.archive.min.free=16m}; skipped where it may not mount one): the host refuses a remote client's
 * PERSISTENT queue messages while recording is stopped, and the send waiting for the host's confirmation that the
 * archive recorded it throws the refusal ({@code ResourceAllocationException} naming the full disk), as a local
 * client's PERSISTENT send fails then; NON_PERSISTENT messages go on, and once the disk has room PERSISTENT ones are
 * taken again.
 */
@SlowTest
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class RemoteSendsOnAFullArchiveDiskTest
{
    private static final long MIB = 1024 * 1024;
    private static final long RECEIVE_MS = 20_000;

    @RegisterExtension
    final ChildJvms processes = new ChildJvms();

    @TempDir
    Path temp;

    @Test
    void whileTheHostsArchiveDiskIsFullRemotePersistentQueueSendsAreRefusedWithNoticeAndTheRestGoesOn()
        throws Exception
    {
        try (SmallDisk disk = SmallDisk.mount(temp.resolve("disk"), "64m"))
        {
            final HostOverUdp host = HostOverUdp.start(processes, disk.archiveSettings("16m"));
            final String queueName = "it.host.fulldisk." + UUID.randomUUID();
            try (Connection remote = new JmsConnectionFactory(host.clientUri()).createConnection();
                Connection local = new JmsConnectionFactory(host.driver().ipcUri()).createConnection())
            {
                // refusals are told to the session that sent the message: the other session's sends are not held up
                final Session refusedSession = remote.createSession(false, Session.AUTO_ACKNOWLEDGE);
                final Session otherSession = remote.createSession(false, Session.AUTO_ACKNOWLEDGE);
                final Queue queue = refusedSession.createQueue(queueName);
                final MessageProducer refusedProducer = refusedSession.createProducer(queue);
                final MessageProducer otherProducer = otherSession.createProducer(queue);
                refusedProducer.send(refusedSession.createTextMessage("before"), DeliveryMode.PERSISTENT, 4, 0);

                final Path filler = disk.fill(8 * MIB);
                Await.until("the host to stop recording", Duration.ofSeconds(20),
                    () -> host.driver().process().output().contains("stopped recording"));
                final JMSException refused = Await.value("a remote PERSISTENT send to be refused",
                    Duration.ofSeconds(20), () -> sendOrFailure(refusedSession, refusedProducer));
                assertInstanceOf(ResourceAllocationException.class, refused, refused.toString());
                assertTrue(refused.getMessage().contains("disk is nearly full"), refused.getMessage());
                otherProducer.send(otherSession.createTextMessage("non-persistent"), DeliveryMode.NON_PERSISTENT, 4,
                    0);

                Files.delete(filler);
                Await.until("the host to record again", Duration.ofSeconds(20),
                    () -> host.driver().process().output().contains("stream(s) again"));
                otherProducer.send(otherSession.createTextMessage("after"), DeliveryMode.PERSISTENT, 4, 0);

                final Session localSession = local.createSession(false, Session.AUTO_ACKNOWLEDGE);
                final MessageConsumer consumer = localSession.createConsumer(localSession.createQueue(queueName));
                local.start();
                final List<String> received = new ArrayList<>();
                while (!received.contains("after"))
                {
                    final Message message = consumer.receive(RECEIVE_MS);
                    assertNotNull(message, "delivery stopped after " + received);
                    received.add(((TextMessage)message).getText());
                }
                assertEquals(List.of("before", "non-persistent", "after"), received, "no refused message delivered");
            }
            host.driver().stopCleanly();
        }
    }

    /** @return null if the send returned, else its failure (the refusal of an earlier message). */
    private static JMSException sendOrFailure(final Session session, final MessageProducer producer)
    {
        try
        {
            producer.send(session.createTextMessage("during"), DeliveryMode.PERSISTENT, 4, 0);
            return null;
        }
        catch (final JMSException ex)
        {
            return ex;
        }
    }
}
