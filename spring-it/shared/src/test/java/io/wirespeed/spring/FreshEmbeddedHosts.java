package io.wirespeed.spring;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import io.wirespeed.jms.transport.SharedTransports;

/**
 * Starts a test class from no embedded queue host, archive or media driver, as a new JVM would. They live while
 * the JVM lives (an application's queues outlive its connections), so without this a class would meet the host
 * an earlier class started: its queues, and its archive settings, which a later {@code archiveDir} or
 * {@code archive=on} may contradict. The earlier class's Spring context is closed by then ({@code @DirtiesContext}).
 */
public final class FreshEmbeddedHosts implements BeforeAllCallback
{
    /**
     * Closes the embedded hosts earlier test classes left running.
     *
     * @param context the test class's context.
     */
    @Override
    public void beforeAll(final ExtensionContext context)
    {
        SharedTransports.closeEmbeddedHosts();
    }
}
