package io.wirespeed.netns;

/**
 * This machine, or this process, cannot make the network namespaces a {@link NamespaceNetwork} needs: not root, no
 * {@code ip} or {@code nft}, a kernel or container that refuses namespaces, bridges, veth pairs or the loss rules.
 * The message says which and what to change. Tests take it as a reason to be skipped (they need a machine that can);
 * anything else that goes wrong while a network is built is an {@link java.io.IOException}, a failure.
 */
public final class NamespacesUnavailableException extends IllegalStateException
{
    private static final long serialVersionUID = 1L;

    /**
     * Says why.
     *
     * @param reason what is missing and what to change.
     */
    public NamespacesUnavailableException(final String reason)
    {
        super(reason);
    }
}
