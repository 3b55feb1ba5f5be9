package io.wirespeed.bench.scenario;

import java.io.File;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.apache.activemq.artemis.core.config.ClusterConnectionConfiguration;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.ha.ReplicaPolicyConfiguration;
import org.apache.activemq.artemis.core.config.ha.ReplicatedPolicyConfiguration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.JournalType;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;

/**
 * One broker of S10's ActiveMQ Artemis replicated pair ({@link ArtemisPair}), in a JVM of its own until standard
 * input closes: the primary ({@code ha-policy replication primary}) or its backup ({@code replication backup}),
 * shared nothing, each with a TCP acceptor on loopback and a cluster connection naming the other statically;
 * persistence on, its journal (NIO) under a directory, journal sync on, as Artemis ships it: a durable send's
 * response leaves the primary once its journal has the message and the backup has it replicated. Security and JMX
 * off, as {@link io.wirespeed.bench.peer.ArtemisTarget}'s broker.
 * <p>
 * Prints {@value #STARTED} once the broker started (a backup then looks for its primary), and the primary
 * {@value #REPLICATING} once its backup is in sync. Arguments: {@code primary|backup <directory> <own port>
 * <other's port>}.
 */
public final class ArtemisPairBroker
{
    /** The start of the line a broker prints once it started. */
    public static final String STARTED = "ARTEMIS STARTED";
    /** The start of the line the primary prints once its backup is in sync. */
    public static final String REPLICATING = "ARTEMIS REPLICATING";
    /**
     * The journal's buffer timeout, ns: as {@code artemis create} tunes it to the time of one synced write on the
     * journal's disk, a few µs on memory ({@code /dev/shm}); Artemis's untuned NIO default (3.3 ms) would hold each
     * closed-loop durable send up to that long.
     */
    public static final int JOURNAL_BUFFER_TIMEOUT_NS = 10_000;

    private static final String CLUSTER = "pair";

    private ArtemisPairBroker()
    {
    }

    /**
     * Runs the broker until standard input closes.
     *
     * @param args {@code primary} or {@code backup}, the broker's directory, its port and the other broker's port.
     * @throws Exception if the broker does not start; the JVM then exits non-zero.
     */
    public static void main(final String[] args) throws Exception
    {
        if (args.length != 4 || !List.of("primary", "backup").contains(args[0]))
        {
            throw new IllegalArgumentException("pass primary|backup <directory> <own port> <other's port>, not " +
                List.of(args));
        }
        final boolean primary = "primary".equals(args[0]);
        final EmbeddedActiveMQ broker = new EmbeddedActiveMQ();
        broker.setConfiguration(configuration(primary, new File(args[1]), Integer.parseInt(args[2]),
            Integer.parseInt(args[3])));
        broker.start();
        System.out.println(STARTED + " " + args[0] + " on 127.0.0.1:" + args[2]);
        System.out.flush();
        if (primary)
        {
            final Thread watch = new Thread(() -> announceReplicating(broker.getActiveMQServer()), "replica-watch");
            watch.setDaemon(true);
            watch.start();
        }
        while (System.in.read() != -1)
        {
            // Nothing is expected on standard input; its end is the signal to stop.
        }
        broker.stop();
        System.exit(0);
    }

    private static Configuration configuration(
        final boolean primary, final File directory, final int port, final int otherPort) throws Exception
    {
        final ConfigurationImpl config = new ConfigurationImpl();
        config.setName(primary ? "primary" : "backup")
            .setPersistenceEnabled(true)
            .setJournalType(JournalType.NIO)
            .setJournalBufferTimeout_NIO(JOURNAL_BUFFER_TIMEOUT_NS)
            .setSecurityEnabled(false)
            .setJMXManagementEnabled(false)
            .setClusterPassword("wirespeed-bench-s10")
            .setHAPolicyConfiguration(primary ? new ReplicatedPolicyConfiguration().setClusterName(CLUSTER) :
                new ReplicaPolicyConfiguration().setClusterName(CLUSTER));
        config.setBrokerInstance(directory);
        config.addAcceptorConfiguration("tcp", "tcp://127.0.0.1:" + port);
        config.addConnectorConfiguration("self", "tcp://127.0.0.1:" + port);
        config.addConnectorConfiguration("other", "tcp://127.0.0.1:" + otherPort);
        config.addClusterConfiguration(new ClusterConnectionConfiguration()
            .setName(CLUSTER)
            .setConnectorName("self")
            .setStaticConnectors(List.of("other"))
            .setRetryInterval(100));
        return config;
    }

    private static void announceReplicating(final ActiveMQServer server)
    {
        try
        {
            while (!server.isReplicaSync())
            {
                TimeUnit.MILLISECONDS.sleep(10);
            }
            System.out.println(REPLICATING + ": the backup is in sync");
            System.out.flush();
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }
}
