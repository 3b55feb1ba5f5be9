package io.wirespeed.it.cluster;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.host.HostLimits;
import io.wirespeed.it.durable.KilledSubscriber;
import io.wirespeed.it.queue.KilledTransaction;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.SlowTest;

/**
 * The single host's client kills against a clustered queue host: three {@code wirespeed-driver} processes as its
 * members on loopback ({@link MemberProcesses}), the clients in processes of their own naming them. A process killed
 * (SIGKILL) in the middle of a transaction ({@link KilledTransaction}); a durable subscriber killed mid-stream and
 * started again ({@link KilledSubscriber}). The cluster notices a dead client when its session times out (the host's
 * client timeout in cluster time).
 */
@SlowTest
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ClientKillsOnAClusterTest
{
    @RegisterExtension
    final ChildJvms processes = new ChildJvms();

    @TempDir
    Path temp;

    @Test
    void aProcessKilledInTheMiddleOfATransactionLeavesOnlyItsCommittedSendsAndGivesBackWhatItReceived()
        throws Exception
    {
        try (MemberProcesses cluster = MemberProcesses.onLoopback(processes, temp))
        {
            cluster.awaitLeader(MemberProcesses.START);
            System.out.println("ClientKillsOnAClusterTest: killed transaction: " + KilledTransaction.check(processes,
                cluster::clientUri, Duration.ofMillis(HostLimits.DEFAULT_CLIENT_TIMEOUT_MS)));
        }
    }

    @Test
    void aDurableSubscriberKilledMidStreamResumesFromItsLastAcknowledgement() throws Exception
    {
        try (MemberProcesses cluster = MemberProcesses.onLoopback(processes, temp))
        {
            cluster.awaitLeader(MemberProcesses.START);
            KilledSubscriber.check(processes, cluster::clientUri);
        }
    }
}
