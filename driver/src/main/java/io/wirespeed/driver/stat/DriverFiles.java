package io.wirespeed.driver.stat;

import java.io.File;
import java.nio.MappedByteBuffer;
import java.nio.charset.StandardCharsets;

import org.agrona.IoUtil;
import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.ManyToOneRingBuffer;
import org.agrona.concurrent.status.CountersReader;

import io.aeron.CncFileDescriptor;

/**
 * A running media driver's CnC file, mapped read-only in spirit (nothing is written): its counters (the driver's,
 * its clients', Wirespeed's), its error log and its heartbeat. What {@code AeronStat} attaches to.
 */
final class DriverFiles implements AutoCloseable
{
    private final String directory;
    private final MappedByteBuffer cnc;
    private final CountersReader counters;
    private final AtomicBuffer errorLog;
    private final ManyToOneRingBuffer toDriver;

    private DriverFiles(final String directory, final MappedByteBuffer cnc)
    {
        this.directory = directory;
        this.cnc = cnc;
        final UnsafeBuffer meta = CncFileDescriptor.createMetaDataBuffer(cnc);
        CncFileDescriptor.checkVersion(meta.getInt(CncFileDescriptor.cncVersionOffset(0)));
        this.counters = new CountersReader(CncFileDescriptor.createCountersMetaDataBuffer(cnc, meta),
            CncFileDescriptor.createCountersValuesBuffer(cnc, meta), StandardCharsets.US_ASCII);
        this.errorLog = CncFileDescriptor.createErrorLogBuffer(cnc, meta);
        this.toDriver = new ManyToOneRingBuffer(CncFileDescriptor.createToDriverBuffer(cnc, meta));
    }

    /**
     * Maps the CnC file of a driver directory.
     *
     * @param directory the driver's directory.
     * @return the mapped files.
     * @throws IllegalStateException naming the directory if no driver's CnC file is there.
     */
    static DriverFiles attach(final String directory)
    {
        final File file = new File(directory, CncFileDescriptor.CNC_FILE);
        if (!file.isFile())
        {
            throw new IllegalStateException("no media driver at " + directory + " (no " + file + "): start one with " +
                "driver/bin/wirespeed-driver, or name its directory as the argument or with -Daeron.dir");
        }
        return new DriverFiles(directory, IoUtil.mapExistingFile(file, CncFileDescriptor.CNC_FILE));
    }

    /** @return the driver's directory. */
    String directory()
    {
        return directory;
    }

    /** @return every counter of the driver. */
    CountersReader counters()
    {
        return counters;
    }

    /** @return the driver's error log. */
    AtomicBuffer errorLog()
    {
        return errorLog;
    }

    /** @return the epoch ms of the driver's last heartbeat. */
    long heartbeatMs()
    {
        return toDriver.consumerHeartbeatTime();
    }

    /** Unmaps the file. */
    @Override
    public void close()
    {
        IoUtil.unmap(cnc);
    }
}
