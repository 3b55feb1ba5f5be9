package io.wirespeed.transport.aeron;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.wirespeed.test.Await;
import io.wirespeed.test.DriverDirectories;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A poller that fell behind reads the publishers of a stream oldest first: what one sender published through
 * successive publications, all still waiting, comes in the order it was published (the queue host's inbound
 * stream, fed by a connection per send).
 */
class OldestFirstPollTest
{
    private static final String CHANNEL = "aeron:ipc";
    private static final int STREAM = 77;
    private static final int PUBLICATIONS = 6;
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private String directory;
    private AeronTransport transport;

    @BeforeEach
    void connect()
    {
        directory = DriverDirectories.unique("oldest-first");
        transport = AeronTransport.connect(new AeronTransportContext().directory(directory).conclude());
    }

    @AfterEach
    void close()
    {
        transport.close();
        DriverDirectories.delete(directory);
    }

    @Test
    void messagesOfSuccessivePublicationsComeInTheOrderTheyWerePublished()
    {
        final List<String> received = new ArrayList<>();
        final List<String> sent = new ArrayList<>();
        try (TransportSubscription subscription = transport.addSubscription(CHANNEL, STREAM))
        {
            for (int p = 0; p < PUBLICATIONS; p++)
            {
                try (TransportPublication publication = transport.addPublication(CHANNEL, STREAM))
                {
                    Await.until("publication " + p + " to connect", TIMEOUT, publication::isConnected);
                    for (int m = 0; m < 3; m++)
                    {
                        final String text = "p" + p + "m" + m;
                        final UnsafeBuffer buffer = new UnsafeBuffer(text.getBytes());
                        Await.until("the offer of " + text, TIMEOUT,
                            () -> publication.offer(buffer, 0, buffer.capacity()) > 0);
                        sent.add(text);
                    }
                }
            }
            Await.until("every message", TIMEOUT, () ->
            {
                subscription.pollOldestFirst((buffer, offset, length) ->
                {
                    final byte[] bytes = new byte[length];
                    buffer.getBytes(offset, bytes);
                    received.add(new String(bytes));
                }, 2);
                return received.size() >= sent.size();
            });
        }

        assertEquals(sent, received);
    }
}
