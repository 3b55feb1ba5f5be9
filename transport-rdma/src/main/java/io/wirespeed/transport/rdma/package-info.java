/**
 * The RDMA transport: Aeron-format log buffers replicated into subscribers' registered memory
 * with RDMA_WRITE_WITH_IMM over reliable-connected queue pairs, credit returned as consumed
 * positions, UDP fallback where the host has no RDMA. Entry points: {@link
 * io.wirespeed.transport.rdma.RdmaTransportFactory}, {@link io.wirespeed.transport.rdma.RdmaTransport},
 * {@link io.wirespeed.transport.rdma.RdmaDiagnostic}. The verbs binding is in {@code verbs}.
 */
package io.wirespeed.transport.rdma;
