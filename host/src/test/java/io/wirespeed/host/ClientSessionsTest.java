package io.wirespeed.host;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.wirespeed.test.AdjustableClock;
import io.wirespeed.test.transport.InMemoryMedium;
import io.wirespeed.test.transport.InMemoryTransport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * The host's sessions are found by the id it issued and by their client's connection id without a key object:
 * connection ids whose halves mix to the same key are told apart, and removing one leaves the others found.
 */
class ClientSessionsTest
{
    /** The odd constant that {@link ClientSessions} multiplies the high half by. */
    private static final long MIX = 0x9E3779B97F4A7C15L;

    private final AdjustableClock clock = new AdjustableClock();
    private final InMemoryTransport transport = new InMemoryMedium().connect();
    private final HostLimits limits = new HostLimits(64, 256, 1 << 20, TimeUnit.SECONDS.toNanos(1));
    private final PublicationEgress egress = new PublicationEgress(transport, () -> limits, clock);
    private final ClientSessions sessions = new ClientSessions(() -> egress, (session) -> { });

    @AfterEach
    void close()
    {
        transport.close();
    }

    @Test
    void sessionsOfConnectionIdsThatMixAlikeAreToldApart()
    {
        // key(0, x) == 0 * MIX ^ x == x == 1 * MIX ^ (x ^ MIX) == key(1, x ^ MIX)
        final long x = 42;
        final HostSession first = sessions.client(0, x, 5001, false, limits, clock.nanoTime());
        final HostSession second = sessions.client(1, x ^ MIX, 5002, false, limits, clock.nanoTime());
        final HostSession third = sessions.client(2, x ^ 2 * MIX, 5003, false, limits, clock.nanoTime());
        assertNotEquals(first.id, second.id);
        assertEquals(HostSession.State.IMPLICIT, first.state());
        assertSame(first, sessions.find(0, x));
        assertSame(second, sessions.find(1, x ^ MIX));
        assertSame(third, sessions.find(2, x ^ 2 * MIX));
        assertSame(second, sessions.byId(second.id));
        assertSame(first, sessions.client(0, x, 5001, false, limits, clock.nanoTime()),
            "a known client keeps its session");
        assertEquals(3, sessions.size());

        sessions.remove(second);
        assertNull(sessions.find(1, x ^ MIX));
        assertNull(sessions.byId(second.id));
        assertEquals(HostSession.State.CLOSED, second.state());
        assertSame(first, sessions.find(0, x));
        assertSame(third, sessions.find(2, x ^ 2 * MIX));

        sessions.remove(third);
        assertSame(first, sessions.find(0, x));
        sessions.remove(first);
        assertNull(sessions.find(0, x));
        assertEquals(0, sessions.size());

        final HostSession again = sessions.client(1, x ^ MIX, 5002, false, limits, clock.nanoTime());
        assertSame(again, sessions.find(1, x ^ MIX));
        assertNotEquals(second.id, again.id, "a session id is never issued twice");
    }
}
