package io.wirespeed.bench.rig;

import java.io.File;
import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import org.agrona.IoUtil;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.CountersReader;

import io.aeron.AeronCounters;
import io.aeron.CncFileDescriptor;
import io.aeron.cluster.service.Cluster;
import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.childjvm.JvmCommand;
import io.wirespeed.host.cluster.ClusterMemberSettings;
import io.wirespeed.host.cluster.ClusterMembers;
import io.wirespeed.netns.NamespaceHost;

/**
 * Three {@code wirespeed-driver} processes as the members of a clustered queue host (driver/README.md, "A cluster
 * member"), each at an endpoint of its own: on loopback ({@link LoopbackClusterSide}) or each on a host of a network
 * of namespaces ({@link #onHosts}), as on three machines. Each has its directories under one root in {@code /dev/shm}
 * (which the namespaces share) that {@link #close()} removes. Which
 * member leads is read from each member's own media driver's counters (Aeron Cluster's node role counter in
 * {@code <wirespeed.cluster.dir>/driver/cnc.dat}), as {@code AeronStat} would: no client session of the bench's, so
 * nothing to keep alive across kills. A member's process is killed (SIGKILL) or stopped (SIGTERM) and started again
 * in the same directories.
 * <p>
 * The bench's twin of the {@code it} module's {@code MemberProcesses} (test code, which the bench cannot use): the
 * same process layout, but with the member settings given by the caller (S10 passes the project's defaults,
 * {@link #FAILURE_DETECTION}).
 */
public class ClusterSide implements AutoCloseable
{
    /** The driver's main class. */
    public static final String MAIN_CLASS = "io.wirespeed.driver.WirespeedMediaDriver";
    /** The start of the line a member prints once it runs. */
    public static final String RUNNING = "wirespeed-driver running";
    /** How many members. */
    public static final int SIZE = 3;
    /** How long a member starting on a loaded 2-core machine may take. */
    public static final Duration START = Duration.ofSeconds(90);
    /** The port of every member on a host of its own ({@link #onHosts}): each host has its own. */
    public static final int HOST_PORT = 20_000;
    /**
     * The members' failure detection as S10 runs it, the project's defaults written out: leader heartbeat timeout 1 s,
     * interval 100 ms, election timeout 500 ms.
     */
    public static final Map<String, String> FAILURE_DETECTION = Map.of(
        ClusterMemberSettings.LEADER_HEARTBEAT_TIMEOUT_PROP, "1s",
        ClusterMemberSettings.LEADER_HEARTBEAT_INTERVAL_PROP, "100ms",
        ClusterMemberSettings.ELECTION_TIMEOUT_PROP, "500ms");

    private static final Duration STOP = Duration.ofSeconds(30);

    private final Path root;
    private final Map<String, String> settings;
    private final String members;
    private final String hostOption;
    private final List<List<String>> launchers;
    private final List<ChildJvm> processes = new ArrayList<>();
    private final List<String> runningLines = new ArrayList<>();
    private final List<ChildJvm> ended = new ArrayList<>();

    /**
     * A cluster not started yet: {@link #startMembers()} starts it.
     *
     * @param root      where the members' directories go, removed on {@link #close()} ({@link #newRoot}).
     * @param settings  the members' cluster settings, as system properties of each member's process.
     * @param endpoints each member's {@code ADDRESS:PORT}, by member id.
     * @param launchers each member's launcher ({@link JvmCommand#launcher}), empty for none, by member id.
     */
    protected ClusterSide(final Path root, final Map<String, String> settings, final List<String> endpoints,
        final List<List<String>> launchers)
    {
        if (SIZE != endpoints.size() || SIZE != launchers.size())
        {
            throw new IllegalArgumentException("a cluster side has " + SIZE + " members: " + endpoints);
        }
        this.root = root;
        this.settings = Map.copyOf(settings);
        this.launchers = List.copyOf(launchers);
        final StringBuilder memberList = new StringBuilder();
        for (int id = 0; id < SIZE; id++)
        {
            memberList.append(0 == id ? "" : ",").append(id).append('=').append(endpoints.get(id));
        }
        this.members = memberList.toString();
        this.hostOption = String.join(",", endpoints);
    }

    /**
     * Starts the three members, each on a host of its own at {@link #HOST_PORT}, and waits until each runs (not for a
     * leader: {@link #awaitLeader}).
     *
     * @param hosts    the members' hosts, by member id.
     * @param settings the members' cluster settings ({@link #FAILURE_DETECTION}...).
     * @return the running cluster; close it to stop the members and remove their directories.
     * @throws Exception if a member does not start within {@link #START}.
     */
    public static ClusterSide onHosts(final List<NamespaceHost> hosts, final Map<String, String> settings)
        throws Exception
    {
        final List<String> endpoints = new ArrayList<>();
        final List<List<String>> launchers = new ArrayList<>();
        for (final NamespaceHost host : hosts)
        {
            endpoints.add(host.address() + ":" + HOST_PORT);
            launchers.add(host.launcher());
        }
        final ClusterSide cluster = new ClusterSide(newRoot("cluster"), settings, endpoints, launchers);
        cluster.startMembers();
        return cluster;
    }

