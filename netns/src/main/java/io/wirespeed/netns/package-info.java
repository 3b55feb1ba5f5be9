/**
 * Several "hosts" on one machine: {@link io.wirespeed.netns.NamespaceNetwork} makes Linux network namespaces joined
 * by a switch (addresses in 10.213.0.0/24, multicast between them, optional random UDP loss per host through
 * nftables, {@link io.wirespeed.netns.UdpLoss}) and removes them; a {@link io.wirespeed.netns.NamespaceHost} gives
 * the launcher that runs a program on it ({@code ip netns exec}). The JDK and the {@code ip} and {@code nft} commands
 * only, so that tests and the benchmark rig's main code share it.
 */
package io.wirespeed.netns;
