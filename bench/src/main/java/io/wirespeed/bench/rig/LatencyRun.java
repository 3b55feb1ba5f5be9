package io.wirespeed.bench.rig;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import io.wirespeed.bench.peer.PingPongPeer;

/**
 * Drives a started reflector pair: either at a target rate on an {@link IntendedSchedule}, with
 * each round trip measured from its message's intended send time, or as a ping-pong with one
 * message in flight. Records round trips into a histogram and reports RTT and half-RTT.
 */
public final class LatencyRun
{
    /** The longest warm-up of {@link #pingPongWarm()}. */
    public static final double WARM_MAX_SECONDS = 15;

    private static final LatencyRecorder IDLE = new LatencyRecorder(Long.MAX_VALUE);

    private final PingPongPeer peer;
    private final RunProfile profile;
    private final int messageSize;
    private volatile LatencyRecorder recorder = IDLE;

    /**
     * Starts the pair for runs at one message size.
     *
     * @param peer        the pair, not yet started.
     * @param messageSize bytes per message.
     * @param profile     durations.
     * @throws Exception if the pair does not start.
     */
    public LatencyRun(final PingPongPeer peer, final int messageSize, final RunProfile profile) throws Exception
    {
        this.peer = peer;
        this.profile = profile;
        this.messageSize = messageSize;
        peer.start(messageSize, (intended, sequence) -> recorder.record(intended, sequence));
    }

    /**
     * Sends at a target rate for the warm-up and measured durations; gives up sending when the
     * sender falls more than a second (long mode: five) behind schedule, and calls the run saturated.
     *
     * @param ratePerSecond the target rate.
     * @return the figures: sent, received, lost, achieved rate, saturated, rtt and halfRtt summaries.
     * @throws Exception if a send fails.
     */
    public Map<String, Object> atRate(final double ratePerSecond) throws Exception
    {
        final long warmup = (long)(ratePerSecond * profile.warmupSeconds());
        final long total = warmup + (long)(ratePerSecond * profile.measureSeconds());
        final LatencyRecorder current = new LatencyRecorder(warmup);
        recorder = current;
        final long maxLag = TimeUnit.SECONDS.toNanos(profile.longRun() ? 5 : 1);
        final IntendedSchedule schedule = new IntendedSchedule(System.nanoTime() + 1_000_000, ratePerSecond);
        final long start = schedule.intendedNanos(0);
        long sent = 0;
        boolean saturated = false;
        for (long i = 0; i < total; i++)
        {
            final long intended = schedule.intendedNanos(i);
            long now;
            while ((now = System.nanoTime()) < intended)
            {
                Thread.yield();
            }
            if (now - intended > maxLag)
            {
                saturated = true;
                break;
            }
            peer.send(intended, i);
            sent++;
        }
        final long sendEnd = System.nanoTime();
        final boolean complete = awaitReplies(current, sent);
        final Map<String, Object> figures = figures(current, warmup, sent, complete);
        figures.put("mode", "rate");
        figures.put("targetRate", ratePerSecond);
        final long end = Math.max(sendEnd, current.lastReceivedNanos());
        figures.put("achievedRate", Math.round(current.received() * 1e9 / Math.max(1, end - start)));
        figures.put("saturated", saturated || !complete);
        return figures;
    }

    /**
     * One message in flight: send, wait for its reply, send the next; warm-up then measured
     * durations. The send time is the intended time.
     *
     * @return the figures, as {@link #atRate(double)} gives them.
     * @throws Exception if a send fails.
     */
    public Map<String, Object> pingPong() throws Exception
    {
        return pingPong(profile.warmupSeconds());
    }

