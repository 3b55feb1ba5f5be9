package io.wirespeed.jms.hostclient;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;

import org.junit.jupiter.api.Test;

class ForwardedTopicsTest
{
    private final ForwardedTopics topics = new ForwardedTopics();

    @Test
    void aWholeListThenEachChangeThenAWholeListAgainAtANewLeader()
    {
        topics.onTopics(Set.of("a", "b"));
        assertTrue(topics.contains("a") && topics.contains("b"));
        assertFalse(topics.contains("c"));

        topics.onChange("c", true);
        topics.onChange("a", false);
        assertTrue(topics.contains("c"));
        assertFalse(topics.contains("a"));

        topics.onTopics(Set.of("b", "d"));
        assertTrue(topics.contains("b") && topics.contains("d"));
        assertFalse(topics.contains("c"), "a topic the new whole list leaves out goes");
    }

    @Test
    void aTopicOnBothTheOldAndTheNewWholeListIsNeverMissingWhileTheListIsReplaced() throws InterruptedException
    {
        topics.onTopics(Set.of("kept", "old"));
        final boolean[] missing = new boolean[1];
        final Thread reader = new Thread(() ->
        {
            for (int i = 0; i < 200_000; i++)
            {
                missing[0] |= !topics.contains("kept");
            }
        });
        reader.start();
        for (int i = 0; i < 2_000; i++)
        {
            topics.onTopics(i % 2 == 0 ? Set.of("kept", "new") : Set.of("kept", "old"));
        }
        reader.join();
        assertFalse(missing[0], "a sending thread found the kept topic missing");
    }
}
