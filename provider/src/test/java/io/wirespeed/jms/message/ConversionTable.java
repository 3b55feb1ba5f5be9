package io.wirespeed.jms.message;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.provider.Arguments;

/**
 * The conversion table of the JMS specification (MapMessage and StreamMessage Javadoc; the Message property table
 * is its subset without char and byte[]), as data for table-driven tests.
 */
final class ConversionTable
{
    /** The value types of the table, in its column order. */
    enum Kind
    {
        BOOLEAN, BYTE, SHORT, CHAR, INT, LONG, FLOAT, DOUBLE, STRING, BYTES
    }

    /** Rows: the written type; columns: the read type; X marks a conversion that must work. */
    private static final String[] MARKS =
    {
        //  boolean byte short char int long float double String byte[]
        "X . . . . . . . X .", // boolean
        ". X X . X X . . X .", // byte
        ". . X . X X . . X .", // short
        ". . . X . . . . X .", // char
        ". . . . X X . . X .", // int
        ". . . . . X . . X .", // long
        ". . . . . . X X X .", // float
        ". . . . . . . X X .", // double
        "X X X . X X X X X .", // String
        ". . . . . . . . . X", // byte[]
    };

    private ConversionTable()
    {
    }

    static boolean allowed(final Kind written, final Kind read)
    {
        return MARKS[written.ordinal()].split(" ")[read.ordinal()].equals("X");
    }

    /** The value each row writes. */
    static Object sample(final Kind kind)
    {
        switch (kind)
        {
            case BOOLEAN:
                return true;
            case BYTE:
                return (byte)7;
            case SHORT:
                return (short)-300;
            case CHAR:
                return 'c';
            case INT:
                return 70_000;
            case LONG:
                return 5_000_000_000L;
            case FLOAT:
                return 1.5f;
            case DOUBLE:
                return 2.25d;
            case STRING:
                return "42";
            default:
                return new byte[]{1, 2, 3};
        }
    }

    /** What reading the row's sample as the column type must return. */
    static Object expected(final Kind written, final Kind read)
    {
        final Object value = sample(written);
        if (read == Kind.STRING)
        {
            return String.valueOf(value);
        }
        if (written == Kind.STRING)
        {
            final String s = (String)value;
            switch (read)
            {
                case BOOLEAN:
                    return Boolean.valueOf(s);
                case BYTE:
                    return Byte.valueOf(s);
                case SHORT:
                    return Short.valueOf(s);
                case INT:
                    return Integer.valueOf(s);
                case LONG:
                    return Long.valueOf(s);
                case FLOAT:
                    return Float.valueOf(s);
                default:
                    return Double.valueOf(s);
            }
        }
        switch (read)
        {
            case SHORT:
                return ((Number)value).shortValue();
            case INT:
                return ((Number)value).intValue();
            case LONG:
                return ((Number)value).longValue();
            case DOUBLE:
                return ((Number)value).doubleValue();
            default:
                return value;
        }
    }

    /** Every (written, read) pair among the given kinds. */
    static List<Arguments> pairs(final Kind... kinds)
    {
        final List<Arguments> pairs = new ArrayList<>();
        for (final Kind written : kinds)
        {
            for (final Kind read : kinds)
            {
                pairs.add(Arguments.of(written, read));
            }
        }
        return pairs;
    }
}
