package io.wirespeed.codec;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class AllocationFreeTest
{
    private static final int WARM_UP = 100_000;
    private static final int ROUNDS = 5;
    private static final int MEASURED = 10_000;

    private final UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(4096));
    private final EnvelopeWriter writer = new EnvelopeWriter();
    private final EnvelopeLength length = new EnvelopeLength();
    private final EnvelopeReader reader = new EnvelopeReader();
    private final StringBuilder text = new StringBuilder(256);
    private final byte[] scratch = new byte[256];
    private final String destination = "prices.eur.usd";
    private final String symbol = "EUR/USD \u20ac";
    private final String body = "{\"bid\":1.0842,\"ask\":1.0843} \uD83D\uDE80";
    private long sink;

    @Test
    void encodingAndDecodingAMessageWithPropertiesAllocatesNothingOnceWarm()
    {
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        assumeTrue(threads.isCurrentThreadCpuTimeSupported() && threads.isThreadAllocatedMemorySupported());
        threads.setThreadAllocatedMemoryEnabled(true);

        for (int i = 0; i < WARM_UP; i++)
        {
            encodeAndDecode(i);
        }

        // A real per-message allocation shows in every round; a round is retried only so that late JIT
        // recompilation (which may deoptimise and allocate once) cannot make the test flaky.
        final long[] allocatedPerRound = new long[ROUNDS];
        long leastAllocated = Long.MAX_VALUE;
        for (int round = 0; round < ROUNDS && leastAllocated != 0; round++)
        {
            final long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < MEASURED; i++)
            {
                encodeAndDecode(i);
            }
            allocatedPerRound[round] = threads.getCurrentThreadAllocatedBytes() - before;
            leastAllocated = Math.min(leastAllocated, allocatedPerRound[round]);
        }

        assertEquals(0, leastAllocated, "bytes allocated per round of " + MEASURED + " encode + decode cycles: " +
            java.util.Arrays.toString(allocatedPerRound));
        assertTrue(sink != 0);
    }

    private void encodeAndDecode(final int i)
    {
        final int measured = length.full()
            .stringEntry("symbol", symbol).entry("size").entry("price").entry("firm").entry("JMSXGroupSeq")
            .text(destination).text("quote").text("req-1").text(body).length();

        writer.wrap(buffer, 64, measured);
        encode(i);
        final int written = writer.finish();

        reader.wrap(buffer, 64, written);
        final EntriesReader properties = reader.properties();
        final int symbolIndex = properties.indexOf("symbol");
        final int sizeIndex = properties.indexOf("size");
        if (properties.data(symbolIndex).contentEquals(symbol) && reader.destinationName().contentEquals(destination))
        {
            sink += properties.longValue(sizeIndex) + reader.sequence() + reader.priority();
        }
        sink += properties.doubleValue(properties.indexOf("price")) > 1.0 ? 1 : 0;
        sink += properties.booleanValue(properties.indexOf("firm")) ? 1 : 0;
        sink += reader.bodyEntries().count();
        text.setLength(0);
        reader.body().appendTo(text);
        sink += text.length() + reader.body().getBytes(scratch, 0);
        sink += reader.correlationId().length() + reader.type().length();

        final int compactLength = writer.wrapCompact(buffer, 64).messageId(1, 2, 3, 4, i).topicHash(i)
            .destination(DestinationKind.TOPIC, destination).bytesBody(scratch, 0, 45).finish();
        reader.wrap(buffer, 64, compactLength);
        sink += reader.topicHash() + EnvelopeReader.peekTopicHash(buffer, 64, compactLength) + reader.body().length();
        sink += reader.wrapValidated(buffer, 64, compactLength).body().length();
        sink += reader.wrapValidated(buffer, 64, written).properties().count();
    }

    private void encode(final int i)
    {
        writer.messageId(0x1234_5678L, 0x9ABC_DEF0L, 1, 2, i)
            .timestamp(1_700_000_000_000L + i).priority(i % 10).deliveryMode(EnvelopeDescriptor.NON_PERSISTENT)
            .properties()
            .stringValue("symbol", symbol)
            .longValue("size", i)
            .doubleValue("price", 1.0842)
            .booleanValue("firm", true)
            .intValue("JMSXGroupSeq", 3);
        writer.destination(DestinationKind.TOPIC, destination)
            .type("quote")
            .correlationId("req-1")
            .textBody(body);
    }
}
