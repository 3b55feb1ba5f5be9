package io.wirespeed.transport.aeron;

import io.wirespeed.test.Await;
import io.wirespeed.test.DriverDirectories;
import io.wirespeed.test.FreePorts;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.time.Duration;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Closing a transport leaves no Aeron thread running and no driver file behind; an embedded driver
 * shared by transports of one JVM stops with the last of them. That a closed transport refuses new
 * streams is the transport contract's (test-support's TransportContract, run against Aeron).
 */
class CleanShutdownTest
{
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    @Test
    void closingTheTransportStopsEveryAeronThreadAndDeletesTheDriverDirectory()
    {
        final String directory = DriverDirectories.unique("shutdown");
        final Set<String> threadsBefore = liveThreadNames();

        final AeronTransport transport = connect(directory);
        sendOneMessage(transport, "aeron:ipc");
        sendOneMessage(transport, "aeron:udp?endpoint=127.0.0.1:" + FreePorts.udp());
        final Set<String> threadsWhileOpen = liveThreadNames();
        assertTrue(threadsWhileOpen.contains("aeron-client"), threadsWhileOpen.toString());
        assertTrue(new File(directory, "cnc.dat").exists());

        transport.close();

        assertEquals(Set.of(), threadsAddedSince(threadsBefore), "threads left running after close");
        assertEquals(Set.of(), aeronThreads(), "Aeron threads left running after close");
        assertFalse(new File(directory).exists(), "driver directory deleted");
        assertEquals(0, shmEntriesNamed(new File(directory).getName()), "nothing left in /dev/shm");
    }

    @Test
    void embeddedDriverSharedByTwoTransportsStopsWithTheLast()
    {
        final String directory = DriverDirectories.unique("shared");
        final Set<String> threadsBefore = liveThreadNames();
        final AeronTransport first = connect(directory);
        final AeronTransport second = connect(directory);

        first.close();
        assertTrue(new File(directory, "cnc.dat").exists(), "the driver outlives the first transport");
        sendOneMessage(second, "aeron:ipc");

        second.close();
        assertFalse(new File(directory).exists(), "the last transport's close stops the driver");
        assertEquals(Set.of(), threadsAddedSince(threadsBefore), "threads left running after close");
    }

    private static AeronTransport connect(final String directory)
    {
        return AeronTransport.connect(new AeronTransportContext().directory(directory).termLength(1 << 16).conclude());
    }

    private static void sendOneMessage(final AeronTransport transport, final String channel)
    {
        try (TransportSubscription subscription = transport.addSubscription(channel, 2);
            TransportPublication publication = transport.addPublication(channel, 2))
        {
            Await.until("the publication to connect", TIMEOUT, publication::isConnected);
            final UnsafeBuffer buffer = new UnsafeBuffer(new byte[16]);
            Await.until("the offer", TIMEOUT, () -> publication.offer(buffer, 0, 16) > 0);
            final int[] received = { 0 };
            Await.until("the message", TIMEOUT, () -> subscription.poll((b, offset, length) -> received[0]++, 10) > 0);
            assertEquals(1, received[0]);
        }
    }

    private static Set<String> liveThreadNames()
    {
        final Set<String> names = new TreeSet<>();
        for (final Thread thread : Thread.getAllStackTraces().keySet())
        {
            if (thread.isAlive())
            {
                names.add(thread.getName());
            }
        }
        return names;
    }

    private static Set<String> threadsAddedSince(final Set<String> before)
    {
        final Set<String> added = liveThreadNames();
        added.removeAll(before);
        return added;
    }

    private static Set<String> aeronThreads()
    {
        final Set<String> aeron = liveThreadNames();
        aeron.removeIf((name) -> !name.contains("aeron") && !name.contains("conductor") &&
            !name.contains("sender") && !name.contains("receiver"));
        return aeron;
    }

    private static long shmEntriesNamed(final String name)
    {
        final String[] entries = new File("/dev/shm").list();
        return null == entries ? 0 : Arrays.stream(entries).filter((entry) -> entry.startsWith(name)).count();
    }
}
