package io.wirespeed.transport.aeron;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import io.aeron.AeronCounters;
import io.aeron.driver.status.SystemCounterDescriptor;
import org.agrona.concurrent.status.CountersReader;

/**
 * The media driver's system counters that say what happened on the network (NAKs, retransmits, loss, errors), by
 * the names {@link io.wirespeed.transport.DriverStatus#networkCounters()} gives them, read from any driver's
 * counters: the stat tool's and the metrics'.
 */
public final class AeronSystemCounters
{
    private static final Map<SystemCounterDescriptor, String> NAMES = new LinkedHashMap<>();

    static
    {
        NAMES.put(SystemCounterDescriptor.NAK_MESSAGES_SENT, "naks.sent");
        NAMES.put(SystemCounterDescriptor.NAK_MESSAGES_RECEIVED, "naks.received");
        NAMES.put(SystemCounterDescriptor.RETRANSMITS_SENT, "retransmits.sent");
        NAMES.put(SystemCounterDescriptor.RETRANSMITTED_BYTES, "retransmitted.bytes");
        NAMES.put(SystemCounterDescriptor.LOSS_GAP_FILLS, "loss.gap.fills");
        NAMES.put(SystemCounterDescriptor.ERRORS, "errors");
        NAMES.put(SystemCounterDescriptor.INVALID_PACKETS, "invalid.packets");
        NAMES.put(SystemCounterDescriptor.SHORT_SENDS, "short.sends");
        NAMES.put(SystemCounterDescriptor.CLIENT_TIMEOUTS, "client.timeouts");
        NAMES.put(SystemCounterDescriptor.BYTES_SENT, "bytes.sent");
        NAMES.put(SystemCounterDescriptor.BYTES_RECEIVED, "bytes.received");
    }

    private AeronSystemCounters()
    {
    }

    /**
     * Reads the network counters of a driver.
     *
     * @param counters the driver's counters.
     * @return each counter the driver has, by name, in a fixed order.
     */
    public static Map<String, Long> read(final CountersReader counters)
    {
        final Map<Integer, String> byId = new LinkedHashMap<>();
        NAMES.forEach((descriptor, name) -> byId.put(descriptor.id(), name));
        final Map<String, Long> values = new LinkedHashMap<>();
        NAMES.values().forEach((name) -> values.put(name, null));
        counters.forEach((counterId, typeId, key, label) ->
        {
            if (AeronCounters.DRIVER_SYSTEM_COUNTER_TYPE_ID == typeId && byId.containsKey(key.getInt(0)))
            {
                values.put(byId.get(key.getInt(0)), counters.getCounterValue(counterId));
            }
        });
        values.values().removeIf(Objects::isNull);
        return values;
    }
}
