package io.wirespeed.transport.rdma;

import io.aeron.logbuffer.LogBufferDescriptor;
import io.wirespeed.transport.rdma.verbs.Verbs;
import org.agrona.BufferUtil;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.ByteBuffer;

/**
 * An Aeron-format log in registered memory: three contiguous terms followed by the metadata
 * section of {@link LogBufferDescriptor}. The publisher's log is the source of its RDMA writes;
 * each subscriber holds a replica, registered for remote write, that the writes land in at the
 * same offsets.
 */
final class LogBuffer
{
    private static final int PAGE_SIZE = 4096;

    private final Verbs verbs;
    private final ByteBuffer memory;
    private final UnsafeBuffer[] terms = new UnsafeBuffer[LogBufferDescriptor.PARTITION_COUNT];
    private final UnsafeBuffer metadata;
    private final int termLength;
    private final long memoryRegion;

    LogBuffer(final Verbs verbs, final long protectionDomain, final int termLength, final int access)
    {
        this.verbs = verbs;
        this.termLength = termLength;
        final long length = LogBufferDescriptor.computeLogLength(termLength, PAGE_SIZE);
        memory = BufferUtil.allocateDirectAligned((int)length, PAGE_SIZE);
        final long address = BufferUtil.address(memory);
        for (int i = 0; i < terms.length; i++)
        {
            terms[i] = new UnsafeBuffer(address + (long)i * termLength, termLength);
        }
        metadata = new UnsafeBuffer(address + (long)termLength * LogBufferDescriptor.PARTITION_COUNT,
            LogBufferDescriptor.LOG_META_DATA_LENGTH);
        LogBufferDescriptor.termLength(metadata, termLength);
        LogBufferDescriptor.pageSize(metadata, PAGE_SIZE);
        memoryRegion = verbs.registerMemory(protectionDomain, address, length, access);
    }

    UnsafeBuffer term(final int partitionIndex)
    {
        return terms[partitionIndex];
    }

    UnsafeBuffer metadata()
    {
        return metadata;
    }

    int termLength()
    {
        return termLength;
    }

    /** The address of term 0; term i starts {@code i * termLength} after it. */
    long address()
    {
        return BufferUtil.address(memory);
    }

    int localKey()
    {
        return verbs.localKey(memoryRegion);
    }

    int remoteKey()
    {
        return verbs.remoteKey(memoryRegion);
    }

    void close()
    {
        verbs.deregisterMemory(memoryRegion);
    }
}
