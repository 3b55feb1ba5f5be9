package io.wirespeed.jms.message;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A class whose deserialization has a side effect (it counts), standing for a gadget: a provider that runs its
 * {@code readObject} on a received body has run code the sender chose.
 */
public final class SideEffectOnRead implements Serializable
{
    /** How many times {@code readObject} ran in this JVM. */
    public static final AtomicInteger READS = new AtomicInteger();
    private static final long serialVersionUID = 1L;

    private final String payload;

    /**
     * @param payload any text.
     */
    public SideEffectOnRead(final String payload)
    {
        this.payload = payload;
    }

    /** @return the text given. */
    public String payload()
    {
        return payload;
    }

    private void readObject(final ObjectInputStream in) throws IOException, ClassNotFoundException
    {
        READS.incrementAndGet();
        in.defaultReadObject();
    }
}
