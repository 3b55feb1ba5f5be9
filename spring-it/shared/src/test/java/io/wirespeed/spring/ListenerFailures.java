package io.wirespeed.spring;

import java.util.concurrent.atomic.AtomicInteger;

import org.springframework.util.ErrorHandler;

/** A listener container's error handler that counts the failures of its listeners instead of logging them. */
public class ListenerFailures implements ErrorHandler
{
    private final AtomicInteger count = new AtomicInteger();

    @Override
    public void handleError(final Throwable failure)
    {
        count.incrementAndGet();
    }

    /**
     * How many listener invocations failed so far.
     *
     * @return the count.
     */
    public int count()
    {
        return count.get();
    }
}