    /**
     * A new directory for a cluster's files, readable by this user only: in {@code /dev/shm} where there is one.
     *
     * @param use what the cluster is for, in the directory's name.
     * @return the directory, created.
     * @throws IOException if it cannot be created.
     */
    protected static Path newRoot(final String use) throws IOException
    {
        final File shm = new File("/dev/shm");
        final Path base = shm.isDirectory() ? shm.toPath() : Path.of(System.getProperty("java.io.tmpdir"));
        return Files.createDirectory(base.resolve("wirespeed-bench-" + use + "-" +
            Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE)),
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    }

    /**
     * Starts the three members at once and waits until each runs; stops them all and removes the root if one does
     * not.
     *
     * @throws Exception if a member does not start within {@link #START}.
     */
    protected final void startMembers() throws Exception
    {
        try
        {
            for (int id = 0; id < SIZE; id++)
            {
                processes.add(startMember(id));
                runningLines.add("");
            }
            for (int id = 0; id < SIZE; id++)
            {
                runningLines.set(id, processes.get(id).awaitLine(RUNNING, START));
            }
        }
        catch (final Exception ex)
        {
            close();
            throw ex;
        }
    }

    /**
     * The members as a JMS connection names them.
     *
     * @return {@code A:PORT,B:PORT,C:PORT}, the value of the URI option {@code host}.
     */
    public String hostOption()
    {
        return hostOption;
    }

    /**
     * The members' list as each member is given it.
     *
     * @return {@code 0=A:PORT,1=B:PORT,2=C:PORT}, {@code wirespeed.cluster.members}.
     */
    public String members()
    {
        return members;
    }

    /**
     * Where the cluster's files lie; a client's own driver directory may go under it too.
     *
     * @return the root directory, removed on {@link #close()}.
     */
    public Path root()
    {
        return root;
    }

    /**
     * The line a member printed when it came up last, with the settings it runs with.
     *
     * @param id the member's id.
     * @return the line.
     */
    public String runningLine(final int id)
    {
        return runningLines.get(id);
    }

    /**
     * Each member's role now, as its consensus module counts it; a member whose process does not run, or whose
     * counters are not there yet, reads null.
     *
     * @return the roles by member id.
     */
    public List<Cluster.Role> roles()
    {
        final List<Cluster.Role> roles = new ArrayList<>();
        for (int id = 0; id < SIZE; id++)
        {
            roles.add(processes.get(id).isAlive() ?
                role(root.resolve("member-" + id).resolve(ClusterMemberSettings.DRIVER_DIR).toFile()) : null);
        }
        return roles;
    }

    /**
     * The leader, once the members agree: exactly one reads {@link Cluster.Role#LEADER} and every other
     * {@link Cluster.Role#FOLLOWER}.
     *
     * @return the leader's id, or -1 while they do not agree (an election, a member starting).
     */
    public int settledLeader()
    {
        final List<Cluster.Role> roles = roles();
        int leader = -1;
        for (int id = 0; id < SIZE; id++)
        {
            final Cluster.Role role = roles.get(id);
            if (Cluster.Role.LEADER == role && -1 == leader)
            {
                leader = id;
            }
            else if (Cluster.Role.FOLLOWER != role)
            {
                return -1;
            }
        }
        return leader;
    }

    /**
     * Waits until the members agree on a leader ({@link #settledLeader()}).
     *
     * @param timeout how long to wait.
     * @return the leader's id.
     * @throws InterruptedException  if interrupted while waiting.
     * @throws IllegalStateException with the members' roles and output, if they do not agree in time.
     */
    public int awaitLeader(final Duration timeout) throws InterruptedException
    {
        final long deadline = System.nanoTime() + timeout.toNanos();
        int leader;
        while (-1 == (leader = settledLeader()))
        {
            if (System.nanoTime() - deadline > 0)
            {
                final StringBuilder outputs = new StringBuilder();
                for (int id = 0; id < SIZE; id++)
                {
                    outputs.append("\nmember ").append(id).append(":\n").append(output(id));
                }
                throw new IllegalStateException("no leader that all three members name within " + timeout +
                    " (roles " + roles() + "): can the members reach each other's ports (" + members + ")?" +
                    outputs);
            }
            Thread.sleep(10);
        }
        return leader;
    }

    /**
     * Kills a member's process at once (SIGKILL) and waits until it has gone.
     *
     * @param id the member's id.
     * @throws InterruptedException if interrupted while waiting.
     */
    public void kill(final int id) throws InterruptedException
    {
        final ChildJvm process = processes.get(id);
        process.killForcibly(STOP);
        ended.add(process);
    }

    /**
     * Sends a member's process SIGTERM (it stops cleanly: the member, then its driver) and waits until it has gone.
     *
     * @param id the member's id.
     * @throws InterruptedException if interrupted while waiting.
     */
    public void terminate(final int id) throws InterruptedException
    {
        final ChildJvm process = processes.get(id);
        process.terminate();
        if (!process.waitFor(STOP))
        {
            process.killForcibly(STOP);
        }
        ended.add(process);
    }

