package io.wirespeed.bench.rig;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.childjvm.JvmCommand;
import io.wirespeed.netns.NamespaceHost;

/**
 * One side of a peer in a JVM of its own on another host (module {@code child-jvm}, launched through the host's
 * {@code ip netns exec}): this JVM's class path and Aeron flags, the same heap as a step's JVM. The program prints a
 * line starting {@code READY} once it serves, and ends when its standard input closes ({@link #close()}).
 */
public final class RemoteSide implements AutoCloseable
{
    /** Heap of the remote JVM, as a step's. */
    public static final String HEAP = "-Xmx1g";

    private static final Duration STARTUP = Duration.ofSeconds(60);
    private static final Duration EXIT = Duration.ofSeconds(15);

    private final ChildJvm jvm;
    private final String readyLine;

    private RemoteSide(final ChildJvm jvm, final String readyLine)
    {
        this.jvm = jvm;
        this.readyLine = readyLine;
    }

    /**
     * Starts the program on a host and waits until it is ready.
     *
     * @param host      the host it runs on.
     * @param mainClass the program.
     * @param args      its arguments.
     * @return the running side.
     * @throws IOException          if the JVM cannot be started.
     * @throws InterruptedException if interrupted while waiting.
     * @throws IllegalStateException with the program's output if it ends, or prints no {@code READY} within a
     *                               minute.
     */
    public static RemoteSide start(final NamespaceHost host, final String mainClass, final List<String> args)
        throws IOException, InterruptedException
    {
        return start(host, mainClass, args, STARTUP);
    }

    /**
     * Starts the program on a host and waits until it is ready, for a program whose set-up may take longer than a
     * minute.
     *
     * @param host      the host it runs on.
     * @param mainClass the program.
     * @param args      its arguments.
     * @param startup   how long it may take to print {@code READY}.
     * @return the running side.
     * @throws IOException          if the JVM cannot be started.
     * @throws InterruptedException if interrupted while waiting.
     * @throws IllegalStateException with the program's output if it ends, or prints no {@code READY} in time.
     */
    public static RemoteSide start(
        final NamespaceHost host, final String mainClass, final List<String> args, final Duration startup)
        throws IOException, InterruptedException
    {
        final JvmCommand command = JvmCommand.of(mainClass).jvmOption(HEAP).launcher(host.launcher())
            .args(args.toArray(new String[0]));
        final ChildJvm jvm = ChildJvm.start(args.get(0) + " on " + host.name(), command);
        try
        {
            return new RemoteSide(jvm, jvm.awaitLine("READY", startup));
        }
        catch (final RuntimeException | InterruptedException ex)
        {
            jvm.close();
            throw ex;
        }
    }

    /**
     * Sends probes, every 10 ms, until the far side is seen to have one, for at most 20 s: a topic's first messages
     * reach only the subscribers already connected, which a remote subscriber is not known to be until then.
     *
     * @param sendProbe sends one probe (a message with a negative sequence number).
     * @param answered  whether the far side has had a probe.
     * @throws Exception if a send fails, or nothing is answered within 20 s.
     */
    public static void handshake(final Probe sendProbe, final BooleanSupplier answered) throws Exception
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!answered.getAsBoolean())
        {
            if (System.nanoTime() > deadline)
            {
                throw new IllegalStateException("the far side answered no probe within 20 s");
            }
            sendProbe.send();
            Thread.sleep(10);
        }
    }

    /** Sends one probe. */
    @FunctionalInterface
    public interface Probe
    {
        /**
         * Sends it.
         *
         * @throws Exception if the send fails.
         */
        void send() throws Exception;
    }

    /**
     * The line it printed when it became ready, which may carry what it tells its peer.
     *
     * @return the line.
     */
    public String readyLine()
    {
        return readyLine;
    }

    /**
     * Closes its standard input and waits for it to end; kills it if it does not within 15 s. Prints its output if
     * it did not end with status 0.
     *
     * @throws InterruptedException if interrupted while waiting.
     */
    @Override
    public void close() throws InterruptedException
    {
        jvm.closeInput();
        final boolean ended = jvm.waitFor(EXIT);
        if (!ended || 0 != jvm.exitValue())
        {
            System.out.println("  " + jvm.name() + " " + (ended ? "ended with " + jvm.exitValue() : "did not end") +
                "; its output:\n" + jvm.output());
        }
        jvm.close();
    }
}
