package io.wirespeed.transport.rdma.verbs;

import java.util.List;

/**
 * An RDMA device as listed by the verbs library, with its ports.
 *
 * @param name  the device name, e.g. "mlx5_0".
 * @param guid  the node GUID as hex text.
 * @param ports the device's ports.
 */
public record RdmaDevice(String name, String guid, List<RdmaPort> ports)
{
}
