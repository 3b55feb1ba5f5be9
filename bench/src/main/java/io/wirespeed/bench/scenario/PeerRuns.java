package io.wirespeed.bench.scenario;

import java.util.Map;

import io.wirespeed.bench.peer.JmsPingPong;
import io.wirespeed.bench.peer.JmsStream;
import io.wirespeed.bench.peer.JmsTarget;
import io.wirespeed.bench.peer.Peers;
import io.wirespeed.bench.peer.PingPongPeer;
import io.wirespeed.bench.peer.StreamPeer;
import io.wirespeed.bench.rig.RunProfile;

/**
 * Makes the right pair or stream for any peer name: over the JMS API for Wirespeed and Artemis
 * (sharing one started provider), over their own APIs for raw Aeron and the kernel's UDP.
 */
final class PeerRuns implements AutoCloseable
{
    private final String peer;
    private final RunProfile profile;
    private final JmsTarget target;
    private int topics;

    PeerRuns(final String peer, final RunProfile profile) throws Exception
    {
        this.peer = peer;
        this.profile = profile;
        this.target = Peers.isJms(peer) ? Peers.jms(peer, profile) : null;
    }

    PingPongPeer pingPong(final String scenario)
    {
        return target != null ? new JmsPingPong(target, topicName(scenario)) : Peers.pingPong(peer, profile);
    }

    StreamPeer stream(final String scenario)
    {
        return target != null ? new JmsStream(target, topicName(scenario)) : Peers.stream(peer, profile);
    }

    StreamPeer syncReceiveStream(final String scenario)
    {
        return new JmsStream(target(), topicName(scenario), true);
    }

    JmsTarget target()
    {
        if (target == null)
        {
            throw new IllegalStateException(peer + " is not a JMS peer");
        }
        return target;
    }

    Map<String, Object> jmsSettings()
    {
        return target().settings();
    }

    private String topicName(final String scenario)
    {
        return "bench." + scenario.toLowerCase() + "." + (topics++);
    }

    @Override
    public void close() throws Exception
    {
        if (target != null)
        {
            target.close();
        }
    }
}
