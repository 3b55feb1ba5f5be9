package io.wirespeed.it;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import io.wirespeed.jms.runtime.WirespeedRuntime;

/**
 * After every test class of this module (registered through {@code META-INF/services} and JUnit's extension
 * autodetection, which the module's surefire configuration turns on): closes the default runtimes its connections
 * started ({@link WirespeedRuntime#closeShared()}). A default runtime lives until the JVM exits, as an application's
 * does; tests that each name a driver directory of their own would otherwise leave an embedded media driver and a
 * runtime thread per directory running in the test JVM (19 drivers and 27 runtime threads by the time the cluster
 * tests ran), whose idle loops slowed every later test on a 2-core machine.
 */
public final class CloseSharedRuntimes implements AfterAllCallback
{
    @Override
    public void afterAll(final ExtensionContext context)
    {
        WirespeedRuntime.closeShared();
    }
}
