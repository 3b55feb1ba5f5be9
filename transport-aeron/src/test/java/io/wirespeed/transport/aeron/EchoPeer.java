package io.wirespeed.transport.aeron;

import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

import java.io.IOException;

/**
 * The other process of the two-process tests: receives messages on one stream and sends each back
 * unchanged on another, then waits for its standard input to close before it closes its transport.
 * Configured by {@code wirespeed.driver.*} system properties.
 * <p>
 * Arguments: {@code inChannel inStreamId outChannel outStreamId count}. Prints {@code READY} once its
 * streams exist and {@code ECHOED <count>} when done.
 */
public final class EchoPeer
{
    private EchoPeer()
    {
    }

    /**
     * Runs the echo.
     *
     * @param args {@code inChannel inStreamId outChannel outStreamId count}.
     * @throws IOException if standard input fails.
     */
    public static void main(final String[] args) throws IOException
    {
        final long count = Long.parseLong(args[4]);
        try (AeronTransport transport = AeronTransport.connect();
            TransportSubscription in = transport.addSubscription(args[0], Integer.parseInt(args[1]));
            TransportPublication out = transport.addPublication(args[2], Integer.parseInt(args[3])))
        {
            System.out.println("READY");
            final IdleStrategy offerIdle = new BackoffIdleStrategy();
            final IdleStrategy pollIdle = new BackoffIdleStrategy();
            final long[] echoed = { 0 };
            while (echoed[0] < count)
            {
                pollIdle.idle(in.poll(
                    (buffer, offset, length) ->
                    {
                        long result;
                        while ((result = out.offer(buffer, offset, length)) < 0)
                        {
                            if (result == TransportPublication.CLOSED)
                            {
                                throw new IllegalStateException("echo publication closed");
                            }
                            offerIdle.idle();
                        }
                        offerIdle.reset();
                        echoed[0]++;
                    },
                    64));
            }
            System.out.println("ECHOED " + echoed[0]);
            while (System.in.read() >= 0)
            {
                // Stay up, and keep the echoed stream readable, until the test closes standard input.
            }
        }
    }
}