    private Map<String, Object> pingPong(final double warmupSeconds) throws Exception
    {
        pingPongFor(new LatencyRecorder(0), warmupSeconds);
        final LatencyRecorder measured = new LatencyRecorder(0);
        final long start = System.nanoTime();
        final long sent = pingPongFor(measured, profile.measureSeconds());
        final long elapsed = System.nanoTime() - start;
        final Map<String, Object> figures = figures(measured, 0, sent, measured.received() == sent);
        figures.put("mode", "pingpong");
        figures.put("achievedRate", Math.round(measured.received() * 1e9 / Math.max(1, elapsed)));
        figures.put("saturated", false);
        return figures;
    }

    /**
     * As {@link #pingPong()}, but the warm-up lasts until the JVM is warm ({@link JitQuiet}: at least the profile's
     * warm-up, then until the JIT compiler has been quiet for a second, at most {@link #WARM_MAX_SECONDS}): the
     * steady state of an application that has run for a while, not its first seconds.
     *
     * @return the figures, with {@code warmupSeconds} and {@code warmupSettled} (whether the compiler was quiet).
     * @throws Exception if a send fails.
     */
    public Map<String, Object> pingPongWarm() throws Exception
    {
        return pingPongWarm(WARM_MAX_SECONDS);
    }

    /**
     * As {@link #pingPongWarm()}, with the warm-up at most a given time (and at least the profile's warm-up).
     *
     * @param maxSeconds the longest warm-up, seconds.
     * @return the figures, with {@code warmupSeconds} and {@code warmupSettled} (whether the compiler was quiet).
     * @throws Exception if a send fails.
     */
    public Map<String, Object> pingPongWarm(final double maxSeconds) throws Exception
    {
        final JitQuiet jit = new JitQuiet(profile.warmupSeconds(), Math.max(maxSeconds, profile.warmupSeconds()));
        pingPongWhile(new LatencyRecorder(0), () -> !jit.warm());
        final Map<String, Object> figures = pingPong(0);
        figures.put("warmupSeconds", Math.round(jit.seconds() * 10) / 10.0);
        figures.put("warmupSettled", jit.settled());
        return figures;
    }

    private long pingPongFor(final LatencyRecorder current, final double seconds) throws Exception
    {
        final long end = System.nanoTime() + (long)(seconds * 1e9);
        return pingPongWhile(current, () -> System.nanoTime() < end);
    }

    private long pingPongWhile(final LatencyRecorder current, final BooleanSupplier more) throws Exception
    {
        recorder = current;
        long sequence = 0;
        while (more.getAsBoolean())
        {
            peer.send(System.nanoTime(), sequence);
            sequence++;
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (current.received() < sequence)
            {
                if (System.nanoTime() > deadline)
                {
                    return sequence;
                }
                Thread.yield();
            }
        }
        return sequence;
    }

    private boolean awaitReplies(final LatencyRecorder current, final long sent) throws InterruptedException
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(profile.longRun() ? 30 : 5);
        long lastSeen = -1;
        long quietSince = System.nanoTime();
        while (current.received() < sent && System.nanoTime() < deadline)
        {
            final long received = current.received();
            if (received != lastSeen)
            {
                lastSeen = received;
                quietSince = System.nanoTime();
            }
            else if (System.nanoTime() - quietSince > TimeUnit.SECONDS.toNanos(2))
            {
                return false;
            }
            Thread.sleep(1);
        }
        return current.received() >= sent;
    }

    private Map<String, Object> figures(
        final LatencyRecorder current, final long warmup, final long sent, final boolean complete)
    {
        final Map<String, Object> figures = new java.util.LinkedHashMap<>();
        figures.put("messageSize", messageSize);
        figures.put("warmupMessages", Math.min(warmup, sent));
        figures.put("measuredMessages", current.histogram().getTotalCount());
        figures.put("sent", sent);
        figures.put("received", current.received());
        figures.put("lost", Math.max(0, sent - current.received()));
        figures.put("outOfOrder", current.outOfOrder());
        figures.put("complete", complete);
        figures.put("rtt", LatencySummary.of(current.histogram(), 1));
        figures.put("halfRtt", LatencySummary.of(current.histogram(), 2));
        return figures;
    }
}
