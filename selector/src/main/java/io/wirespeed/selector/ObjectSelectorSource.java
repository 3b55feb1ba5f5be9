package io.wirespeed.selector;

/**
 * A {@link SelectorSource} over a message object, read through {@link SelectableMessage} (where a message object
 * already exists). May allocate, as the message's getters do.
 */
public final class ObjectSelectorSource extends SelectorSource
{
    private final CharSequenceText[] texts = {new CharSequenceText(), new CharSequenceText()};
    private SelectableMessage message;

    /**
     * Shows a message to selectors.
     *
     * @param message to test.
     * @return this source.
     */
    public ObjectSelectorSource wrap(final SelectableMessage message)
    {
        this.message = message;
        return this;
    }

    @Override
    int load(final Identifier identifier, final Operand operand)
    {
        final Header header = identifier.header();
        if (null == header || Header.DELIVERY_COUNT == header)
        {
            return loadProperty(message.property(identifier.name()), operand);
        }
        switch (header)
        {
            case DELIVERY_MODE:
                return operand.setString(0);
            case PRIORITY:
                return operand.setLong(message.priority());
            case TIMESTAMP:
                return operand.setLong(message.timestamp());
            default:
                return null == headerString(header) ? Operand.NULL : operand.setString(0);
        }
    }

    @Override
    Text text(final Identifier identifier, final int handle, final int slot)
    {
        final Header header = identifier.header();
        final Object value = null == header ? message.property(identifier.name()) : headerString(header);
        return texts[slot].wrap((String)value);
    }

    private String headerString(final Header header)
    {
        switch (header)
        {
            case DELIVERY_MODE:
                return message.persistent() ? "PERSISTENT" : "NON_PERSISTENT";
            case MESSAGE_ID:
                return message.messageId();
            case CORRELATION_ID:
                return message.correlationId();
            case TYPE:
                return message.type();
            default:
                throw new IllegalStateException(header.fieldName() + " is not a string");
        }
    }

    private static int loadProperty(final Object value, final Operand operand)
    {
        if (null == value)
        {
            return Operand.NULL;
        }
        if (value instanceof String)
        {
            return operand.setString(0);
        }
        if (value instanceof Boolean)
        {
            return operand.setBoolean((Boolean)value);
        }
        if (value instanceof Byte || value instanceof Short || value instanceof Integer || value instanceof Long)
        {
            return operand.setLong(((Number)value).longValue());
        }
        if (value instanceof Float)
        {
            return operand.setFloat((Float)value);
        }
        if (value instanceof Double)
        {
            return operand.setDouble((Double)value);
        }
        return Operand.OTHER;
    }
}
