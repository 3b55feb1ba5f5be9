package io.wirespeed.transport.aeron;

import io.wirespeed.test.Await;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.ByteBuffer;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Sends {@link SequencedMessages} on the calling thread while a second thread polls and checks
 * them, then asserts that every message arrived, in order, with the sender's checksum.
 */
final class SequencedTransfer
{
    private SequencedTransfer()
    {
    }

    /**
     * Sends {@code count} messages and asserts their complete, ordered, checksummed arrival.
     *
     * @return the time the transfer took.
     */
    static Duration sendAndVerify(
        final TransportPublication publication,
        final TransportSubscription subscription,
        final long count,
        final Duration timeout) throws InterruptedException
    {
        Await.until("publication and subscription to connect", Duration.ofSeconds(10),
            () -> publication.isConnected() && subscription.isConnected());

        final long deadline = System.nanoTime() + timeout.toNanos();
        final SequencedMessages.Receiver receiver = new SequencedMessages.Receiver();
        final Thread poller = new Thread(() -> poll(subscription, receiver, count, deadline), "test-poller");
        final long start = System.nanoTime();
        poller.start();

        final SequencedMessages.Checksum sent = new SequencedMessages.Checksum();
        final UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(SequencedMessages.MAX_LENGTH));
        final IdleStrategy idle = new BackoffIdleStrategy();
        for (long sequence = 0; sequence < count; sequence++)
        {
            final int length = SequencedMessages.encode(sequence, buffer, 0);
            long result;
            while ((result = publication.offer(buffer, 0, length)) < 0)
            {
                if (result == TransportPublication.CLOSED || result == TransportPublication.MAX_POSITION_EXCEEDED ||
                    System.nanoTime() - deadline > 0)
                {
                    poller.interrupt();
                    fail("offer of message " + sequence + " failed: " + TransportPublication.describe(result) +
                        ", received so far " + receiver.received());
                }
                idle.idle();
            }
            idle.reset();
            sent.update(buffer, 0, length);
        }

        poller.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
        final Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertNull(receiver.firstFault());
        assertEquals(count, receiver.received(), "messages received");
        assertEquals(sent.value(), receiver.checksum(), "CRC32 of received messages equals the sender's");
        return took;
    }

    private static void poll(
        final TransportSubscription subscription,
        final SequencedMessages.Receiver receiver,
        final long count,
        final long deadline)
    {
        final IdleStrategy idle = new BackoffIdleStrategy();
        while (receiver.received() < count && System.nanoTime() - deadline < 0 &&
            !Thread.currentThread().isInterrupted())
        {
            idle.idle(subscription.poll(receiver, 256));
        }
    }
}
