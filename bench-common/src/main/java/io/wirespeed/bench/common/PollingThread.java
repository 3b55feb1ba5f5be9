package io.wirespeed.bench.common;

import java.util.function.IntSupplier;

import org.agrona.concurrent.IdleStrategy;

/**
 * A receiving thread for the raw peers and reflectors: calls a duty cycle until closed, idling with the given idle
 * strategy when a cycle did nothing, as a Wirespeed connection's delivery thread does. A daemon thread.
 */
public final class PollingThread implements AutoCloseable
{
    private final Thread thread;
    private volatile boolean running = true;

    /**
     * Starts the thread.
     *
     * @param name      the thread's name.
     * @param idle      the idle strategy.
     * @param dutyCycle returns how much work it did.
     */
    public PollingThread(final String name, final IdleStrategy idle, final IntSupplier dutyCycle)
    {
        thread = new Thread(() ->
        {
            while (running)
            {
                idle.idle(dutyCycle.getAsInt());
            }
        }, name);
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Stops the duty cycle and waits up to 5 s for the thread to end.
     *
     * @throws InterruptedException if interrupted while waiting.
     */
    @Override
    public void close() throws InterruptedException
    {
        running = false;
        thread.join(5_000);
    }
}
