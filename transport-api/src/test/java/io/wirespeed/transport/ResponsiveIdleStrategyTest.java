package io.wirespeed.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    void fourOfTheLastEightWaitsEndingAfterTheSpinWindowShrinkItAndWaitsEndingInAParkTeachNothing()
    {
        for (int i = 0; i < 10; i++)
        {
            endWaitIn(ResponsiveIdleStrategy.Phase.PARK);
            endWaitIn(ResponsiveIdleStrategy.Phase.SPIN);
        }
        for (int i = 0; i < 3; i++)
        {
            endWaitIn(ResponsiveIdleStrategy.Phase.YIELD);
            endWaitIn(ResponsiveIdleStrategy.Phase.PARK);
            assertEquals(ResponsiveIdleStrategy.SPIN_WINDOW_NS, strategy.spinWindowNs(), "after " + (i + 1));
        }
        endWaitIn(ResponsiveIdleStrategy.Phase.YIELD);
        assertEquals(ResponsiveIdleStrategy.SHORT_SPIN_WINDOW_NS, strategy.spinWindowNs());

        now += ResponsiveIdleStrategy.SHORT_SPIN_WINDOW_NS;
        assertEquals(ResponsiveIdleStrategy.Phase.YIELD, strategy.phase(), "the short window spins 1 µs, then yields");
    }

    @Test
    void withTheShortWindowOneWaitInSixteenSpinsTheWholeWindowAndFiveSuchWaitsEndingWithinItRestoreIt()
    {
        for (int i = 0; i < 4; i++)
        {
            endWaitIn(ResponsiveIdleStrategy.Phase.YIELD);
        }
        int whole = 0;
        for (int i = 0; i < 64; i++)
        {
            whole += ResponsiveIdleStrategy.SPIN_WINDOW_NS == strategy.spinWindowNs() ? 1 : 0;
            endWaitIn(ResponsiveIdleStrategy.Phase.YIELD);
        }
        assertEquals(4, whole, "one wait in sixteen spins the whole window while spinning does not pay");

        int waits = 0;
        int probes = 0;
        while (probes < 5)
        {
            final boolean probe = ResponsiveIdleStrategy.SPIN_WINDOW_NS == strategy.spinWindowNs();
            probes += probe ? 1 : 0;
            endWaitIn(probe ? ResponsiveIdleStrategy.Phase.SPIN : ResponsiveIdleStrategy.Phase.YIELD);
            assertTrue(++waits <= 5 * ResponsiveIdleStrategy.PROBE_INTERVAL, "five probes within 80 waits");
        }
        for (int i = 0; i < 20; i++)
        {
            assertEquals(ResponsiveIdleStrategy.SPIN_WINDOW_NS, strategy.spinWindowNs(), "restored, wait " + i);
            endWaitIn(ResponsiveIdleStrategy.Phase.SPIN);
        }
    }

    @Test
    void isTheKindNamedResponsive()
    {
        assertInstanceOf(ResponsiveIdleStrategy.class, IdleStrategyKind.RESPONSIVE.newIdleStrategy());
        assertEquals(IdleStrategyKind.RESPONSIVE, IdleStrategyKind.byPropertyName("responsive", "test"));
    }

    /** A wait that idles once in a phase, then finds work. */
    private void endWaitIn(final ResponsiveIdleStrategy.Phase phase)
    {
        now += switch (phase)
        {
            case SPIN -> 0;
            case YIELD -> ResponsiveIdleStrategy.SPIN_WINDOW_NS;
            case PARK -> ResponsiveIdleStrategy.YIELD_WINDOW_NS;
        };
        assertEquals(phase, strategy.phase());
        strategy.idle();
        now += 1;
        strategy.idle(1);
    }
}
