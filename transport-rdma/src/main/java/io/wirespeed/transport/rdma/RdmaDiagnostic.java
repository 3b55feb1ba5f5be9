package io.wirespeed.transport.rdma;

import io.wirespeed.transport.rdma.verbs.NativeLibrary;
import io.wirespeed.transport.rdma.verbs.NativeVerbs;
import io.wirespeed.transport.rdma.verbs.RdmaDevice;
import io.wirespeed.transport.rdma.verbs.RdmaException;
import io.wirespeed.transport.rdma.verbs.RdmaPort;

import java.io.PrintStream;
import java.util.List;

/**
 * Prints what RDMA support this host has: the JNI library, the kernel's answer, each device with
 * its ports (state, MTU, link layer) and GIDs, or why there are none. Exit status 0 when RDMA is
 * usable, 1 otherwise. Run as
 * {@code java -cp wirespeed-transport-rdma.jar:wirespeed-transport-api.jar:agrona.jar:aeron-client.jar
 * io.wirespeed.transport.rdma.RdmaDiagnostic} or {@code transport-rdma/bin/wirespeed-rdma-info}.
 */
public final class RdmaDiagnostic
{
    private RdmaDiagnostic()
    {
    }

    /**
     * Prints the report to standard output and exits 0 if RDMA is usable, 1 if not.
     *
     * @param args ignored.
     */
    public static void main(final String[] args)
    {
        System.exit(report(System.out) ? 0 : 1);
    }

    /**
     * Prints the report.
     *
     * @param out where to print.
     * @return whether RDMA is usable on this host.
     */
    public static boolean report(final PrintStream out)
    {
        out.println("Wirespeed RDMA diagnostic");
        out.println("  platform:        " + NativeLibrary.platform() + ", Java " + System.getProperty("java.version"));
        out.println("  native library:  " + (NativeLibrary.isLoaded() ?
            "loaded (" + NativeLibrary.resourcePath() + ")" : "NOT loaded: " + NativeLibrary.failureReason()));
        final RdmaAvailability availability = RdmaAvailability.probe();
        out.println("  RDMA available:  " + (availability.available() ? "yes" : "no"));
        out.println("  reason:          " + availability.reason());
        if (!availability.available())
        {
            out.println("  => RDMA channels will fall back to the UDP transport.");
            return false;
        }
        final List<RdmaDevice> devices;
        try
        {
            devices = new NativeVerbs().devices();
        }
        catch (final RdmaException ex)
        {
            out.println("  listing devices failed: " + ex.getMessage());
            return false;
        }
        for (final RdmaDevice device : devices)
        {
            out.println("  device " + device.name() + " (node GUID " + device.guid() + ")");
            if (device.ports().isEmpty())
            {
                out.println("    no ports could be queried");
            }
            for (final RdmaPort port : device.ports())
            {
                out.println("    port " + port.number() + ": state " + port.state() + ", active MTU " +
                    port.activeMtu() + ", link layer " + port.linkLayer());
                for (final String gid : port.gids())
                {
                    out.println("      GID " + gid);
                }
            }
        }
        return true;
    }
}
