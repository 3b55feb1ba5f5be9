package io.wirespeed.bench.peer;

import java.io.File;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.Map;

import javax.jms.ConnectionFactory;

import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/**
 * ActiveMQ Artemis embedded in this JVM with persistence and security off, an in-VM and a TCP
 * acceptor on loopback, reached through its javax.jms client either in-VM or over TCP.
 */
public final class ArtemisTarget implements JmsTarget
{
    private final EmbeddedActiveMQ server;
    private final File directory;
    private final String url;
    private final boolean tcp;

    private ArtemisTarget(final EmbeddedActiveMQ server, final File directory, final String url, final boolean tcp)
    {
        this.server = server;
        this.directory = directory;
        this.url = url;
        this.tcp = tcp;
    }

    /**
     * Starts an embedded broker and targets it.
     *
     * @param tcp  true to connect over TCP on loopback, false for the in-VM connector.
     * @param port the TCP acceptor's port.
     * @return the target; close it to stop the broker.
     * @throws Exception if the broker does not start.
     */
    public static ArtemisTarget start(final boolean tcp, final int port) throws Exception
    {
        return start(tcp, "127.0.0.1", port);
    }

    /**
     * Starts an embedded broker whose TCP acceptor listens on an address, and targets it.
     *
     * @param tcp     true to connect over TCP, false for the in-VM connector.
     * @param address the TCP acceptor's address: loopback, or a host's address when clients on other hosts use it.
     * @param port    the TCP acceptor's port.
     * @return the target; close it to stop the broker.
     * @throws Exception if the broker does not start.
     */
    public static ArtemisTarget start(final boolean tcp, final String address, final int port) throws Exception
    {
        final File directory = Files.createTempDirectory("wirespeed-bench-artemis").toFile();
        final Configuration config = new ConfigurationImpl()
            .setPersistenceEnabled(false)
            .setSecurityEnabled(false)
            .setJMXManagementEnabled(false)
            .addAcceptorConfiguration("in-vm", "vm://0")
            .addAcceptorConfiguration("tcp", "tcp://" + address + ":" + port);
        config.setBrokerInstance(directory);
        final EmbeddedActiveMQ server = new EmbeddedActiveMQ();
        server.setConfiguration(config);
        server.start();
        final String url = tcp ? "tcp://" + address + ":" + port : "vm://0";
        return new ArtemisTarget(server, directory, url, tcp);
    }

    @Override
    public ConnectionFactory factory()
    {
        return new ActiveMQConnectionFactory(url);
    }

    @Override
    public Map<String, Object> settings()
    {
        return settings(tcp ? "tcp-loopback" : "in-vm", url, "embedded");
    }

    /**
     * What an Artemis target is, wherever its broker runs.
     *
     * @param transport how clients reach the broker.
     * @param url       the broker's URL.
     * @param where     where the broker runs.
     * @return api, transport, threading, idle, uri and broker.
     */
    static Map<String, Object> settings(final String transport, final String url, final String where)
    {
        final Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("api", "JMS (ActiveMQ Artemis " + org.apache.activemq.artemis.utils.VersionLoader.getVersion()
            .getFullVersion() + ")");
        settings.put("transport", transport);
        settings.put("threading", "Artemis thread pools");
        settings.put("idle", "blocking (Artemis)");
        settings.put("uri", url);
        settings.put("broker", where + ", persistence off, security off, non-persistent sends");
        return settings;
    }

    @Override
    public JmsTarget withOption(final String option)
    {
        return this;
    }

    @Override
    public String uri()
    {
        return url;
    }

    @Override
    public void close() throws Exception
    {
        server.stop();
        deleteTree(directory);
    }

    private static void deleteTree(final File file)
    {
        final File[] children = file.listFiles();
        if (children != null)
        {
            for (final File child : children)
            {
                deleteTree(child);
            }
        }
        file.delete();
    }
}
