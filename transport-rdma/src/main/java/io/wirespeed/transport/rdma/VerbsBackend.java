package io.wirespeed.transport.rdma;

import io.wirespeed.transport.rdma.verbs.Verbs;

/**
 * A verbs backend the RDMA transport can run over, found by its {@link #name()} through
 * {@link java.util.ServiceLoader} ({@code META-INF/services/io.wirespeed.transport.rdma.VerbsBackend}):
 * {@code native} (the JNI binding, in this jar) and {@code simulated} (a pure-Java fabric for tests, in
 * this module's test jar).
 */
public interface VerbsBackend
{
    /**
     * The name that selects this backend, e.g. {@code native}.
     *
     * @return the name.
     */
    String name();

    /**
     * Whether this host can run the backend; probed at most once per JVM.
     *
     * @return the outcome, with a reason in plain words when it cannot.
     */
    RdmaAvailability availability();

    /**
     * The verbs a new transport runs over; the transport does not close them.
     *
     * @return the verbs.
     */
    Verbs verbs();
}
