package io.wirespeed.netns;

/** Prints why this process cannot make networks ({@code UNAVAILABLE <reason>}), or {@code AVAILABLE}. */
public final class AvailabilityProbeMain
{
    private AvailabilityProbeMain()
    {
    }

    /**
     * Checks.
     *
     * @param args none.
     */
    public static void main(final String[] args)
    {
        System.out.println(NamespaceNetwork.unavailableReason(false).map(reason -> "UNAVAILABLE " + reason)
            .orElse("AVAILABLE"));
    }
}
