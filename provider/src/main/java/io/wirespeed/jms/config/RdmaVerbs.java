package io.wirespeed.jms.config;

import java.util.Locale;

/**
 * Which verbs serve {@code wirespeed:rdma} channels: the URI option {@code rdmaVerbs}, handed to the RDMA
 * transport by name as its {@code rdmaVerbs} option.
 */
public enum RdmaVerbs
{
    /** The RDMA NIC, through the JNI binding. */
    NATIVE,
    /** An in-JVM simulation, for tests only: it needs the transport-rdma test jar on the classpath. */
    SIMULATED;

    /** @return the option's value that selects these verbs, e.g. {@code native}. */
    public String optionValue()
    {
        return name().toLowerCase(Locale.ROOT);
    }
}
