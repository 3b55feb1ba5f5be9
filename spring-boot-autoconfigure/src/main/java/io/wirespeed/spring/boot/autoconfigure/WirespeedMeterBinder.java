package io.wirespeed.spring.boot.autoconfigure;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToLongFunction;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.agrona.concurrent.status.CountersReader;

import io.wirespeed.jms.metrics.ConnectionMetrics;
import io.wirespeed.jms.metrics.WirespeedMetrics;
import io.wirespeed.transport.CounterTypes;
import io.wirespeed.transport.DriverStatus;

/**
 * The provider's figures as Micrometer meters named {@code wirespeed.*}: {@code wirespeed.messages.sent},
 * {@code wirespeed.bytes.sent}, {@code wirespeed.messages.received}, {@code wirespeed.bytes.received} (counters
 * tagged {@code destination}: {@code topic:<name>}, {@code queue:<name>}, {@code (temporary)}, {@code (other)}),
 * {@code wirespeed.send.backpressure}, {@code wirespeed.send.failures} and {@code wirespeed.consumer.loss} (bytes
 * lost under {@code slowConsumers=drop}) (counters), the media driver's
 * {@code wirespeed.driver.naks.sent}, {@code .naks.received}, {@code .retransmits.sent},
 * {@code .retransmitted.bytes}, {@code .loss.gap.fills}, {@code .errors} (counters), {@code wirespeed.consumer.lag}
 * (gauge: bytes the JVM's slowest subscription image is behind its stream), {@code wirespeed.archive.lag} (gauge:
 * bytes the archive's furthest-behind recording is behind its stream), and any counter the queue host
 * keeps in the driver (queue depth, in-flight, consumers, durable subscription lag) as a gauge
 * {@code wirespeed.<figure>} tagged {@code destination}. The figures are the JVM's: every connection's, closed ones'
 * included. At most {@value #MAX_DESTINATION_TAGS} destinations get a tag of their own; the rest are counted under
 * {@code (other)}. Destination meters appear when a connection first counts the destination.
 */
public class WirespeedMeterBinder implements MeterBinder, AutoCloseable
{
    /** The most destination tag values per meter; the rest are counted under {@code (other)}. */
    public static final int MAX_DESTINATION_TAGS = 100;

    private static final List<String> DRIVER_COUNTERS =
        List.of("naks.sent", "naks.received", "retransmits.sent", "retransmitted.bytes", "loss.gap.fills", "errors");
    private static final int[] DESTINATION_FIGURES = {
        CounterTypes.MESSAGES_SENT, CounterTypes.BYTES_SENT, CounterTypes.MESSAGES_RECEIVED,
        CounterTypes.BYTES_RECEIVED };

    private final Runnable listener = this::refresh;
    private final Set<String> tagged = new HashSet<>();
    private final Set<String> hostGauges = new HashSet<>();
    private final Map<String, Long> lastDriverValues = new HashMap<>();
    private MeterRegistry registry;

    @Override
    public synchronized void bindTo(final MeterRegistry meterRegistry)
    {
        this.registry = meterRegistry;
        FunctionCounter.builder("wirespeed.send.backpressure", this, (binder) -> WirespeedMetrics.backPressureWaits())
            .description("sends that waited on back-pressure").register(meterRegistry);
        FunctionCounter.builder("wirespeed.send.failures", this, (binder) -> WirespeedMetrics.sendFailures())
            .description("sends that failed").register(meterRegistry);
        FunctionCounter.builder("wirespeed.queuehost.failovers", this,
            (binder) -> WirespeedMetrics.queueHostFailovers())
            .description("times a clustered queue host's new leader took over").register(meterRegistry);
        FunctionCounter.builder("wirespeed.queuehost.failover.duration", this,
            (binder) -> WirespeedMetrics.queueHostFailoverNanos() / 1e9)
            .description("seconds clustered queue hosts' failovers lasted, summed, each as its connection saw it " +
                "(the cluster's silence until the new leader's first word)").baseUnit("seconds")
            .register(meterRegistry);
        FunctionCounter.builder("wirespeed.consumer.loss", this, (binder) -> WirespeedMetrics.consumerLossBytes())
            .description("bytes topic consumers lost, left behind under slowConsumers=drop").baseUnit("bytes")
            .register(meterRegistry);
        Gauge.builder("wirespeed.consumer.lag", this, (binder) -> largest(ConnectionMetrics::consumerLagBytes))
            .description("bytes this JVM's slowest subscription is behind its stream").baseUnit("bytes")
            .register(meterRegistry);
        Gauge.builder("wirespeed.archive.lag", this, (binder) -> largest(ConnectionMetrics::archiveLagBytes))
            .description("bytes the archive's furthest-behind recording is behind its stream").baseUnit("bytes")
            .register(meterRegistry);
        for (final String name : DRIVER_COUNTERS)
        {
            FunctionCounter.builder("wirespeed.driver." + name, this, (binder) -> binder.driverCounter(name))
                .description("the media driver's " + name + " counter").register(meterRegistry);
        }
        WirespeedMetrics.addListener(listener);
        refresh();
    }