    /**
     * Whether a member's process is gone.
     *
     * @param id the member's id.
     * @return true once it exited.
     */
    public boolean exited(final int id)
    {
        return !processes.get(id).isAlive();
    }

    /**
     * Starts a member's process again in the directories of the one before it; does not wait for it.
     *
     * @param id the member's id.
     * @throws IOException if the JVM cannot be started.
     */
    public void restart(final int id) throws IOException
    {
        processes.set(id, startMember(id));
    }

    /**
     * Waits until a member started by {@link #restart(int)} runs.
     *
     * @param id the member's id.
     * @throws InterruptedException if interrupted while waiting.
     */
    public void awaitRunning(final int id) throws InterruptedException
    {
        runningLines.set(id, processes.get(id).awaitLine(RUNNING, START));
    }

    /**
     * What a member's current process printed so far, for a failure's message.
     *
     * @param id the member's id.
     * @return its output.
     */
    public String output(final int id)
    {
        return processes.get(id).output();
    }

    /** Stops every member (SIGTERM, then SIGKILL if it lingers) and removes the cluster's directories. */
    @Override
    public void close() throws InterruptedException
    {
        for (final ChildJvm process : processes)
        {
            process.terminate();
        }
        for (final ChildJvm process : processes)
        {
            if (!process.waitFor(STOP))
            {
                process.killForcibly(STOP);
            }
            process.close();
        }
        for (final ChildJvm process : ended)
        {
            process.close();
        }
        IoUtil.delete(root.toFile(), true);
    }

    private ChildJvm startMember(final int id) throws IOException
    {
        final JvmCommand command = JvmCommand.small(MAIN_CLASS)
            .systemProperty("wirespeed.driver.dir", root.resolve("driver-" + id).toString())
            .systemProperty(ClusterMembers.MEMBERS_PROP, members)
            .systemProperty(ClusterMembers.MEMBER_ID_PROP, Integer.toString(id))
            .systemProperty("wirespeed.cluster.dir", root.resolve("member-" + id).toString())
            .launcher(launchers.get(id));
        new LinkedHashMap<>(settings).forEach(command::systemProperty);
        return ChildJvm.start("cluster member " + id, command);
    }

    /**
     * A member's role from its media driver's counters.
     *
     * @param driverDir the member's own driver's directory.
     * @return the role, or null if its counters cannot be read (not yet there, or no role counter yet).
     */
    static Cluster.Role role(final File driverDir)
    {
        final long role = counter(driverDir, AeronCounters.CLUSTER_NODE_ROLE_TYPE_ID);
        return role < 0 ? null : Cluster.Role.get(role);
    }

    /**
     * The highest leadership term any running member's consensus module counts: it grows by one with each election
     * that ends with a leader, asked for or not.
     *
     * @return the term, or -1 while no member's counters can be read.
     */
    public long leadershipTermId()
    {
        long term = -1;
        for (int id = 0; id < SIZE; id++)
        {
            if (processes.get(id).isAlive())
            {
                term = Math.max(term, counter(root.resolve("member-" + id).resolve(ClusterMemberSettings.DRIVER_DIR)
                    .toFile(), AeronCounters.CLUSTER_LEADERSHIP_TERM_ID_TYPE_ID));
            }
        }
        return term;
    }

    /**
     * A counter of a member's consensus module, the first of its type, from its media driver's counters.
     *
     * @param driverDir the member's own driver's directory.
     * @param typeId    the counter's type ({@link AeronCounters}).
     * @return its value, or -1 if the counters cannot be read or have no such counter (yet).
     */
    private static long counter(final File driverDir, final int typeId)
    {
        final File cnc = new File(driverDir, CncFileDescriptor.CNC_FILE);
        if (!cnc.isFile() || cnc.length() < CncFileDescriptor.END_OF_METADATA_OFFSET)
        {
            return -1;
        }
        final MappedByteBuffer buffer;
        try
        {
            buffer = IoUtil.mapExistingFile(cnc, "cnc");
        }
        catch (final RuntimeException ex)
        {
            return -1;
        }
        try
        {
            final UnsafeBuffer meta = CncFileDescriptor.createMetaDataBuffer(buffer);
            if (CncFileDescriptor.CNC_VERSION != meta.getIntVolatile(CncFileDescriptor.cncVersionOffset(0)))
            {
                return -1;
            }
            final CountersReader counters = new CountersReader(
                CncFileDescriptor.createCountersMetaDataBuffer(buffer, meta),
                CncFileDescriptor.createCountersValuesBuffer(buffer, meta), StandardCharsets.US_ASCII);
            final long[] value = {-1};
            counters.forEach((counterId, counterTypeId, keyBuffer, label) ->
            {
                if (typeId == counterTypeId && value[0] < 0)
                {
                    value[0] = counters.getCounterValue(counterId);
                }
            });
            return value[0];
        }
        catch (final RuntimeException ex)
        {
            return -1;
        }
        finally
        {
            IoUtil.unmap(buffer);
        }
    }
}
