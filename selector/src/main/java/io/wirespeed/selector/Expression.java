package io.wirespeed.selector;

/**
 * A node of a compiled selector. Value nodes evaluate into an {@link Operand}; conditions answer with the
 * three-valued logic of the specification. Nodes are immutable, so one tree serves any number of threads.
 */
abstract class Expression
{
    /** The condition is false. */
    static final int FALSE = 0;
    /** The condition is true. */
    static final int TRUE = 1;
    /** The condition is unknown: SQL NULL took part. */
    static final int UNKNOWN = 2;

    /** What the parser can know of an expression's type before any message is seen. */
    enum StaticType
    {
        /** A number: a numeric literal or arithmetic. */
        NUMERIC("numeric expression"),
        /** A string literal. */
        STRING("string"),
        /** A boolean literal or a condition. */
        BOOLEAN("condition"),
        /** An identifier, whose type each message decides. */
        ANY("identifier");

        private final String description;

        StaticType(final String description)
        {
            this.description = description;
        }

        String description()
        {
            return description;
        }
    }

    /**
     * Evaluates into a register.
     *
     * @param source  of header and property values.
     * @param operand the register to write the value's bits into.
     * @return the kind of the value, one of the {@link Operand} kinds.
     */
    abstract int evaluate(SelectorSource source, Operand operand);

    /**
     * Evaluates as a condition: a boolean value is itself, anything else (NULL included) is unknown.
     *
     * @param source  of header and property values.
     * @param operand a register to evaluate with.
     * @return {@link #TRUE}, {@link #FALSE} or {@link #UNKNOWN}.
     */
    int test(final SelectorSource source, final Operand operand)
    {
        if (Operand.BOOLEAN == evaluate(source, operand))
        {
            return 0 != operand.longValue ? TRUE : FALSE;
        }
        return UNKNOWN;
    }

    /**
     * The text of a string this node evaluated to; only identifiers and string literals produce strings.
     *
     * @param source the value came from.
     * @param handle the register's handle after the evaluation.
     * @param slot   0 or 1, so that two strings can be shown at once.
     * @return the text, valid until the source shows another string in the same slot.
     */
    Text text(final SelectorSource source, final int handle, final int slot)
    {
        throw new IllegalStateException(getClass().getSimpleName() + " does not produce strings");
    }

    /**
     * The type the parser checks operands against.
     *
     * @return the static type.
     */
    abstract StaticType staticType();

    static int not(final int value)
    {
        return UNKNOWN == value ? UNKNOWN : TRUE - value;
    }

    static int and(final int left, final int right)
    {
        if (FALSE == left || FALSE == right)
        {
            return FALSE;
        }
        return TRUE == left && TRUE == right ? TRUE : UNKNOWN;
    }

    static int or(final int left, final int right)
    {
        if (TRUE == left || TRUE == right)
        {
            return TRUE;
        }
        return FALSE == left && FALSE == right ? FALSE : UNKNOWN;
    }

    static int of(final boolean value)
    {
        return value ? TRUE : FALSE;
    }
}
