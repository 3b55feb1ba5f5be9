package io.wirespeed.jms.message;

import java.util.List;

import javax.jms.JMSContext;
import javax.jms.JMSProducer;
import javax.jms.MessageFormatRuntimeException;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.jms.message.ConversionTable.Kind;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A JMSProducer's property getters follow the conversion table of the Message Javadoc exactly as a message's do:
 * every conversion the table forbids throws MessageFormatRuntimeException.
 */
class JmsProducerPropertyConversionTest
{
    private static final Kind[] PROPERTY_KINDS =
    {
        Kind.BOOLEAN, Kind.BYTE, Kind.SHORT, Kind.INT, Kind.LONG, Kind.FLOAT, Kind.DOUBLE, Kind.STRING
    };

    private static JMSContext context;

    @BeforeAll
    static void open()
    {
        context = new JmsConnectionFactory("wirespeed:ipc").createContext();
    }

    @AfterAll
    static void close()
    {
        context.close();
    }

    static List<Arguments> everyPropertyTypePair()
    {
        return ConversionTable.pairs(PROPERTY_KINDS);
    }

    @ParameterizedTest(name = "{0} property of a JMSProducer read as {1}")
    @MethodSource("everyPropertyTypePair")
    void readsAPropertyAsTheConversionTableSays(final Kind written, final Kind read)
    {
        final JMSProducer producer = context.createProducer().setProperty("p", ConversionTable.sample(written));

        if (ConversionTable.allowed(written, read))
        {
            assertEquals(ConversionTable.expected(written, read), get(producer, read));
        }
        else
        {
            assertThrows(MessageFormatRuntimeException.class, () -> get(producer, read));
        }
    }

    private static Object get(final JMSProducer producer, final Kind kind)
    {
        return switch (kind)
        {
            case BOOLEAN -> producer.getBooleanProperty("p");
            case BYTE -> producer.getByteProperty("p");
            case SHORT -> producer.getShortProperty("p");
            case INT -> producer.getIntProperty("p");
            case LONG -> producer.getLongProperty("p");
            case FLOAT -> producer.getFloatProperty("p");
            case DOUBLE -> producer.getDoubleProperty("p");
            case STRING -> producer.getStringProperty("p");
            default -> throw new IllegalArgumentException(kind.name());
        };
    }
}
