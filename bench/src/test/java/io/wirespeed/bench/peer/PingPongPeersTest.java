package io.wirespeed.bench.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.wirespeed.bench.rig.RunProfile;
import io.wirespeed.test.Await;

/** The pairs and streams the new scenarios use, against a real embedded media driver. */
class PingPongPeersTest
{
    private static final RunProfile PROFILE = RunProfile.parse(new String[0]);

    @Test
    void blockingPingPongHandsEachPongToTheHandlerBeforeSendReturns() throws Exception
    {
        final List<Long> sequences = new ArrayList<>();
        final List<Long> intended = new ArrayList<>();
        try (JmsBlockingPingPong pair = new JmsBlockingPingPong(WirespeedTarget.ipc(PROFILE), "test.blocking"))
        {
            pair.start(45, (intendedNanos, sequence) ->
            {
                intended.add(intendedNanos);
                sequences.add(sequence);
            });
            for (long i = 0; i < 100; i++)
            {
                pair.send(1_000 + i, i);
                assertEquals(i + 1, sequences.size(), "the pong of ping " + i + " was not handed over in send");
            }
            assertEquals(2, pair.connections().size());
        }
        for (int i = 0; i < 100; i++)
        {
            assertEquals(i, sequences.get(i));
            assertEquals(1_000 + i, intended.get(i));
        }
    }

    @Test
    void rawAeronPingPongReflectsMessagesLongerThanAFrameWhole() throws Exception
    {
        final List<Long> sequences = Collections.synchronizedList(new ArrayList<>());
        try (AeronPingPong pair = new AeronPingPong(PROFILE, 0))
        {
            pair.start(65_536, (intendedNanos, sequence) -> sequences.add(sequence));
            for (long i = 0; i < 20; i++)
            {
                pair.send(i, i);
            }
            Await.until("20 pongs of 64 KiB", () -> sequences.size() == 20);
        }
        for (int i = 0; i < 20; i++)
        {
            assertEquals(i, sequences.get(i));
        }
    }

    @Test
    void syncReceiveStreamDeliversEveryMessageInOrderOnItsOwnReceivingThread() throws Exception
    {
        final List<Long> sequences = Collections.synchronizedList(new ArrayList<>());
        final List<String> threads = Collections.synchronizedList(new ArrayList<>());
        try (JmsStream stream = new JmsStream(WirespeedTarget.ipc(PROFILE), "test.sync.stream", true))
        {
            stream.start(32, (intendedNanos, sequence) ->
            {
                sequences.add(sequence);
                threads.add(Thread.currentThread().getName());
            });
            Await.until("the first message through", () ->
            {
                try
                {
                    stream.send(-1);
                }
                catch (final Exception ex)
                {
                    throw new IllegalStateException(ex);
                }
                return !sequences.isEmpty();
            });
            sequences.clear();
            for (long i = 0; i < 1_000; i++)
            {
                stream.send(i);
            }
            Await.until("1,000 messages",
                () -> sequences.size() >= 1_000 && sequences.get(sequences.size() - 1) == 999);
            assertEquals("sync", stream.settings().get("receive"));
        }
        final List<Long> received = new ArrayList<>(sequences);
        received.removeIf(sequence -> sequence < 0);
        for (int i = 0; i < 1_000; i++)
        {
            assertEquals(i, received.get(i));
        }
        assertEquals(List.of("jms-stream-receiver"), threads.stream().distinct().toList());
    }
}
