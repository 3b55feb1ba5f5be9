package io.wirespeed.it.cluster;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.it.queue.QueueFeatures;
import io.wirespeed.test.SlowTest;

/**
 * {@link QueueFeatures} against a clustered queue host: three {@code wirespeed-driver} processes as its members on
 * loopback ({@link MemberProcesses}), every client naming them ({@code host=A:P,B:P,C:P}) and reaching the leader
 * through its ingress and egress. The durable and shared subscriptions are the cluster's, fed by what publishers
 * forward into its log. Issue 24's "existing queue, durability and cross-host tests on a three-member cluster".
 */
@SlowTest
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class QueueFeaturesOnAClusterTest extends QueueFeatures
{
    @TempDir
    Path temp;

    private MemberProcesses cluster;

    @Override
    protected Host startHost(final boolean durable) throws Exception
    {
        cluster = MemberProcesses.onLoopback(processes, temp);
        cluster.awaitLeader(MemberProcesses.START);
        return cluster;
    }

    @AfterEach
    void stopMembers()
    {
        if (null != cluster)
        {
            cluster.close();
        }
    }
}
