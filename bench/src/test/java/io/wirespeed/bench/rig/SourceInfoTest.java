package io.wirespeed.bench.rig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A result names the commit it was measured on and whether the tree held changes not committed.
 */
class SourceInfoTest
{
    @TempDir
    Path notACheckout;

    @Test
    void namesTheCommitAndWhetherTheTreeIsDirtyInACheckout()
    {
        final Map<String, Object> source = SourceInfo.describe(Path.of("").toAbsolutePath());
        assertTrue(String.valueOf(source.get("commit")).matches("[0-9a-f]{40}"), source.toString());
        assertTrue(source.get("dirty") instanceof Boolean, source.toString());
    }

    @Test
    void saysUnknownOutsideACheckout()
    {
        final Path checkout = Path.of("").toAbsolutePath().getParent();
        assumeFalse(notACheckout.toAbsolutePath().startsWith(checkout), "the temporary directory lies in the checkout");
        final Map<String, Object> source = SourceInfo.describe(notACheckout);
        assertEquals(SourceInfo.UNKNOWN, source.get("commit"));
        assertEquals(SourceInfo.UNKNOWN, source.get("dirty"));
    }
}
