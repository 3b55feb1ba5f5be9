package io.wirespeed.transport.aeron;

import java.util.concurrent.ThreadFactory;

/**
 * Makes daemon threads, for the services that run inside an application's JVM for as long as it lives
 * rather than for as long as a connection: the embedded media driver, and the queue host and archive
 * beside it. They must not keep alive a JVM whose application has finished; a shutdown hook closes them.
 */
public final class DaemonThreadFactory implements ThreadFactory
{
    /** The one instance. */
    public static final DaemonThreadFactory INSTANCE = new DaemonThreadFactory();

    private DaemonThreadFactory()
    {
    }

    @Override
    public Thread newThread(final Runnable task)
    {
        final Thread thread = new Thread(task);
        thread.setDaemon(true);
        return thread;
    }
}
