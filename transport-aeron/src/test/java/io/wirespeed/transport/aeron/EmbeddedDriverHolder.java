package io.wirespeed.transport.aeron;

import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;

/**
 * A process with an embedded media driver in its per-process directory, an IPC stream open, that prints
 * {@code READY <directory>} and then waits on standard input, closing its transport only in a shutdown hook of its
 * own, as an application that holds a transport (or Aeron's {@code MediaDriver}) does: the transport has no hook
 * (the provider's runtime owns the one a JMS application gets). What it leaves behind when it is ended by a signal
 * is what the JVM's exit does with the hooks it runs, not what a close on the main thread does.
 */
public final class EmbeddedDriverHolder
{
    private EmbeddedDriverHolder()
    {
    }

    /**
     * Runs the holder; {@code wirespeed.driver.*} system properties configure the transport.
     *
     * @param args none.
     * @throws Exception on any failure, which ends the process.
     */
    public static void main(final String[] args) throws Exception
    {
        final AeronTransportContext context = new AeronTransportContext().properties(System.getProperties()).conclude();
        final AeronTransport transport = AeronTransport.connect(context);
        Runtime.getRuntime().addShutdownHook(new Thread(transport::close, "holder-closes-its-transport"));
        final TransportSubscription subscription = transport.addSubscription("aeron:ipc", 10);
        final TransportPublication publication = transport.addPublication("aeron:ipc", 10);
        System.out.println("READY " + context.directory() + " " + subscription + " " + publication);
        while (System.in.read() >= 0)
        {
            // Hold the driver until a signal ends the process.
        }
    }
}
