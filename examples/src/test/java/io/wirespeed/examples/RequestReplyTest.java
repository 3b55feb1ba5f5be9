package io.wirespeed.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The request/reply example does what it says: every request answered, on the requester's
 * temporary queue, correlated with the request's message id.
 */
class RequestReplyTest
{
    @Test
    void everyRequestIsAnsweredWithItsSquareCorrelatedByTheRequestsMessageId() throws Exception
    {
        final ByteArrayOutputStream printed = new ByteArrayOutputStream();
        final List<String> replies;
        try (PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8))
        {
            replies = RequestReply.run(20, out);
        }
        final String output = printed.toString(StandardCharsets.UTF_8);

        assertEquals(List.of("0", "1", "4", "9", "16", "25", "36", "49", "64", "81", "100", "121", "144", "169", "196",
            "225", "256", "289", "324", "361"), replies, output);
        assertEquals(RequestReply.expectedReplies(20), replies);
        assertTrue(output.contains("requester: 'square 7' -> '49' (correlation id ID:"), output);
        assertTrue(output.contains("responder: 'square 19' (ID:"), output);
        assertTrue(output.endsWith("20 of 20 requests answered\n"), output);
    }
}
