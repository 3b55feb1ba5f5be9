package io.wirespeed.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;

import org.junit.jupiter.api.Test;

import io.wirespeed.transport.TransportException;

/**
 * The queue host's limits read every value in the one grammar of settings, and its per-pattern full policies in the
 * one grammar of names that routes and wildcard topics use.
 */
class QueueLimitsTest
{
    @Test
    void sizesAndDurationsTakeUnits()
    {
        final QueueLimits limits = QueueLimits.fromProperties(properties(
            "wirespeed.host.maxQueueBytes", "16m", "wirespeed.host.idleQueueRemovalMs", "2m"));

        assertEquals(16L << 20, limits.maxQueueBytes());
        assertEquals(120_000_000_000L, limits.idleQueueRemovalNs());
    }

    @Test
    void aPolicyPatternOutsideTheGrammarIsRefusedNamingTheSetting()
    {
        final TransportException ex = assertThrows(TransportException.class,
            () -> QueueLimits.fromProperties(properties("wirespeed.host.fullPolicy.orders*", "fail")));

        assertTrue(ex.getMessage().startsWith("wirespeed.host.fullPolicy.orders* names no valid queue name pattern: " +
            "segment 'orders*' holds a wildcard inside it"), ex.getMessage());
    }

    @Test
    void aSizeThatDoesNotParseIsRefusedInsteadOfIgnored()
    {
        final TransportException ex = assertThrows(TransportException.class,
            () -> QueueLimits.fromProperties(properties("wirespeed.host.maxQueueBytes", "16 MB")));

        assertTrue(ex.getMessage().startsWith("wirespeed.host.maxQueueBytes='16 MB' is not a size"), ex.getMessage());
    }

    private static Properties properties(final String... pairs)
    {
        final Properties properties = new Properties();
        for (int i = 0; i < pairs.length; i += 2)
        {
            properties.setProperty(pairs[i], pairs[i + 1]);
        }
        return properties;
    }
}
