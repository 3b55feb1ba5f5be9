package io.wirespeed.jms.queue;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Session;
import javax.jms.Topic;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import io.aeron.driver.MediaDriver;
import io.wirespeed.host.QueueHost;
import io.wirespeed.host.QueueSelectors;
import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.test.DriverDirectories;
import io.wirespeed.test.FreePorts;
import io.wirespeed.transport.aeron.AeronTransport;
import io.wirespeed.transport.aeron.AeronTransportContext;
import io.wirespeed.transport.aeron.MediaDriverLauncher;

/**
 * A client whose queue host is elsewhere ({@code host=}) and whose topics travel on its embedded driver's IPC: the
 * host, which feeds shared and durable subscriptions from the topic, cannot hear it, so creating one fails at once
 * naming the topic's channel and how to route it, instead of a subscription that silently receives nothing.
 */
class HostCannotHearTopicTest
{
    private MediaDriver hostDriver;
    private AeronTransport hostTransport;
    private QueueHost host;
    private String endpoint;
    private String clientDir;
    private Connection connection;

    @BeforeEach
    void startAHostOverUdp()
    {
        final String hostDir = DriverDirectories.unique("cannot-hear-host");
        hostDriver = MediaDriverLauncher.launch(new AeronTransportContext().directory(hostDir).deleteDirOnStart(true)
            .conclude());
        hostTransport =
            AeronTransport.connect(new AeronTransportContext().embedded(false).directory(hostDir).conclude());
        endpoint = "127.0.0.1:" + FreePorts.udpPair();
        host = new QueueHost(hostTransport, QueueSelectors::compile).serveUdp(endpoint).start();
        clientDir = DriverDirectories.unique("cannot-hear-client");
    }

    @AfterEach
    void stop() throws JMSException
    {
        if (null != connection)
        {
            connection.close();
        }
        host.close();
        hostTransport.close();
        hostDriver.close();
        DriverDirectories.delete(clientDir);
    }

    @Test
    void sharedAndDurableSubscriptionsOnAnIpcTopicFailNamingItsChannelAndTheRoute() throws Exception
    {
        connection = new JmsConnectionFactory("wirespeed:ipc?aeronDir=" + clientDir + "&host=" + endpoint)
            .createConnection();
        connection.setClientID("cannot-hear");
        final Session session = connection.createSession();
        final Topic topic = session.createTopic("orders.placed");

        assertNamesChannelAndRoute(() -> session.createSharedConsumer(topic, "shared"));
        assertNamesChannelAndRoute(() -> session.createDurableConsumer(topic, "durable"));
        assertNamesChannelAndRoute(() -> session.createSharedDurableConsumer(topic, "sharedDurable"));
        assertNotNull(session.createConsumer(topic), "a plain topic consumer needs no host");
    }

    @Test
    void aTopicRoutedOverUdpIsOneTheHostCanHear() throws Exception
    {
        connection = new JmsConnectionFactory("wirespeed:ipc?aeronDir=" + clientDir + "&host=" + endpoint +
            "&route.orders.>=aeron:udp?endpoint=127.0.0.1:" + FreePorts.udp()).createConnection();
        final Session session = connection.createSession();

        assertNotNull(session.createSharedConsumer(session.createTopic("orders.placed"), "shared"));
    }

    private static void assertNamesChannelAndRoute(final Executable create)
    {
        final JMSException refused = assertThrows(JMSException.class, create);
        final String message = refused.getMessage();
        assertTrue(message.contains("aeron:ipc") && message.contains("route.orders.placed=aeron:udp") &&
            message.contains("docs/deployment.md"), message);
    }
}
