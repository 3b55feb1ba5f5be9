package io.wirespeed.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import org.junit.jupiter.api.Test;

class ResponsiveIdleStrategyTest
{
    private long now = 1_000_000;
    private final ResponsiveIdleStrategy strategy = new ResponsiveIdleStrategy(() -> now);

    @Test
    void spinsThenYieldsThenParksAsTimeSinceTheLastWorkGrows()
    {
        assertEquals(ResponsiveIdleStrategy.Phase.SPIN, strategy.phase());
        now += ResponsiveIdleStrategy.SPIN_WINDOW_NS;
        assertEquals(ResponsiveIdleStrategy.Phase.YIELD, strategy.phase());
        now += ResponsiveIdleStrategy.YIELD_WINDOW_NS - ResponsiveIdleStrategy.SPIN_WINDOW_NS - 1;
        assertEquals(ResponsiveIdleStrategy.Phase.YIELD, strategy.phase());
        now += 1;
        assertEquals(ResponsiveIdleStrategy.Phase.PARK, strategy.phase());
    }

    @Test
    void parksDoubleUpToTheLongestParkAndNeverReachAMillisecond()
    {
        long park = 0;
        for (int i = 0; i < 20; i++)
        {
            final long next = strategy.nextPark();
            assertEquals(i == 0 ? ResponsiveIdleStrategy.MIN_PARK_NS : Math.min(park * 2, 250_000), next);
            park = next;
        }
        assertEquals(ResponsiveIdleStrategy.MAX_PARK_NS, park);
    }

    @Test
    void workMakesItResponsiveAgainAndRestartsTheParks()
    {
        now += ResponsiveIdleStrategy.YIELD_WINDOW_NS;
        strategy.nextPark();
        strategy.nextPark();

        strategy.idle(1);

        assertEquals(ResponsiveIdleStrategy.Phase.SPIN, strategy.phase());
        assertEquals(ResponsiveIdleStrategy.MIN_PARK_NS, strategy.nextPark());
    }

    @Test
    void isTheKindNamedResponsive()
    {
        assertInstanceOf(ResponsiveIdleStrategy.class, IdleStrategyKind.RESPONSIVE.newIdleStrategy());
        assertEquals(IdleStrategyKind.RESPONSIVE, IdleStrategyKind.byPropertyName("responsive", "test"));
    }
}
