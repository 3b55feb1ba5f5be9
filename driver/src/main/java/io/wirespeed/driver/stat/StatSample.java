package io.wirespeed.driver.stat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.errors.ErrorLogReader;
import org.agrona.concurrent.status.CountersReader;

import io.wirespeed.transport.CounterTypes;
import io.wirespeed.transport.aeron.AeronSystemCounters;
import io.wirespeed.transport.aeron.StreamPositionSample;

/**
 * What one look at a driver's CnC file shows: streams and recordings with their positions and lag, Wirespeed's
 * counters summed per destination (over every process and connection) and per connection, the driver's network
 * counters and its error log; for a cluster member's directory also its role, leader, commit position and elections
 * ({@link ClusterMemberStat}). Rates come from two samples ({@link #perSecond}).
 */
final class StatSample
{
    final long timeMs;
    final long heartbeatAgeMs;
    final StreamPositionSample positions;
    final Map<String, Map<String, Long>> destinations = new TreeMap<>();
    final Map<String, Map<String, Long>> connections = new TreeMap<>();
    final Map<String, Long> driver;
    final List<DriverError> errors = new ArrayList<>();
    /** The cluster member's figures when the directory is a member's, else null. */
    ClusterMemberStat cluster;

    /** One distinct error of the driver's log. */
    record DriverError(int count, long firstMs, long lastMs, String text)
    {
    }

    private StatSample(
        final long timeMs, final long heartbeatAgeMs, final Map<String, Long> driver,
        final StreamPositionSample positions)
    {
        this.timeMs = timeMs;
        this.positions = positions;
        this.heartbeatAgeMs = heartbeatAgeMs;
        this.driver = driver;
    }

    /**
     * Reads a driver's files once.
     *
     * @param files the driver's mapped files.
     * @return the sample.
     */
    static StatSample take(final DriverFiles files)
    {
        final long now = System.currentTimeMillis();
        final CountersReader counters = files.counters();
        final StatSample sample = new StatSample(now, now - files.heartbeatMs(), AeronSystemCounters.read(counters),
            StreamPositionSample.read(counters));
        counters.forEach((counterId, typeId, key, label) ->
            sample.add(typeId, key, counters.getCounterValue(counterId)));
        ErrorLogReader.read(files.errorLog(), (count, first, last, text) ->
            sample.errors.add(new DriverError(count, first, last, text)));
        return sample;
    }

    private void add(final int typeId, final DirectBuffer key, final long value)
    {
        if (CounterTypes.isWirespeed(typeId))
        {
            final String name = CounterTypes.name(key, 0);
            final String row = name.isEmpty() ?
                "pid=" + CounterTypes.pid(key, 0) + " connection=" + CounterTypes.connection(key, 0) : name;
            (name.isEmpty() ? connections : destinations).computeIfAbsent(row, (k) -> new LinkedHashMap<>())
                .merge(CounterTypes.metricName(typeId), value, Long::sum);
        }
    }

    /**
     * How fast a destination's figure grew since an earlier sample.
     *
     * @param earlier     the earlier sample, or null.
     * @param destination the destination.
     * @param metric      the figure, e.g. {@code messages.sent}.
     * @return per second; 0 without an earlier sample.
     */
    long perSecond(final StatSample earlier, final String destination, final String metric)
    {
        if (earlier == null || timeMs <= earlier.timeMs)
        {
            return 0;
        }
        final long now = destinations.getOrDefault(destination, Map.of()).getOrDefault(metric, 0L);
        final long then = earlier.destinations.getOrDefault(destination, Map.of()).getOrDefault(metric, 0L);
        return Math.max(0, (now - then) * 1000 / (timeMs - earlier.timeMs));
    }
}
