package io.wirespeed.host.cluster;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.agrona.concurrent.Agent;
import org.agrona.concurrent.status.AtomicCounter;

import io.aeron.Counter;
import io.aeron.cluster.ClusterControl;
import io.aeron.cluster.ConsensusModule;
import io.aeron.cluster.service.Cluster;
import io.aeron.cluster.codecs.ClusterAction;

/**
 * A leader that is stopped (SIGTERM) hands over sooner than the leader heartbeat timeout. Open-source Aeron Cluster
 * has no leadership transfer, but its followers start an election at once, without waiting for the leader, when the
 * leader's log ends cleanly under them: its log stream's end of stream, read up to its end. A follower reads only up
 * to the commit position it was told, though, and a leader under load always has entries appended beyond it; so the
 * followers never reach the end, and wait out the heartbeat timeout as after a crash.
 * <p>
 * So a stopping leader first stops appending: it suspends the cluster ({@link ClusterControl.ToggleState#SUSPEND}, a
 * {@link ClusterAction#SUSPEND} in the log: no more ingress or timers), waits until its commit position has stood
 * still for {@link #SETTLED_NS} (everything appended is committed, and the followers were told), at most
 * {@link #HAND_OFF_TIMEOUT_NS}, and then closes. A suspension is in the log, so the member that leads next is
 * suspended too; every member runs this class's duty ({@link #doWork}), which resumes it
 * ({@link ClusterControl.ToggleState#RESUME}) as soon as it leads suspended. So an operator's {@code ClusterTool
 * suspend} does not hold on a Wirespeed cluster either: the queue host has no use for a suspended cluster.
 */
final class LeaderHandOff implements Agent
{
    /** How often the duty looks for a suspended leadership. */
    static final long TICK_MS = 10;
    /** How long a stopping leader's commit position stands still before it closes. */
    static final long SETTLED_NS = TimeUnit.MILLISECONDS.toNanos(30);
    /** How long a stopping leader waits at most to hand over before it closes regardless. */
    static final long HAND_OFF_TIMEOUT_NS = TimeUnit.MILLISECONDS.toNanos(500);
    /**
     * How long a leader that handed over keeps its media driver up once its consensus module closed: the driver sends
     * the log's end of stream with a heartbeat, at most 100 ms (Aeron's publication heartbeat) after the close.
     */
    static final long END_OF_STREAM_LINGER_NS = TimeUnit.MILLISECONDS.toNanos(250);
    /**
     * The members' drivers' status message timeout, 20 ms instead of Aeron's 200 ms: a follower's log image that
     * reached its end of stream closes only after five of these ({@code PublicationImage}'s draining), and the
     * follower elects once it has closed.
     */
    static final long STATUS_MESSAGE_TIMEOUT_NS = TimeUnit.MILLISECONDS.toNanos(20);
    /**
     * The members' drivers' timer interval, 20 ms instead of Aeron's 1 s: a driver moves a closed publication to its
     * end of stream, and a drained image to its close, only when its timers are checked.
     */
    static final long TIMER_INTERVAL_NS = TimeUnit.MILLISECONDS.toNanos(20);
    private static final long POLL_NS = TimeUnit.MILLISECONDS.toNanos(1);

    private final int memberId;
    private final Counter roleCounter;
    private final Counter stateCounter;
    private final Counter controlToggle;

    /**
     * The duty of a running member.
     *
     * @param memberId        the member's id, for the thread's name.
     * @param consensusModule its consensus module's context, whose counters it reads and sets.
     */
    LeaderHandOff(final int memberId, final ConsensusModule.Context consensusModule)
    {
        this.memberId = memberId;
        this.roleCounter = consensusModule.clusterNodeRoleCounter();
        this.stateCounter = consensusModule.moduleStateCounter();
        this.controlToggle = consensusModule.controlToggleCounter();
    }

    @Override
    public String roleName()
    {
        return "wirespeed-leader-hand-off-" + memberId;
    }

    /**
     * Resumes the cluster when this member leads it suspended (a stopped leader suspended it to hand over).
     *
     * @return 1 when it asked for the resumption, else 0.
     */
    @Override
    public int doWork()
    {
        if (roleCounter.isClosed() || stateCounter.isClosed() || controlToggle.isClosed())
        {
            return 0;
        }
        if (Cluster.Role.LEADER == Cluster.Role.get(roleCounter) &&
            ConsensusModule.State.SUSPENDED == ConsensusModule.State.get(stateCounter) &&
            ClusterControl.ToggleState.RESUME.toggle(controlToggle))
        {
            return 1;
        }
        return 0;
    }

    /**
     * Hands over before a leader closes: suspends the cluster and waits until the commit position stands still. A
     * member that does not lead, or whose consensus module is busy with another action (a snapshot), returns at once.
     *
     * @param consensusModule the stopping member's consensus module's context.
     * @return whether it handed over (suspended and settled) within {@link #HAND_OFF_TIMEOUT_NS}.
     */
    static boolean handOff(final ConsensusModule.Context consensusModule)
    {
        final AtomicCounter toggle = consensusModule.controlToggleCounter();
        final Counter role = consensusModule.clusterNodeRoleCounter();
        final Counter state = consensusModule.moduleStateCounter();
        final Counter commit = consensusModule.commitPositionCounter();
        if (toggle.isClosed() || role.isClosed() || state.isClosed() || commit.isClosed() ||
            Cluster.Role.LEADER != Cluster.Role.get(role) ||
            ConsensusModule.State.ACTIVE != ConsensusModule.State.get(state) ||
            !ClusterControl.ToggleState.SUSPEND.toggle(toggle))
        {
            return false;
        }
        final long deadlineNs = System.nanoTime() + HAND_OFF_TIMEOUT_NS;
        long position = commit.get();
        long stillSinceNs = System.nanoTime();
        boolean suspended = false;
        while (System.nanoTime() - deadlineNs < 0)
        {
            final long now = System.nanoTime();
            final long current = commit.get();
            if (current != position)
            {
                position = current;
                stillSinceNs = now;
            }
            if (!suspended)
            {
                // the suspension is appended then: it and what came before must be committed
                suspended = ConsensusModule.State.SUSPENDED == ConsensusModule.State.get(state);
                stillSinceNs = now;
            }
            else if (now - stillSinceNs >= SETTLED_NS)
            {
                return true;
            }
            LockSupport.parkNanos(POLL_NS);
        }
        return false;
    }
}
