package io.wirespeed.bench.rig;

import java.io.IOException;
import java.time.Duration;
import java.util.UUID;

import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.childjvm.JvmCommand;
import io.wirespeed.netns.NamespaceHost;

/**
 * The driver process ({@code wirespeed-driver}) on a host of its own, serving its queue host over UDP on
 * {@link #endpoint()} ({@code wirespeed.host.endpoint}), as a queue server between machines runs: clients on other
 * hosts name it with the URI option {@code host=}. Stopped with SIGTERM on {@link #close()}.
 */
public final class QueueHostSide implements AutoCloseable
{
    /** The UDP port of the queue host's endpoint on its host. */
    public static final int PORT = 40_400;

    private static final String MAIN_CLASS = "io.wirespeed.driver.WirespeedMediaDriver";
    private static final Duration STARTUP = Duration.ofSeconds(60);
    private static final Duration EXIT = Duration.ofSeconds(15);

    private final ChildJvm jvm;
    private final String endpoint;

    private QueueHostSide(final ChildJvm jvm, final String endpoint)
    {
        this.jvm = jvm;
        this.endpoint = endpoint;
    }

    /**
     * Starts the driver process on a host and waits until it runs.
     *
     * @param host the host it runs on.
     * @return the running host.
     * @throws IOException          if the JVM cannot be started.
     * @throws InterruptedException if interrupted while waiting.
     */
    public static QueueHostSide start(final NamespaceHost host) throws IOException, InterruptedException
    {
        final String endpoint = host.address() + ":" + PORT;
        final JvmCommand command = JvmCommand.of(MAIN_CLASS).jvmOption(RemoteSide.HEAP).launcher(host.launcher())
            .systemProperty("wirespeed.driver.dir", "/dev/shm/wirespeed-bench-host-" + UUID.randomUUID())
            .systemProperty("wirespeed.host.endpoint", endpoint);
        final ChildJvm jvm = ChildJvm.start("queue host on " + host.name(), command);
        try
        {
            jvm.awaitLine("wirespeed-driver running", STARTUP);
            return new QueueHostSide(jvm, endpoint);
        }
        catch (final RuntimeException | InterruptedException ex)
        {
            jvm.close();
            throw ex;
        }
    }

    /**
     * Where clients reach the queue host.
     *
     * @return {@code ADDRESS:PORT}, the value of the URI option {@code host}.
     */
    public String endpoint()
    {
        return endpoint;
    }

    /**
     * Stops the driver with SIGTERM and waits for it; prints its output if it did not stop cleanly.
     *
     * @throws InterruptedException if interrupted while waiting.
     */
    @Override
    public void close() throws InterruptedException
    {
        jvm.terminate();
        final boolean ended = jvm.waitFor(EXIT);
        if (!ended || 0 != jvm.exitValue())
        {
            System.out.println("  " + jvm.name() + " " + (ended ? "ended with " + jvm.exitValue() : "did not end") +
                "; its output:\n" + jvm.output());
        }
        jvm.close();
    }
}
