package io.wirespeed.spring.boot.autoconfigure;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;

import org.springframework.boot.actuate.health.AbstractHealthIndicator;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.Status;

import io.wirespeed.jms.metrics.ConnectionMetrics;
import io.wirespeed.jms.metrics.WirespeedMetrics;
import io.wirespeed.transport.DriverStatus;

/**
 * The {@code wirespeed} health: UP while the media driver of every open Wirespeed connection of the application beats,
 * the queue host answers the connections that use one (a clustered host: while it has a leader), and, for connections
 * configured {@code archive=on}, the archive runs beside the driver. With no connection open it opens one from the
 * application's {@link ConnectionFactory} to look, as Boot's {@code jms} health does. Details: {@code drivers} (per
 * directory, {@code alive} and {@code heartbeatAgeMs}), {@code queueHost} ({@code reachable}, {@code unreachable} or
 * {@code unused}), {@code archive} ({@code running} or {@code stopped}, only where {@code archive=on}) and {@code
 * connections}.
 */
public class WirespeedHealthIndicator extends AbstractHealthIndicator
{
    private final ConnectionFactory connectionFactory;

    /**
     * @param connectionFactory the application's factory, used only when no Wirespeed connection is open.
     */
    public WirespeedHealthIndicator(final ConnectionFactory connectionFactory)
    {
        super("Wirespeed health check failed");
        this.connectionFactory = connectionFactory;
    }

    @Override
    protected void doHealthCheck(final Health.Builder builder) throws Exception
    {
        if (!WirespeedMetrics.connections().isEmpty())
        {
            check(WirespeedMetrics.connections(), builder);
            return;
        }
        try (Connection connection = connectionFactory.createConnection())
        {
            check(WirespeedMetrics.connections(), builder);
        }
    }

    private static void check(final List<ConnectionMetrics> connections, final Health.Builder builder)
    {
        if (connections.isEmpty())
        {
            builder.unknown().withDetail("connections", 0);
            return;
        }
        boolean up = true;
        final Map<String, Map<String, Object>> drivers = new LinkedHashMap<>();
        ConnectionMetrics.QueueHostState queueHost = ConnectionMetrics.QueueHostState.UNUSED;
        Boolean archiveRunning = null;
        for (final ConnectionMetrics connection : connections)
        {
            final Optional<DriverStatus> driver = connection.driverStatus();
            if (driver.isPresent())
            {
                final DriverStatus status = driver.get();
                final boolean alive = status.isAlive();
                up &= alive;
                drivers.computeIfAbsent(status.driverDirectory(), (directory) ->
                    Map.of("alive", alive, "heartbeatAgeMs", status.heartbeatAgeMs()));
                if (connection.archiveRequired())
                {
                    final boolean running = status.archiveRunning();
                    archiveRunning = (archiveRunning == null || archiveRunning) && running;
                }
            }
            final ConnectionMetrics.QueueHostState state = connection.queueHost();
            if (state.compareTo(queueHost) > 0)
            {
                queueHost = state;
            }
        }
        up &= queueHost != ConnectionMetrics.QueueHostState.UNREACHABLE;
        up &= archiveRunning == null || archiveRunning;
        builder.status(up ? Status.UP : Status.DOWN)
            .withDetail("drivers", drivers)
            .withDetail("queueHost", queueHost.name().toLowerCase(Locale.ROOT))
            .withDetail("connections", connections.size());
        if (archiveRunning != null)
        {
            builder.withDetail("archive", archiveRunning ? "running" : "stopped");
        }
    }
}
