package io.wirespeed.transport.aeron;

import java.util.Map;

import io.aeron.Aeron;
import io.aeron.AeronCounters;
import io.wirespeed.transport.DriverStatus;
import org.agrona.concurrent.status.CountersReader;

/**
 * The {@link DriverStatus} of an Aeron transport: the media driver's heartbeat, which the driver writes into the
 * to-driver buffer of its CnC file, against the client's driver timeout; the archive's control-sessions counter,
 * there while an archive runs; the driver's system counters; lags read from its position counters
 * ({@link StreamPositionSample}).
 */
final class AeronDriverStatus implements DriverStatus
{
    private final Aeron aeron;
    private final AeronTransportContext context;

    AeronDriverStatus(final Aeron aeron, final AeronTransportContext context)
    {
        this.aeron = aeron;
        this.context = context;
    }

    /** {@inheritDoc} */
    @Override
    public String driverDirectory()
    {
        return context.directory();
    }

    /** {@inheritDoc} */
    @Override
    public long heartbeatAgeMs()
    {
        if (aeron.isClosed())
        {
            return -1;
        }
        final long beat = aeron.context().toDriverBuffer().consumerHeartbeatTime();
        return beat <= 0 ? -1 : Math.max(0, aeron.context().epochClock().time() - beat);
    }

    /** {@inheritDoc} */
    @Override
    public boolean isAlive()
    {
        final long age = heartbeatAgeMs();
        return !aeron.isClosed() && age >= 0 && age <= context.timeout().toMillis();
    }

    /** {@inheritDoc} */
    @Override
    public boolean archiveRunning()
    {
        if (aeron.isClosed())
        {
            return false;
        }
        final CountersReader counters = aeron.countersReader();
        final boolean[] found = {false};
        counters.forEach((counterId, typeId, key, label) ->
            found[0] |= typeId == AeronCounters.ARCHIVE_CONTROL_SESSIONS_TYPE_ID);
        return found[0];
    }

    /** {@inheritDoc} */
    @Override
    public Map<String, Long> networkCounters()
    {
        return aeron.isClosed() ? Map.of() : AeronSystemCounters.read(aeron.countersReader());
    }

    /** {@inheritDoc} */
    @Override
    public Map<String, Long> subscriberLags()
    {
        return aeron.isClosed() ? Map.of() :
            StreamPositionSample.read(aeron.countersReader()).subscriberLags(aeron.clientId());
    }

    /** {@inheritDoc} */
    @Override
    public long archiveLag()
    {
        return aeron.isClosed() ? 0 : StreamPositionSample.read(aeron.countersReader()).archiveLag();
    }
}
