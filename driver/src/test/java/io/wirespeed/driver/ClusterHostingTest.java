package io.wirespeed.driver;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.DatagramSocket;
import java.net.InetSocketAddress;

import org.junit.jupiter.api.Test;

import io.aeron.cluster.client.ClusterEvent;
import io.aeron.cluster.service.ClusterTerminationException;
import io.aeron.driver.exceptions.InvalidChannelException;
import io.aeron.exceptions.AeronException;
import io.wirespeed.host.cluster.ClusterMembers;
import io.wirespeed.test.FreePorts;
import io.wirespeed.transport.TransportException;

/**
 * What the driver process makes of a cluster member's ports and errors: each of the five ports is bound once before
 * the member starts, so that one in use, or a host that is not this machine's, refuses the start naming it; Aeron's
 * warnings are lived with, the cluster's orderly termination stops the process, and any other error is fatal.
 */
class ClusterHostingTest
{
    @Test
    void aRequestItsDriverRefusedIsNotFatalToAMemberButOtherErrorsAre()
    {
        // RollingRestartTest once saw member 1 exit 1 on this, from a catch-up publication to a restarted follower
        assertTrue(ClusterHosting.isRefusedRequest(new InvalidChannelException(
            "ERROR - existing publication has clashing sessionId=-470420562 for streamId=100")));
        assertFalse(ClusterHosting.isRefusedRequest(new IllegalStateException("anything else")));
        assertFalse(ClusterHosting.isRefusedRequest(new AeronException("an Aeron error of another kind")));
    }

    @Test
    void freePortsOfThisMachinePass()
    {
        ClusterHosting.checkPorts(ClusterMembers.parse(
            "0=127.0.0.1:" + FreePorts.udpRun(ClusterMembers.PORTS_PER_MEMBER)), 0);
    }

    @Test
    void aPortInUseIsNamedWithTheSettingToChange() throws Exception
    {
        final int base = FreePorts.udpRun(ClusterMembers.PORTS_PER_MEMBER);
        try (DatagramSocket taken = new DatagramSocket(new InetSocketAddress("127.0.0.1", base + 4)))
        {
            final TransportException ex = assertThrows(TransportException.class, () -> ClusterHosting.checkPorts(
                ClusterMembers.parse("0=127.0.0.1:" + base), 0));

            assertTrue(ex.getMessage().startsWith("wirespeed.cluster.members: member 0's archive control port " +
                "127.0.0.1:" + (base + 4) + " (PORT+4) cannot be bound: "), ex.getMessage());
            assertTrue(ex.getMessage().contains("give member 0 another PORT in wirespeed.cluster.members (on every " +
                "member)"), ex.getMessage());
            assertTrue(taken.isBound());
        }
    }

    @Test
    void aHostThatIsNotThisMachinesIsRefused()
    {
        // 192.0.2.1 is TEST-NET-1 (RFC 5737): no machine has it
        final TransportException ex = assertThrows(TransportException.class, () -> ClusterHosting.checkPorts(
            ClusterMembers.parse("0=127.0.0.1:9000,1=192.0.2.1:9000,2=127.0.0.1:9010"), 1));

        assertTrue(ex.getMessage().contains("wirespeed.cluster.memberId must name this machine's entry"),
            ex.getMessage());
    }

    @Test
    void warningsAreLivedWithAndAnExpectedTerminationStops()
    {
        assertTrue(ClusterHosting.isWarning(new ClusterEvent("leader heartbeat timeout")));
        assertFalse(ClusterHosting.isWarning(new AeronException("an error")));
        assertFalse(ClusterHosting.isWarning(new IllegalStateException("an error")));
        assertTrue(ClusterHosting.isExpectedTermination(new ClusterTerminationException(true)));
        assertFalse(ClusterHosting.isExpectedTermination(new ClusterTerminationException(false)));
    }
}
