package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;

import javax.jms.Session;
import javax.jms.Topic;
import javax.management.MBeanServer;
import javax.management.ObjectName;

import org.junit.jupiter.api.Test;

import io.wirespeed.test.Await;

/**
 * Every connection's figures are MBeans of the platform MBean server under the domain {@code io.wirespeed}, from its
 * creation to its close: the connection's, and each destination's it counted.
 */
class WirespeedMBeansTest extends JmsTestSupport
{
    private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();

    @Test
    void aConnectionsAndItsDestinationsFiguresAreReadThroughThePlatformMBeanServerUntilItCloses() throws Exception
    {
        final JmsConnection connection = (JmsConnection)connection();
        connection.start();
        final Session session = connection.createSession();
        final Topic topic = session.createTopic(uniqueTopic());
        publishAndReceive(session, topic, "tick ", 4);
        final long number = connection.metrics().number();
        final ObjectName connectionName = new ObjectName("io.wirespeed:type=Connection,connection=" + number);
        final ObjectName destinationName = new ObjectName("io.wirespeed:type=Destination,connection=" + number +
            ",name=" + ObjectName.quote("topic:" + topic.getTopicName()));
        Await.until("the connection's MBeans, registered a moment after it opened",
            () -> server.isRegistered(connectionName) && server.isRegistered(destinationName));

        assertEquals(connection.id().toString(), server.getAttribute(connectionName, "ConnectionId"));
        assertEquals(0L, server.getAttribute(connectionName, "SendFailures"));
        assertEquals(0L, server.getAttribute(connectionName, "SendBackPressureWaits"));
        assertEquals("UNUSED", server.getAttribute(connectionName, "QueueHost"));
        assertEquals(true, server.getAttribute(connectionName, "DriverAlive"));
        assertEquals("topic:" + topic.getTopicName(), server.getAttribute(destinationName, "Name"));
        assertEquals(4L, server.getAttribute(destinationName, "MessagesSent"));
        assertEquals(4L, server.getAttribute(destinationName, "MessagesReceived"));
        assertTrue((Long)server.getAttribute(destinationName, "BytesSent") > 0);
        assertEquals(server.getAttribute(destinationName, "BytesSent"),
            server.getAttribute(destinationName, "BytesReceived"));

        connection.close();

        assertFalse(server.isRegistered(connectionName), "the connection's MBean outlived it");
        assertFalse(server.isRegistered(destinationName), "the destination's MBean outlived its connection");
    }
}
