package io.wirespeed.jms.context;

import java.util.stream.Stream;

import javax.jms.IllegalStateException;
import javax.jms.IllegalStateRuntimeException;
import javax.jms.InvalidClientIDException;
import javax.jms.InvalidClientIDRuntimeException;
import javax.jms.InvalidDestinationException;
import javax.jms.InvalidDestinationRuntimeException;
import javax.jms.InvalidSelectorException;
import javax.jms.InvalidSelectorRuntimeException;
import javax.jms.JMSException;
import javax.jms.JMSRuntimeException;
import javax.jms.JMSSecurityException;
import javax.jms.JMSSecurityRuntimeException;
import javax.jms.MessageEOFException;
import javax.jms.MessageFormatException;
import javax.jms.MessageFormatRuntimeException;
import javax.jms.MessageNotReadableException;
import javax.jms.MessageNotWriteableException;
import javax.jms.MessageNotWriteableRuntimeException;
import javax.jms.ResourceAllocationException;
import javax.jms.ResourceAllocationRuntimeException;
import javax.jms.TransactionInProgressException;
import javax.jms.TransactionInProgressRuntimeException;
import javax.jms.TransactionRolledBackException;
import javax.jms.TransactionRolledBackRuntimeException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.wirespeed.jms.exceptions.JmsExceptions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JmsExceptionsTest
{
    static Stream<Arguments> conversionTable()
    {
        return Stream.of(
            Arguments.of(new IllegalStateException("m", "c"), IllegalStateRuntimeException.class),
            Arguments.of(new InvalidDestinationException("m", "c"), InvalidDestinationRuntimeException.class),
            Arguments.of(new InvalidSelectorException("m", "c"), InvalidSelectorRuntimeException.class),
            Arguments.of(new InvalidClientIDException("m", "c"), InvalidClientIDRuntimeException.class),
            Arguments.of(new MessageFormatException("m", "c"), MessageFormatRuntimeException.class),
            Arguments.of(new MessageNotWriteableException("m", "c"), MessageNotWriteableRuntimeException.class),
            Arguments.of(new JMSSecurityException("m", "c"), JMSSecurityRuntimeException.class),
            Arguments.of(new ResourceAllocationException("m", "c"), ResourceAllocationRuntimeException.class),
            Arguments.of(new TransactionInProgressException("m", "c"), TransactionInProgressRuntimeException.class),
            Arguments.of(new TransactionRolledBackException("m", "c"), TransactionRolledBackRuntimeException.class),
            Arguments.of(new MessageEOFException("m", "c"), JMSRuntimeException.class),
            Arguments.of(new MessageNotReadableException("m", "c"), JMSRuntimeException.class),
            Arguments.of(new JMSException("m", "c"), JMSRuntimeException.class));
    }

    @ParameterizedTest
    @MethodSource("conversionTable")
    void convertsEachCheckedExceptionToItsRuntimeTwinKeepingMessageErrorCodeAndCause(
        final JMSException checked, final Class<? extends JMSRuntimeException> expected)
    {
        final JMSRuntimeException converted = JmsExceptions.toRuntime(checked);

        assertEquals(expected, converted.getClass());
        assertEquals("m", converted.getMessage());
        assertEquals("c", converted.getErrorCode());
        assertSame(checked, converted.getCause());
    }

    @Test
    void convertsASubclassOfAMappedExceptionAsItsParent()
    {
        final JMSException subclass = new InvalidDestinationException("gone")
        {
        };

        assertEquals(InvalidDestinationRuntimeException.class, JmsExceptions.toRuntime(subclass).getClass());
    }

    @Test
    void closedSaysWhatIsClosedAndWhereToCreateANewOne()
    {
        final IllegalStateException session = JmsExceptions.closed("session");
        final IllegalStateException consumer = JmsExceptions.closed("consumer");

        assertEquals("The session is closed: create a new one from the connection", session.getMessage());
        assertEquals("The consumer is closed: create a new one from the session", consumer.getMessage());
    }

    @Test
    void wrapLinksTheCauseBothWays()
    {
        final RuntimeException cause = new ArithmeticException("overflow");

        final JMSException wrapped = JmsExceptions.wrap(cause);

        assertSame(cause, wrapped.getCause());
        assertSame(cause, wrapped.getLinkedException());
        assertTrue(wrapped.getMessage().contains("overflow"));
    }

    @Test
    void wrapWithAMessageKeepsTheMessageAndLinksTheCause()
    {
        final Exception cause = new java.io.IOException("reset");

        final JMSException wrapped = JmsExceptions.wrap("cannot connect", cause);

        assertEquals("cannot connect", wrapped.getMessage());
        assertSame(cause, wrapped.getCause());
        assertSame(cause, wrapped.getLinkedException());
    }

    @Test
    void wrapReturnsAJmsExceptionUnchanged()
    {
        final JMSException original = new InvalidSelectorException("bad selector");

        assertSame(original, JmsExceptions.wrap(original));
    }
}
