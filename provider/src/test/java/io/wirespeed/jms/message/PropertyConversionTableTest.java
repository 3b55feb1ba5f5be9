package io.wirespeed.jms.message;

import java.util.List;

import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageFormatException;

import io.wirespeed.jms.message.ConversionTable.Kind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PropertyConversionTableTest
{
    private static final Kind[] PROPERTY_KINDS =
    {
        Kind.BOOLEAN, Kind.BYTE, Kind.SHORT, Kind.INT, Kind.LONG, Kind.FLOAT, Kind.DOUBLE, Kind.STRING
    };

    static List<Arguments> everyPropertyTypePair()
    {
        return ConversionTable.pairs(PROPERTY_KINDS);
    }

    @ParameterizedTest(name = "{0} property read as {1}")
    @MethodSource("everyPropertyTypePair")
    void readsAPropertyAsTheConversionTableSays(final Kind written, final Kind read) throws JMSException
    {
        final Message message = new JmsMessage();
        set(message, written, "p", ConversionTable.sample(written));

        if (ConversionTable.allowed(written, read))
        {
            assertEquals(ConversionTable.expected(written, read), get(message, read, "p"));
        }
        else
        {
            assertThrows(MessageFormatException.class, () -> get(message, read, "p"));
        }
    }

    @ParameterizedTest(name = "{0} property read as Object")
    @EnumSource(value = Kind.class, names = {"CHAR", "BYTES"}, mode = EnumSource.Mode.EXCLUDE)
    void readsAPropertyAsItsObjectWrapper(final Kind written) throws JMSException
    {
        final Message message = new JmsMessage();
        set(message, written, "p", ConversionTable.sample(written));

        assertEquals(ConversionTable.sample(written), message.getObjectProperty("p"));
    }

    @ParameterizedTest(name = "{0} property set as Object read as {0}")
    @EnumSource(value = Kind.class, names = {"CHAR", "BYTES"}, mode = EnumSource.Mode.EXCLUDE)
    void setObjectPropertyStoresTheWrappedType(final Kind kind) throws JMSException
    {
        final Message message = new JmsMessage();
        message.setObjectProperty("p", ConversionTable.sample(kind));

        assertEquals(ConversionTable.sample(kind), get(message, kind, "p"));
    }

    @Test
    void unparsableStringReadAsNumberThrowsNumberFormatExceptionNamingTheProperty() throws JMSException
    {
        final Message message = new JmsMessage();
        message.setStringProperty("price", "abc");

        final NumberFormatException ex =
            assertThrows(NumberFormatException.class, () -> message.getIntProperty("price"));
        assertTrue(ex.getMessage().startsWith("Property 'price' is a String \"abc\" and cannot be read as int"),
            ex.getMessage());
        assertThrows(NumberFormatException.class, () -> message.getByteProperty("price"));
        assertThrows(NumberFormatException.class, () -> message.getShortProperty("price"));
        assertThrows(NumberFormatException.class, () -> message.getLongProperty("price"));
        assertThrows(NumberFormatException.class, () -> message.getFloatProperty("price"));
        assertThrows(NumberFormatException.class, () -> message.getDoubleProperty("price"));
        assertFalse(message.getBooleanProperty("price"));
    }

    @Test
    void absentPropertyReadsAsValueOfNull() throws JMSException
    {
        final Message message = new JmsMessage();

        assertFalse(message.getBooleanProperty("absent"));
        assertNull(message.getStringProperty("absent"));
        assertNull(message.getObjectProperty("absent"));
        assertThrows(NumberFormatException.class, () -> message.getByteProperty("absent"));
        assertThrows(NumberFormatException.class, () -> message.getShortProperty("absent"));
        assertThrows(NumberFormatException.class, () -> message.getIntProperty("absent"));
        assertThrows(NumberFormatException.class, () -> message.getLongProperty("absent"));
        assertThrows(NullPointerException.class, () -> message.getFloatProperty("absent"));
        assertThrows(NullPointerException.class, () -> message.getDoubleProperty("absent"));
    }

    @Test
    void nullStringPropertyExistsAndReadsAsValueOfNull() throws JMSException
    {
        final Message message = new JmsMessage();
        message.setStringProperty("s", null);

        assertTrue(message.propertyExists("s"));
        assertNull(message.getStringProperty("s"));
        assertNull(message.getObjectProperty("s"));
        assertFalse(message.getBooleanProperty("s"));
        assertThrows(NumberFormatException.class, () -> message.getIntProperty("s"));
        assertThrows(NullPointerException.class, () -> message.getDoubleProperty("s"));
    }

    @Test
    void stringTrueReadsAsBooleanTrueCaseInsensitively() throws JMSException
    {
        final Message message = new JmsMessage();
        message.setStringProperty("flag", "TRUE");

        assertTrue(message.getBooleanProperty("flag"));
    }

    static void set(final Message message, final Kind kind, final String name, final Object value)
        throws JMSException
    {
        switch (kind)
        {
            case BOOLEAN -> message.setBooleanProperty(name, (Boolean)value);
            case BYTE -> message.setByteProperty(name, (Byte)value);
            case SHORT -> message.setShortProperty(name, (Short)value);
            case INT -> message.setIntProperty(name, (Integer)value);
            case LONG -> message.setLongProperty(name, (Long)value);
            case FLOAT -> message.setFloatProperty(name, (Float)value);
            case DOUBLE -> message.setDoubleProperty(name, (Double)value);
            case STRING -> message.setStringProperty(name, (String)value);
            default -> throw new IllegalArgumentException(kind.name());
        }
    }

    static Object get(final Message message, final Kind kind, final String name) throws JMSException
    {
        return switch (kind)
        {
            case BOOLEAN -> message.getBooleanProperty(name);
            case BYTE -> message.getByteProperty(name);
            case SHORT -> message.getShortProperty(name);
            case INT -> message.getIntProperty(name);
            case LONG -> message.getLongProperty(name);
            case FLOAT -> message.getFloatProperty(name);
            case DOUBLE -> message.getDoubleProperty(name);
            case STRING -> message.getStringProperty(name);
            default -> throw new IllegalArgumentException(kind.name());
        };
    }
}
