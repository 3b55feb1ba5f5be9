package io.wirespeed.host;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.wirespeed.codec.DestinationKind;
import io.wirespeed.codec.EnvelopeReader;
import io.wirespeed.codec.EnvelopeWriter;
import io.wirespeed.codec.control.QueueStreams;
import io.wirespeed.codec.control.sbe.MessageHeaderEncoder;
import io.wirespeed.codec.control.sbe.SubscribeEncoder;
import io.wirespeed.test.AdjustableClock;
import io.wirespeed.test.transport.InMemoryMedium;
import io.wirespeed.test.transport.InMemoryTransport;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A consumer whose selector matches none of a deep queue's messages: the host tests each message against it once,
 * and then only the messages that arrive, not the whole queue on every duty cycle (which held the host's thread for
 * every other client); a matching message that arrives later is still delivered, ahead of none it should follow.
 */
class SelectorScanTest
{
    private static final int DEPTH = 10_000;

    private final AtomicLong tests = new AtomicLong();
    private final AdjustableClock clock = new AdjustableClock();
    private final InMemoryTransport transport = new InMemoryMedium(1 << 22).connect();
    private final QueueHost host = new QueueHost(transport, this::counting)
        .limits(new HostLimits(64, 4096, 8 << 20, TimeUnit.SECONDS.toNanos(10)), clock);
    private final TransportPublication control = transport.addPublication(QueueHostChannels.IPC,
        QueueStreams.CONTROL_STREAM);
    private final TransportPublication inbound = transport.addPublication(QueueHostChannels.IPC,
        QueueStreams.INBOUND_STREAM);
    private final TransportSubscription replies = transport.addSubscription(QueueHostChannels.IPC, 5001);
    private final UnsafeBuffer out = new UnsafeBuffer(new byte[256]);

    private Predicate<EnvelopeReader> counting(final String selector)
    {
        final Predicate<EnvelopeReader> test = QueueSelectors.compile(selector);
        return envelope ->
        {
            tests.incrementAndGet();
            return test.test(envelope);
        };
    }

    @AfterEach
    void close()
    {
        host.close();
        transport.close();
    }

    @Test
    void aSelectorThatMatchesNothingIsNotTestedAgainstTheWholeQueueOnEveryDutyCycle()
    {
        for (int i = 0; i < DEPTH; i++)
        {
            send(i, 4);
        }
        final SubscribeEncoder subscribe = new SubscribeEncoder().wrapAndApplyHeader(out, 0,
            new MessageHeaderEncoder()).consumerId(1).credit(10);
        subscribe.client().high(1).low(1).replyStreamId(5001);
        subscribe.queue("q").selector("JMSPriority = 9");
        control.offer(out, 0, MessageHeaderEncoder.ENCODED_LENGTH + subscribe.encodedLength());

        for (int cycle = 0; cycle < 1_000; cycle++)
        {
            host.doWork();
            replies.poll((buffer, offset, length) -> { }, 64);
        }
        assertTrue(tests.get() <= 2 * DEPTH, "selector tests in 1,000 duty cycles over " + DEPTH + " messages: " +
            tests.get());

        send(DEPTH, 9);
        final int[] delivered = new int[1];
        for (int cycle = 0; cycle < 100 && delivered[0] == 0; cycle++)
        {
            host.doWork();
            replies.poll((buffer, offset, length) -> delivered[0]++, 64);
        }
        assertEquals(1, delivered[0], "the matching message that came later is delivered (after the Accepted)");
    }

    private void send(final int sequence, final int priority)
    {
        final int length = new EnvelopeWriter().wrap(out, 0).messageId(9, 9, 1, 1, sequence).timestamp(sequence)
            .priority(priority).destination(DestinationKind.QUEUE, "q").textBody("m").finish();
        while (inbound.offer(out, 0, length) < 0)
        {
            host.doWork();
        }
    }
}
