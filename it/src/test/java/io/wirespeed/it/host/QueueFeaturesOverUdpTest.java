package io.wirespeed.it.host;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.it.queue.QueueFeatures;
import io.wirespeed.test.SlowTest;

/**
 * {@link QueueFeatures} against the single queue host, a driver process serving it over UDP ({@link HostOverUdp}),
 * with its archive on for the durable subscription; topics travel over UDP where the host reads them.
 */
@SlowTest
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class QueueFeaturesOverUdpTest extends QueueFeatures
{
    @TempDir
    Path archiveDir;

    @Override
    protected Host startHost(final boolean durable) throws Exception
    {
        return HostOverUdp.start(processes, durable ? Map.of(
            "wirespeed.archive.enabled", "true",
            "wirespeed.archive.dir", archiveDir.toString(),
            "wirespeed.archive.segment.length", "1m") : Map.of());
    }
}
