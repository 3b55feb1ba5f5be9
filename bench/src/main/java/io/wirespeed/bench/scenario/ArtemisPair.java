package io.wirespeed.bench.scenario;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.childjvm.JvmCommand;

/**
 * S10's ActiveMQ Artemis replicated pair: two {@link ArtemisPairBroker} processes on loopback, the primary started
 * first, then its backup; {@link #start} returns once the primary says its backup is in sync, so that every durable
 * send measured is replicated. Clients connect to the primary with {@code ha=true} and reconnect attempts, so they
 * would fail over to the backup. Each broker's directory lies under a root the caller removes.
 */
final class ArtemisPair implements AutoCloseable
{
    /** What a point's {@code transport} says of the pair. */
    static final String TRANSPORT = "tcp (loopback), 2 broker processes: primary and backup";
    /** How long a broker, or the backup's initial replication, may take on a loaded 2-core machine. */
    private static final Duration START = Duration.ofSeconds(90);
    private static final Duration STOP = Duration.ofSeconds(30);
    /** Bytes of durable sends the client keeps until the primary confirms them: completions need a window. */
    private static final int CONFIRMATION_WINDOW = 1024 * 1024;

    private final ChildJvm primary;
    private final ChildJvm backup;
    private final String uri;
    private final Map<String, Object> settings;

    private ArtemisPair(final ChildJvm primary, final ChildJvm backup, final String uri,
        final Map<String, Object> settings)
    {
        this.primary = primary;
        this.backup = backup;
        this.uri = uri;
        this.settings = settings;
    }

    /**
     * Starts the primary, then the backup, and waits until the backup is in sync.
     *
     * @param root where the brokers' directories go.
     * @return the pair.
     * @throws Exception if a broker does not start, or the backup does not come in sync, within
     *                   {@link #START}; both brokers are stopped then.
     */
    static ArtemisPair start(final Path root) throws Exception
    {
        final int primaryPort = freeTcpPort();
        int backupPort = freeTcpPort();
        while (backupPort == primaryPort)
        {
            backupPort = freeTcpPort();
        }
        final long startNs = System.nanoTime();
        final ChildJvm primary = broker("primary", root, primaryPort, backupPort);
        ChildJvm backup = null;
        try
        {
            primary.awaitLine(ArtemisPairBroker.STARTED, START);
            backup = broker("backup", root, backupPort, primaryPort);
            backup.awaitLine(ArtemisPairBroker.STARTED, START);
            primary.awaitLine(ArtemisPairBroker.REPLICATING, START);
        }
        catch (final Exception ex)
        {
            stop(backup);
            stop(primary);
            throw ex;
        }
        final String uri = "tcp://127.0.0.1:" + primaryPort + "?ha=true&reconnectAttempts=30&retryInterval=500" +
            "&confirmationWindowSize=" + CONFIRMATION_WINDOW;
        final Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("api", "JMS 2.0 (ActiveMQ Artemis " +
            org.apache.activemq.artemis.utils.VersionLoader.getVersion().getFullVersion() + ")");
        settings.put("transport", TRANSPORT);
        settings.put("uri", uri);
        settings.put("broker", "replicated primary/backup (ha-policy replication, shared nothing), cluster " +
            "connection with static connectors; persistence on, NIO journal in /dev/shm, journal sync on, " +
            "journal-buffer-timeout " + ArtemisPairBroker.JOURNAL_BUFFER_TIMEOUT_NS / 1000 + " µs; a durable send " +
            "returns once the backup has it replicated; security off");
        settings.put("jvm", "-Xmx256m, serial GC, C1 only (as the single host and the cluster members)");
        settings.put("pairStartSeconds", Math.round((System.nanoTime() - startNs) / 1e8) / 10.0);
        return new ArtemisPair(primary, backup, uri, settings);
    }

    /** @return the client's URI: the primary, {@code ha=true}, reconnecting to fail over. */
    String uri()
    {
        return uri;
    }

    /** @return what the pair is, for a point: api, transport, uri, broker, jvm, pairStartSeconds. */
    Map<String, Object> settings()
    {
        return settings;
    }

    /** Stops the backup, then the primary (the other way round the backup would take over first). */
    @Override
    public void close() throws InterruptedException
    {
        try
        {
            stop(backup);
        }
        finally
        {
            stop(primary);
        }
    }

    private static ChildJvm broker(final String role, final Path root, final int port, final int otherPort)
        throws IOException
    {
        final Path directory = Files.createDirectories(root.resolve("artemis-" + role));
        return ChildJvm.start("artemis " + role, JvmCommand.small(ArtemisPairBroker.class)
            .args(role, directory.toString(), Integer.toString(port), Integer.toString(otherPort)));
    }

    private static void stop(final ChildJvm broker) throws InterruptedException
    {
        if (null == broker)
        {
            return;
        }
        try
        {
            broker.closeInput();
            if (!broker.waitFor(STOP))
            {
                broker.killForcibly(STOP);
            }
        }
        finally
        {
            broker.close();
        }
    }

    private static int freeTcpPort() throws IOException
    {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress()))
        {
            return socket.getLocalPort();
        }
    }
}
