package io.wirespeed.jms.message;

import java.io.ObjectInputFilter;

/**
 * The {@link ObjectInputFilter} of one received body's deserialization: rejects a class the
 * {@link DeserializationPolicy} does not allow before any of its code runs (it is loaded, not initialized), a
 * graph deeper than
 * {@link DeserializationPolicy#MAX_DEPTH}, more than {@link DeserializationPolicy#MAX_REFERENCES} objects, and an
 * array longer than the body could hold, so nothing is allocated for a length the bytes cannot back. What the
 * JVM-wide filter ({@code jdk.serialFilter}) rejects stays rejected. Remembers why it rejected, for the exception.
 */
final class ReceivedBodyFilter implements ObjectInputFilter
{
    private final DeserializationPolicy policy;
    private final int bodyLength;
    private String refusal;

    ReceivedBodyFilter(final DeserializationPolicy policy, final int bodyLength)
    {
        this.policy = policy;
        this.bodyLength = bodyLength;
    }

    @Override
    public Status checkInput(final FilterInfo info)
    {
        final ObjectInputFilter global = Config.getSerialFilter();
        if (null != global && global.checkInput(info) == Status.REJECTED)
        {
            return refuse("ObjectMessage refused to deserialize its body: the JVM's serial filter (jdk.serialFilter) " +
                "rejects " + (null == info.serialClass() ? "it" : "a " + info.serialClass().getName()));
        }
        if (info.depth() > DeserializationPolicy.MAX_DEPTH)
        {
            return refuse("ObjectMessage refused to deserialize its body: its object graph is nested deeper than the " +
                "depth limit of " + DeserializationPolicy.MAX_DEPTH);
        }
        if (info.references() > DeserializationPolicy.MAX_REFERENCES)
        {
            return refuse("ObjectMessage refused to deserialize its body: it creates more than the reference limit " +
                "of " + DeserializationPolicy.MAX_REFERENCES + " objects");
        }
        if (info.streamBytes() > DeserializationPolicy.MAX_BYTES)
        {
            return refuse("ObjectMessage refused to deserialize its body: it is larger than the byte limit of " +
                DeserializationPolicy.MAX_BYTES);
        }
        if (info.arrayLength() > bodyLength)
        {
            return refuse("ObjectMessage refused to deserialize its body: it claims an array of " + info.arrayLength() +
                " elements in a body of " + bodyLength + " bytes");
        }
        final Class<?> type = info.serialClass();
        if (null != type && !type.isPrimitive() && !policy.allows(type.getName()))
        {
            return refuse(policy.refusal(type.getName()));
        }
        return Status.ALLOWED;
    }

    /** @return why the filter rejected the body, or null when it has rejected nothing. */
    String refusal()
    {
        return refusal;
    }

    private Status refuse(final String why)
    {
        if (null == refusal)
        {
            refusal = why;
        }
        return Status.REJECTED;
    }
}
