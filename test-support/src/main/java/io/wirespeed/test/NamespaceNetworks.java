package io.wirespeed.test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import io.wirespeed.netns.NamespaceNetwork;
import io.wirespeed.netns.NamespacesUnavailableException;

/**
 * The "hosts" of one test: a JUnit extension ({@code @RegisterExtension}) that makes {@link NamespaceNetwork}s (module
 * {@code netns}), skips the test, saying why, where this machine or process cannot make them (not root, no
 * {@code ip netns}, no nftables for a lossy network), removes them when the test ends, and prints their layout if the
 * test failed. Programs run on a host through {@code JvmCommand.launcher(host.launcher())}, or
 * {@link MediaDriverProcess#start(ChildJvms, io.wirespeed.netns.NamespaceHost, java.util.Map, String...)} for a
 * driver.
 */
public final class NamespaceNetworks implements AfterEachCallback
{
    private final List<NamespaceNetwork> networks = new ArrayList<>();

    /**
     * Whether this process can make networks (without loss): for a loopback twin of a test across hosts, which runs
     * only where the test across hosts would be skipped (a condition of {@code @DisabledIf}).
     *
     * @return true if {@link #create(NamespaceNetwork.Builder)} would make a network rather than skip the test.
     */
    public static boolean canCreate()
    {
        return NamespaceNetwork.unavailableReason(false).isEmpty();
    }

    /**
     * Makes a network for this test, or skips the test.
     *
     * @param builder the network's hosts and loss.
     * @return the network, removed when the test ends.
     * @throws IOException if making it fails for another reason than the machine's: a failure of the test.
     */
    public NamespaceNetwork create(final NamespaceNetwork.Builder builder) throws IOException
    {
        final NamespaceNetwork network;
        try
        {
            network = builder.create();
        }
        catch (final NamespacesUnavailableException ex)
        {
            Assumptions.abort("this test needs network namespaces: " + ex.getMessage());
            throw ex;
        }
        networks.add(network);
        return network;
    }

    /**
     * Removes the test's networks, after printing them if the test failed.
     *
     * @param context the test's context.
     * @throws IOException if a network cannot be removed.
     */
    @Override
    public void afterEach(final ExtensionContext context) throws IOException
    {
        if (context.getExecutionException().isPresent())
        {
            for (final NamespaceNetwork network : networks)
            {
                System.out.println("The test ran on this " + network.describe());
            }
        }
        IOException failure = null;
        for (final NamespaceNetwork network : networks)
        {
            try
            {
                network.close();
            }
            catch (final IOException ex)
            {
                if (null == failure)
                {
                    failure = ex;
                }
                else
                {
                    failure.addSuppressed(ex);
                }
            }
        }
        networks.clear();
        if (null != failure)
        {
            throw failure;
        }
    }
}