    /** Stops hearing of new connections and destinations. */
    @Override
    public void close()
    {
        WirespeedMetrics.removeListener(listener);
    }

    private synchronized void refresh()
    {
        if (registry == null)
        {
            return;
        }
        for (final String name : WirespeedMetrics.destinationTotals(CounterTypes.MESSAGES_SENT).keySet())
        {
            if (!tagged.contains(name) && tagged.size() < MAX_DESTINATION_TAGS)
            {
                tagged.add(name);
                register(name);
            }
        }
        if (!tagged.contains(CounterTypes.OTHER_DESTINATIONS) && tagged.size() >= MAX_DESTINATION_TAGS)
        {
            tagged.add(CounterTypes.OTHER_DESTINATIONS);
            register(CounterTypes.OTHER_DESTINATIONS);
        }
        refreshHostGauges();
    }

    private void register(final String destination)
    {
        for (final int typeId : DESTINATION_FIGURES)
        {
            FunctionCounter.builder("wirespeed." + CounterTypes.metricName(typeId), this,
                (binder) -> binder.destinationTotal(typeId, destination))
                .tag("destination", destination)
                .baseUnit(typeId == CounterTypes.BYTES_SENT || typeId == CounterTypes.BYTES_RECEIVED ? "bytes" :
                    "messages")
                .register(registry);
        }
    }

    private double destinationTotal(final int typeId, final String destination)
    {
        final Map<String, Long> totals = WirespeedMetrics.destinationTotals(typeId);
        if (!CounterTypes.OTHER_DESTINATIONS.equals(destination))
        {
            return totals.getOrDefault(destination, 0L);
        }
        long other = 0;
        synchronized (this)
        {
            for (final Map.Entry<String, Long> total : totals.entrySet())
            {
                if (!tagged.contains(total.getKey()) || CounterTypes.OTHER_DESTINATIONS.equals(total.getKey()))
                {
                    other += total.getValue();
                }
            }
        }
        return other;
    }

    private static double largest(final ToLongFunction<ConnectionMetrics> figure)
    {
        long largest = 0;
        for (final ConnectionMetrics connection : WirespeedMetrics.connections())
        {
            largest = Math.max(largest, figure.applyAsLong(connection));
        }
        return largest;
    }

    private synchronized double driverCounter(final String name)
    {
        for (final ConnectionMetrics connection : WirespeedMetrics.connections())
        {
            final DriverStatus driver = connection.driverStatus().orElse(null);
            final Long value = driver == null ? null : driver.networkCounters().get(name);
            if (value != null)
            {
                lastDriverValues.put(name, value);
                break;
            }
        }
        return lastDriverValues.getOrDefault(name, 0L);
    }

    private void refreshHostGauges()
    {
        final List<ConnectionMetrics> connections = WirespeedMetrics.connections();
        if (connections.isEmpty())
        {
            return;
        }
        connections.get(0).counters().forEach((counterId, typeId, key, label) ->
        {
            final String name = CounterTypes.name(key, 0);
            final String gauge = typeId + " " + name;
            if (CounterTypes.isWirespeed(typeId) && CounterTypes.connection(key, 0) == 0 && !name.isEmpty() &&
                !hostGauges.contains(gauge) && hostGauges.size() < MAX_DESTINATION_TAGS)
            {
                hostGauges.add(gauge);
                Gauge.builder("wirespeed." + CounterTypes.metricName(typeId), this,
                    (binder) -> hostCounter(typeId, name)).tag("destination", name).register(registry);
            }
        });
    }

    private static double hostCounter(final int typeId, final String name)
    {
        final List<ConnectionMetrics> connections = WirespeedMetrics.connections();
        if (connections.isEmpty())
        {
            return Double.NaN;
        }
        final double[] value = {Double.NaN};
        final CountersReader counters = connections.get(0).counters();
        counters.forEach((counterId, type, key, label) ->
        {
            if (type == typeId && CounterTypes.connection(key, 0) == 0 && name.equals(CounterTypes.name(key, 0)))
            {
                value[0] = counters.getCounterValue(counterId);
            }
        });
        return value[0];
    }
}
