package io.wirespeed.jms.message;

import java.util.Locale;

import javax.jms.JMSException;
import javax.jms.MessageEOFException;
import javax.jms.MessageFormatException;
import javax.jms.MessageNotReadableException;
import javax.jms.MessageNotWriteableException;

/**
 * Builds the JMS exceptions the specification names for message misuse, each with a message that says what to
 * change. Only failure paths call these, so building the text may allocate.
 */
public final class JmsMessageExceptions
{
    private static final int MAX_SHOWN_STRING = 64;

    private JmsMessageExceptions()
    {
    }

    /**
     * Properties of a received message were written before {@code clearProperties()}.
     *
     * @param name the property the application tried to set.
     * @return the exception to throw.
     */
    public static MessageNotWriteableException propertiesReadOnly(final String name)
    {
        return new MessageNotWriteableException(
            "Cannot set property '" + name + "': the properties of a received message are read-only;" +
            " call clearProperties() first (it removes every property) or set it on a new message");
    }

    /**
     * A read-only body was written.
     *
     * @param messageType the JMS interface name, e.g. "BytesMessage".
     * @return the exception to throw.
     */
    public static MessageNotWriteableException bodyReadOnly(final String messageType)
    {
        return new MessageNotWriteableException(
            "The " + messageType + " body is read-only (the message was received, or reset() was called);" +
            " call clearBody() to empty it and write a new body");
    }

    /**
     * A write-only BytesMessage or StreamMessage body was read.
     *
     * @param messageType the JMS interface name, e.g. "StreamMessage".
     * @return the exception to throw.
     */
    public static MessageNotReadableException bodyWriteOnly(final String messageType)
    {
        return new MessageNotReadableException(
            "The " + messageType + " body is write-only until reset() is called; call reset() before reading");
    }

    /**
     * A read went past the end of a BytesMessage or StreamMessage body.
     *
     * @param what what was being read, e.g. "int (4 bytes)".
     * @param remaining what was left, e.g. "2 bytes".
     * @return the exception to throw.
     */
    public static MessageEOFException endOfBody(final String what, final String remaining)
    {
        return new MessageEOFException(
            "Cannot read " + what + ": the end of the message body has been reached (" + remaining + " left);" +
            " read no further, or call reset() to read again from the start");
    }

    /**
     * A stored value cannot be read as the requested type under the conversion table.
     *
     * @param values the table holding the value.
     * @param slot   the slot index.
     * @param target the Java name of the requested type.
     * @return the exception to throw.
     */
    public static MessageFormatException cannotConvert(
        final TypedValueTable values, final int slot, final String target)
    {
        return new MessageFormatException(
            describe(values, slot, null) + " and cannot be read as " + target +
            " (not allowed by the JMS conversion table); read it as " + values.type(slot).javaName() +
            " or as an Object");
    }

    /**
     * A String value could not be parsed by the target type's valueOf method; keeps the exception class.
     *
     * @param values the table holding the value.
     * @param slot   the slot index.
     * @param target the Java name of the requested type.
     * @param cause  the parse failure.
     * @return the exception to throw.
     */
    public static NumberFormatException cannotParse(
        final TypedValueTable values, final int slot, final String target, final NumberFormatException cause)
    {
        final NumberFormatException ex = new NumberFormatException(
            describe(values, slot, null) + " and cannot be read as " + target + ": " + cause.getMessage());
        ex.initCause(cause);
        return ex;
    }

    /**
     * A null or absent value was read as a primitive whose valueOf(null) throws NumberFormatException.
     *
     * @param values the table.
     * @param slot   the slot index, or -1 when absent.
     * @param name   the name asked for, used when absent.
     * @param target the Java name of the requested type.
     * @return the exception to throw.
     */
    public static NumberFormatException nullAsNumber(
        final TypedValueTable values, final int slot, final String name, final String target)
    {
        return new NumberFormatException(
            describe(values, slot, name) + " and cannot be read as " + target + " (as " + target +
            " valueOf(null) would fail); check that it exists, or read it as String or Object");
    }

