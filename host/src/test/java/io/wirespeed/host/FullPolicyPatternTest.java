package io.wirespeed.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * The queue host's per-pattern full policies ({@code wirespeed.host.fullPolicy.<pattern>}) read patterns in the one
 * grammar of names that routes, slow-consumer policies and wildcard topics use: {@code *} is exactly one segment, a
 * last {@code >} one or more.
 */
class FullPolicyPatternTest
{
    private static final QueueLimits LIMITS = new QueueLimits(100, 1 << 20, 1 << 24, 100, 0, FullPolicy.BLOCK,
        Map.of("orders.*", FullPolicy.FAIL, "audit.>", FullPolicy.FAIL));

    @Test
    void aStarIsExactlyOneSegment()
    {
        assertEquals(FullPolicy.FAIL, LIMITS.policyOf("orders.eu"));
        assertEquals(FullPolicy.BLOCK, LIMITS.policyOf("orders.eu.high"));
        assertEquals(FullPolicy.BLOCK, LIMITS.policyOf("ordersx"));
    }

    @Test
    void aLastGreaterThanIsOneOrMoreSegments()
    {
        assertEquals(FullPolicy.FAIL, LIMITS.policyOf("audit.eu"));
        assertEquals(FullPolicy.FAIL, LIMITS.policyOf("audit.eu.high"));
        assertEquals(FullPolicy.BLOCK, LIMITS.policyOf("audit"));
    }
}
