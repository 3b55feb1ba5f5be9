package io.wirespeed.it.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.Supplier;

import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.it.Api;
import io.wirespeed.test.ChildJvms;

/**
 * Joins what competing {@link QueueConsumerMain} processes consumed (the sequence numbers each wrote to its file) and
 * asserts that every message from 0 to count-1 was consumed exactly once across them: none lost, none twice, every
 * consumer a share, every consumer's report matching its file and its exit status 0.
 */
public final class ConsumedOnce
{
    private static final Duration STARTUP = Duration.ofSeconds(60);
    private static final Duration EXIT = Duration.ofSeconds(30);

    private ConsumedOnce()
    {
    }

    /**
     * Consumer processes compete for a queue (or a shared subscription): each in its own style starts first and says
     * READY; then a producer process sends sequenced messages and an end marker per consumer, and exits. Each
     * consumer stops at its end marker and reports what it consumed; every message must have been consumed once.
     *
     * @param processes   the test's child JVMs.
     * @param reports     where the consumers write their files.
     * @param uris        gives each process its connection URI (each may need a driver directory of its own).
     * @param consumeFrom the queue, or {@code shared:<name>:<topic>}.
     * @param produceTo   the queue, or {@code topic:<topic>}.
     * @param modes       the consumers' styles ({@link QueueConsumerMain}).
     * @param messages    how many data messages.
     * @param transfer    how long sending, and each consumer's report, may take.
     * @return each consumer's share ({@link #assertEachConsumedOnce}).
     * @throws Exception if a process fails or a file cannot be read.
     */
    public static String competing(
        final ChildJvms processes, final Path reports, final Supplier<String> uris, final String consumeFrom,
        final String produceTo, final List<String> modes, final int messages, final Duration transfer)
        throws Exception
    {
        final List<ChildJvm> consumers = new ArrayList<>();
        final List<Path> files = new ArrayList<>();
        for (final String mode : modes)
        {
            final Path file = reports.resolve("consumed-" + mode + ".bin");
            files.add(file);
            consumers.add(processes.start("consumer (" + mode + ")",
                Api.JAVAX.command(QueueConsumerMain.class.getName())
                    .args(uris.get(), consumeFrom, mode, file.toString())));
        }
        for (final ChildJvm consumer : consumers)
        {
            consumer.awaitLine("READY", STARTUP);
        }

        final ChildJvm producer = processes.start("producer", Api.JAVAX.command(QueueProducerMain.class.getName())
            .args(uris.get(), produceTo, Integer.toString(messages), Integer.toString(modes.size())));
        assertEquals(
            "SENT count=" + messages + " markers=" + modes.size(), producer.awaitLine("SENT ", STARTUP.plus(transfer)));
        assertEquals(0, producer.awaitExit(EXIT), "producer exit status" + processes.outputs());
        return assertEachConsumedOnce(processes, consumers, modes, files, messages, transfer);
    }

    /**
     * Waits for each consumer's report and exit, then checks the union of their files.
     *
     * @param processes the test's child JVMs, for failure messages.
     * @param consumers the consumer processes.
     * @param names     what to call each consumer in messages.
     * @param files     each consumer's file of sequence numbers.
     * @param messages  how many data messages were sent.
     * @param wait      how long to wait for each report and exit.
     * @return each consumer's share, e.g. {@code " auto=50123 listener=49877"}.
     * @throws Exception if a file cannot be read or waiting is interrupted.
     */
    public static String assertEachConsumedOnce(final ChildJvms processes, final List<ChildJvm> consumers,
        final List<String> names, final List<Path> files, final int messages, final Duration wait) throws Exception
    {
        final BitSet consumed = new BitSet(messages);
        final StringBuilder shares = new StringBuilder();
        long duplicates = 0;
        long outOfRange = 0;
        for (int i = 0; i < consumers.size(); i++)
        {
            final ChildJvm consumer = consumers.get(i);
            final String report = consumer.awaitLine("CONSUMED ", wait);
            consumer.awaitLine("VERIFIED", wait);
            assertEquals(0, consumer.awaitExit(wait), names.get(i) + " consumer exit status" + processes.outputs());

            final int[] seqs = readSeqs(files.get(i));
            long sum = 0;
            for (final int seq : seqs)
            {
                sum += seq;
                if (seq < 0 || seq >= messages)
                {
                    outOfRange++;
                }
                else if (consumed.get(seq))
                {
                    duplicates++;
                }
                else
                {
                    consumed.set(seq);
                }
            }
            assertEquals("CONSUMED count=" + seqs.length + " sum=" + sum, report,
                "what the " + names.get(i) + " consumer reported against what it wrote");
            assertTrue(seqs.length > 0, "the " + names.get(i) + " consumer got no share" + processes.outputs());
            shares.append(' ').append(names.get(i)).append('=').append(seqs.length);
        }

        assertEquals(0, outOfRange, "sequence numbers that were never sent");
        assertEquals(0, duplicates, "messages consumed more than once (shares:" + shares + ")");
        assertEquals(messages, consumed.cardinality(), "distinct messages consumed (shares:" + shares + "); " +
            "the first missing is " + consumed.nextClearBit(0));
        assertEquals(messages, consumed.nextClearBit(0), "every sequence number from 0 to " + (messages - 1));
        return shares.toString();
    }

    private static int[] readSeqs(final Path file) throws IOException
    {
        final int[] seqs = new int[(int)(Files.size(file) / Integer.BYTES)];
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file))))
        {
            for (int i = 0; i < seqs.length; i++)
            {
                seqs[i] = in.readInt();
            }
            assertEquals(-1, in.read(), file + " ends in the middle of a sequence number");
        }
        catch (final EOFException ex)
        {
            throw new AssertionError(file + " is shorter than its size says", ex);
        }
        return seqs;
    }
}
