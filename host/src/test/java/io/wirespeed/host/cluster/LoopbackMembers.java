package io.wirespeed.host.cluster;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import org.agrona.DirectBuffer;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.BackoffIdleStrategy;

import io.aeron.cluster.client.AeronCluster;
import io.aeron.cluster.client.ClusterException;
import io.aeron.cluster.client.EgressListener;
import io.aeron.cluster.service.ClusterTerminationException;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.aeron.exceptions.AeronException;
import io.wirespeed.test.Await;
import io.wirespeed.test.FreePorts;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What the cluster tests share about their members on loopback: the members a test launched, the first error any
 * of them reported (Aeron's warnings and a member's own termination aside), and waiting for exactly one leader.
 */
final class LoopbackMembers
{
    private final AtomicReference<Throwable> error = new AtomicReference<>();
    private final List<ClusterMember> members = new ArrayList<>();

    /** @return the members launched, in the order the test added them (closed ones stay). */
    List<ClusterMember> members()
    {
        return members;
    }

    /**
     * @param memberId the member the handler is for, named in what it prints.
     * @return a handler that keeps the first error (later ones suppressed in it) and prints each.
     */
    ErrorHandler errorHandler(final int memberId)
    {
        return (ex) ->
        {
            if (ex instanceof ClusterTerminationException ||
                (ex instanceof AeronException && AeronException.Category.WARN == ((AeronException)ex).category()))
            {
                return;
            }
            final StringWriter trace = new StringWriter();
            ex.printStackTrace(new PrintWriter(trace));
            System.err.println("*** error in cluster member " + memberId + ": " + trace);
            if (!error.compareAndSet(null, ex))
            {
                error.get().addSuppressed(ex);
            }
        };
    }

    /** Fails the test if a member reported an error. */
    void failOnMemberError()
    {
        final Throwable ex = error.get();
        if (null != ex)
        {
            throw new AssertionError("a cluster member reported an error", ex);
        }
    }

    /**
     * Waits until exactly one running member is the leader.
     *
     * @param deadline     how long to wait.
     * @param whileWaiting run on every look (e.g. the test's client polls its egress, so its session stays alive).
     * @return the leader.
     */
    ClusterMember awaitOneLeader(final Duration deadline, final Runnable whileWaiting)
    {
        return Await.value("one leader among the running members", deadline, () ->
        {
            failOnMemberError();
            whileWaiting.run();
            ClusterMember leader = null;
            for (final ClusterMember member : members)
            {
                if (!member.isClosed() && member.isLeader())
                {
                    if (null != leader)
                    {
                        return null;
                    }
                    leader = member;
                }
            }
            return leader;
        });
    }

    /**
     * Asks every running member for its state's digest after the first log entry at or past a position ahead of all
     * their applied positions (the same entry on each), and waits for them: all must be equal. A member that passed
     * the position before it was asked (the log moves with the tick timer) took its digest at a later entry: then it
     * is asked again, further ahead.
     *
     * @param services     each member's service, by member id.
     * @param when         what the test did before, for messages.
     * @param whileWaiting run on every look (the test's client polls its egress).
     * @return the digest.
     */
    long awaitEqualDigests(final List<HostService> services, final String when, final Runnable whileWaiting)
    {
        final List<HostService> running = new ArrayList<>();
        for (final ClusterMember member : members)
        {
            if (!member.isClosed())
            {
                running.add(services.get(member.memberId()));
            }
        }
        for (int attempt = 1; attempt <= 5; attempt++)
        {
            long position = 0;
            for (final HostService service : running)
            {
                position = Math.max(position, service.appliedPosition());
            }
            final long at = position + attempt * 4096L;
            running.forEach((service) -> service.requestDigestAt(at));
            Await.until("every running member's digest " + when, () ->
            {
                failOnMemberError();
                whileWaiting.run();
                return running.stream().allMatch((service) -> service.digestPosition() >= at);
            });
            final long digestPosition = running.get(0).digestPosition();
            if (running.stream().allMatch((service) -> service.digestPosition() == digestPosition))
            {
                final long digest = running.get(0).digest();
                for (final HostService service : running)
                {
                    assertEquals(digest, service.digest(), "equal state at log position " + digestPosition + " " +
                        when);
                }
                return digest;
            }
        }
        throw new AssertionError("the members took their digests at different log positions five times " + when);
    }

    /** Closes every member launched. */
    void closeAll()
    {
        for (final ClusterMember member : members)
        {
            member.close();
        }
    }

    /**
     * Starts the media driver of a test's cluster client: shared threading, backing off when idle.
     *
     * @param directory the driver's directory, deleted when it closes.
     * @return the driver.
     */
    static MediaDriver launchClientDriver(final Path directory)
    {
        return MediaDriver.launch(new MediaDriver.Context()
            .aeronDirectoryName(directory.toString())
            .threadingMode(ThreadingMode.SHARED)
            .sharedIdleStrategy(new BackoffIdleStrategy())
            .termBufferSparseFile(true)
            .dirDeleteOnShutdown(true));
    }

    /**
     * Connects a cluster client to the members' ingress over UDP.
     *
     * @param driver        the client's media driver.
     * @param list          the members.
     * @param egressChannel where the cluster answers the client.
     * @param listener      told of what comes back.
     * @return the connected client.
     */
    static AeronCluster connect(
        final MediaDriver driver, final ClusterMembers list, final String egressChannel, final EgressListener listener)
    {
        return AeronCluster.connect(new AeronCluster.Context()
            .aeronDirectoryName(driver.aeronDirectoryName())
            .ingressChannel("aeron:udp")
            .ingressEndpoints(list.ingressEndpoints())
            .egressChannel(egressChannel)
            .egressListener(listener)
            .messageTimeoutNs(Duration.ofSeconds(10).toNanos()));
    }

    /**
     * Offers one ingress message, polling the client's egress while the cluster does not take it, and once after.
     *
     * @param client       the cluster client.
     * @param buffer       the message.
     * @param length       its length.
     * @param whileWaiting run while the cluster does not take it (the test polls its client).
     */
    static void offer(
        final AeronCluster client, final DirectBuffer buffer, final int length, final Runnable whileWaiting)
    {
        Await.until("the cluster to take an ingress message", () ->
        {
            if (client.offer(buffer, 0, length) > 0)
            {
                return true;
            }
            if (client.isClosed())
            {
                throw new ClusterException("the cluster client closed while sending");
            }
            whileWaiting.run();
            return false;
        });
        client.pollEgress();
    }

    /** @return three members on 127.0.0.1, each on five ports that were free when asked. */
    static ClusterMembers threeMembers()
    {
        return ClusterMembers.parse(
            "0=127.0.0.1:" + freeBasePort() + ",1=127.0.0.1:" + freeBasePort() + ",2=127.0.0.1:" + freeBasePort());
    }

    /** @return a member's base port: it and the four after it were free on 127.0.0.1 when asked. */
    static int freeBasePort()
    {
        return FreePorts.udpRun(ClusterMembers.PORTS_PER_MEMBER);
    }
}
