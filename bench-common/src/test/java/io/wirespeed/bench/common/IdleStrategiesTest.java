package io.wirespeed.bench.common;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.wirespeed.transport.TransportException;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class IdleStrategiesTest
{
    @Test
    void makesANewStrategyForEachNameWirespeedsUriTakes()
    {
        assertInstanceOf(YieldingIdleStrategy.class, IdleStrategies.of("yielding"));
        assertInstanceOf(BusySpinIdleStrategy.class, IdleStrategies.of("busy-spin"));
        assertInstanceOf(BackoffIdleStrategy.class, IdleStrategies.of("backoff"));
        assertInstanceOf(SleepingMillisIdleStrategy.class, IdleStrategies.of("sleeping"));
        assertNotSame(IdleStrategies.of("yielding"), IdleStrategies.of("yielding"));
    }

    @Test
    void refusesAnUnknownNameListingTheKnownOnes()
    {
        final TransportException ex = assertThrows(TransportException.class, () -> IdleStrategies.of("spinning"));
        assertTrue(ex.getMessage().contains("busy-spin"), ex.getMessage());
    }
}
