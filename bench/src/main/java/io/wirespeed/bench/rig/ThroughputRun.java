package io.wirespeed.bench.rig;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.wirespeed.bench.common.Allocations;
import io.wirespeed.bench.peer.StreamPeer;

/**
 * Maximum lossless throughput of one publisher to one subscriber: the sender sends as fast as the
 * peer accepts for the warm-up then the measured duration; the receiver checks that every sequence
 * number arrives once, in order. Also counts the bytes the sending and the receiving thread
 * allocate per message during the measured part (the receiving thread's only where it runs in this JVM: -1 for a
 * receiver on another host).
 */
public final class ThroughputRun
{
    private ThroughputRun()
    {
    }

    /**
     * Runs a stream at one size.
     *
     * @param peer        the stream, not yet started.
     * @param messageSize bytes per message.
     * @param profile     durations.
     * @return the figures: msgPerSec, gbitPerSec, sent, received, lossless, allocation per message.
     * @throws Exception if the peer fails.
     */
    public static Map<String, Object> run(final StreamPeer peer, final int messageSize, final RunProfile profile)
        throws Exception
    {
        final SequenceCheck local = SequenceCheck.inMemory();
        peer.start(messageSize, (intended, sequence) -> local.onMessage(sequence));
        final SequenceCheck check = null == peer.receiverElsewhere() ? local : peer.receiverElsewhere();

        long sequence = 0;
        final long warmupEnd = System.nanoTime() + (long)(profile.warmupSeconds() * 1e9);
        while (System.nanoTime() < warmupEnd)
        {
            for (int i = 0; i < 256; i++)
            {
                peer.send(sequence++);
            }
        }
        final long warmupMessages = sequence;
        awaitCount(check, sequence, 5);

        final long receiverThread = check.threadId();
        final long receiverBytesBefore = Allocations.thread(receiverThread);
        final long senderBytesBefore = Allocations.currentThread();
        final long receivedBefore = check.received();
        final long start = System.nanoTime();
        final long end = start + (long)(profile.measureSeconds() * 1e9);
        while (System.nanoTime() < end)
        {
            for (int i = 0; i < 256; i++)
            {
                peer.send(sequence++);
            }
        }
        final long senderBytes = Allocations.currentThread() - senderBytesBefore;
        final boolean drained = awaitCount(check, sequence, profile.longRun() ? 30 : 10);
        final long receiverBytes = Allocations.thread(receiverThread) - receiverBytesBefore;
        final long measured = check.received() - receivedBefore;
        final double seconds = (check.lastNanos() - start) / 1e9;

        final Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("messageSize", messageSize);
        figures.put("warmupMessages", warmupMessages);
        figures.put("measuredMessages", measured);
        figures.put("sent", sequence);
        figures.put("received", check.received());
        figures.put("outOfOrder", check.outOfOrder());
        figures.put("lossless", drained && check.outOfOrder() == 0 && check.received() == sequence);
        final double msgPerSec = measured / seconds;
        figures.put("msgPerSec", Math.round(msgPerSec));
        figures.put("gbitPerSec", Math.round(msgPerSec * messageSize * 8 / 1e9 * 1000) / 1000.0);
        figures.put("sendAllocBytesPerMsg", perMessage(senderBytes, sequence - warmupMessages));
        figures.put("receiveAllocBytesPerMsg", receiverBytesBefore < 0 ? -1 : perMessage(receiverBytes, measured));
        return figures;
    }

    private static double perMessage(final long bytes, final long messages)
    {
        return bytes < 0 || messages <= 0 ? -1 : Math.round(bytes * 1000.0 / messages) / 1000.0;
    }

    private static boolean awaitCount(final SequenceCheck check, final long count, final int seconds)
        throws InterruptedException
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (check.received() < count)
        {
            if (System.nanoTime() > deadline)
            {
                return false;
            }
            Thread.sleep(1);
        }
        return true;
    }
}
