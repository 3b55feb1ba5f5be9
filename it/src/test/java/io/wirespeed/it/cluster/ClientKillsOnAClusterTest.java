package io.wirespeed.it.cluster;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.host.HostLimits;
import io.wirespeed.it.durable.KilledSubscriber;
import io.wirespeed.it.queue.KilledTransaction;
import io.wirespeed.jms.runtime.WirespeedRuntime;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.DriverDirectories;
import io.wirespeed.test.SlowTest;

/**
 * The single host's client kills against a clustered queue host: three {@code wirespeed-driver} processes as its
 * members on loopback ({@link MemberProcesses}), the clients in processes of their own naming them. A process killed
 * (SIGKILL) in the middle of a transaction ({@link KilledTransaction}); a durable subscriber killed mid-stream and
 * started again ({@link KilledSubscriber}). The cluster notices a dead client when its session times out (the host's
 * client timeout in cluster time). Each client has an embedded media driver in a directory of its own; a process
 * killed with SIGKILL cannot remove its directory, so the test does, once this JVM's runtimes are closed.
 */
@SlowTest
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ClientKillsOnAClusterTest
{
    private static final Pattern AERON_DIR = Pattern.compile("aeronDir=([^&]+)");

    @RegisterExtension
    final ChildJvms processes = new ChildJvms();

    @TempDir
    Path temp;

    private final List<String> driverDirs = new ArrayList<>();

    @AfterEach
    void removeDriverDirectories()
    {
        WirespeedRuntime.closeShared();
        driverDirs.forEach(DriverDirectories::delete);
    }

    /** A client URI of the cluster whose driver directory is removed after the test. */
    private String clientUri(final MemberProcesses cluster)
    {
        final String uri = cluster.clientUri();
        final Matcher dir = AERON_DIR.matcher(uri);
        if (!dir.find())
        {
            throw new IllegalStateException("no aeronDir in " + uri);
        }
        driverDirs.add(dir.group(1));
        return uri;
    }

    @Test
    void aProcessKilledInTheMiddleOfATransactionLeavesOnlyItsCommittedSendsAndGivesBackWhatItReceived()
        throws Exception
    {
        try (MemberProcesses cluster = MemberProcesses.onLoopback(processes, temp))
        {
            cluster.awaitLeader(MemberProcesses.START);
            System.out.println("ClientKillsOnAClusterTest: killed transaction: " + KilledTransaction.check(processes,
                () -> clientUri(cluster), Duration.ofMillis(HostLimits.DEFAULT_CLIENT_TIMEOUT_MS)));
        }
    }

    @Test
    void aDurableSubscriberKilledMidStreamResumesFromItsLastAcknowledgement() throws Exception
    {
        try (MemberProcesses cluster = MemberProcesses.onLoopback(processes, temp))
        {
            cluster.awaitLeader(MemberProcesses.START);
            KilledSubscriber.check(processes, () -> clientUri(cluster));
        }
    }
}
