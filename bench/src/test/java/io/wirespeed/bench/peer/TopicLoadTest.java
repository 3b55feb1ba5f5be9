package io.wirespeed.bench.peer;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javax.jms.Connection;

import org.junit.jupiter.api.Test;

import io.wirespeed.bench.rig.RunProfile;
import io.wirespeed.test.Await;

/** S3's load: a third connection publishing over N topics at a rate, every subscribed connection receiving all. */
class TopicLoadTest
{
    private static final JmsTarget TARGET = WirespeedTarget.ipc(RunProfile.parse(new String[0]));

    @Test
    void deliversEveryLoadMessageToEachSubscribedConnection() throws Exception
    {
        try (Connection first = TARGET.factory().createConnection();
            Connection second = TARGET.factory().createConnection();
            TopicLoad load = new TopicLoad(TARGET.factory(), "test.load", 5, 2_000))
        {
            final long deadline = System.nanoTime() + 20_000_000_000L;
            load.subscribe(first, deadline);
            load.subscribe(second, deadline);
            first.start();
            second.start();
            load.start(deadline);

            Await.until("200 messages sent at the rate", () -> load.counts().sent() >= 200);
            load.close();
            final long sent = load.counts().sent();
            // The first round (one message per topic) goes to both connections too.
            Await.until("every message delivered to both connections",
                () -> load.counts().delivered() == 2 * (sent + 5));
        }
    }

    @Test
    void givesUpSettingUpWhenItsTimeIsUp() throws Exception
    {
        try (Connection consumers = TARGET.factory().createConnection();
            TopicLoad load = new TopicLoad(TARGET.factory(), "test.slow", 5, 2_000))
        {
            final TopicLoad.SetupTooSlow tooSlow = assertThrows(TopicLoad.SetupTooSlow.class,
                () -> load.subscribe(consumers, System.nanoTime() - 1));
            assertTrue(tooSlow.getMessage().contains("0 of 5 listener consumers"), tooSlow.getMessage());
        }
    }
}