    /**
     * A null or absent value was read as float, double or char, whose null conversion is a NullPointerException.
     *
     * @param values the table.
     * @param slot   the slot index, or -1 when absent.
     * @param name   the name asked for, used when absent.
     * @param target the Java name of the requested type.
     * @return the exception to throw.
     */
    public static NullPointerException nullAsPrimitive(
        final TypedValueTable values, final int slot, final String name, final String target)
    {
        return new NullPointerException(
            describe(values, slot, name) + " and cannot be read as " + target +
            "; check that it exists, or read it as String or Object");
    }

    /**
     * An object of an unsupported class was given to setObjectProperty, setObject or writeObject.
     *
     * @param where  the method, e.g. "setObjectProperty('price')".
     * @param value  the rejected value.
     * @param allowed the classes accepted there.
     * @return the exception to throw.
     */
    public static MessageFormatException unsupportedObject(final String where, final Object value, final String allowed)
    {
        return new MessageFormatException(
            where + " does not accept a " + value.getClass().getName() + "; it accepts " + allowed +
            ". Convert the value to one of those first");
    }

    /**
     * A table already holds as many entries as the envelope can carry.
     *
     * @param values the full table.
     * @param name   the name that would be one more, or null for a stream field.
     * @return the exception to throw.
     */
    public static MessageFormatException tooManyEntries(final TypedValueTable values, final String name)
    {
        final String kind = values.kind().toLowerCase(Locale.ROOT);
        final String kinds = kind.endsWith("y") ? kind.substring(0, kind.length() - 1) + "ies" : kind + "s";
        return new MessageFormatException(
            "A message carries at most " + TypedValueTable.MAX_ENTRIES + " " + kinds +
            (null == name ? "" : "; '" + name + "' would be one more") + ". The limit is the envelope's " +
            "(a 16-bit count) and no option raises it: put bulk data in the body instead");
    }

    /**
     * A message-format fault with a ready-made message.
     *
     * @param message what is wrong and what to do.
     * @param cause   the underlying failure, or null.
     * @return the exception to throw.
     */
    public static MessageFormatException format(final String message, final Exception cause)
    {
        final MessageFormatException ex = new MessageFormatException(message);
        if (null != cause)
        {
            ex.setLinkedException(cause);
            ex.initCause(cause);
        }
        return ex;
    }

    /**
     * Wraps an unexpected failure in a JMSException linked to it.
     *
     * @param message what was being done.
     * @param cause   the failure.
     * @return the exception to throw.
     */
    public static JMSException internal(final String message, final Exception cause)
    {
        final JMSException ex = new JMSException(message + ": " + cause);
        ex.setLinkedException(cause);
        ex.initCause(cause);
        return ex;
    }

    /**
     * Describes a stored value for an exception message, e.g. {@code Property 'price' is a String "abc"}.
     *
     * @param values the table.
     * @param slot   the slot, or -1 when the name is absent.
     * @param name   the name asked for, used when absent.
     * @return the description.
     */
    static String describe(final TypedValueTable values, final int slot, final String name)
    {
        if (slot < 0)
        {
            return values.kind() + " '" + name + "' is not set";
        }
        final String slotName = values.name(slot);
        final String where = null == slotName ? values.kind() + " " + slot : values.kind() + " '" + slotName + "'";
        final ValueType type = values.type(slot);
        switch (type)
        {
            case NULL:
                return where + " is null";
            case STRING:
                return where + " is a String \"" + shorten((String)values.object(slot)) + "\"";
            case BYTES:
                return where + " is a byte[" + ((byte[])values.object(slot)).length + "]";
            case INT:
                return where + " is an int " + values.longBits(slot);
            case FLOAT:
                return where + " is a float " + values.floatValue(slot);
            case DOUBLE:
                return where + " is a double " + values.doubleValue(slot);
            case BOOLEAN:
                return where + " is a boolean " + (values.longBits(slot) != 0);
            case CHAR:
                return where + " is a char '" + (char)values.longBits(slot) + "'";
            default:
                return where + " is a " + type.javaName() + " " + values.longBits(slot);
        }
    }

    private static String shorten(final String value)
    {
        return value.length() <= MAX_SHOWN_STRING ? value : value.substring(0, MAX_SHOWN_STRING) + "...";
    }
}
