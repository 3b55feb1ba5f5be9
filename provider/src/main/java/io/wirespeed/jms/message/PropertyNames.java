package io.wirespeed.jms.message;

import io.wirespeed.codec.EnvelopeDescriptor;
import io.wirespeed.codec.Utf8;

/**
 * The rules for property names: message selector identifiers that are not selector keywords, plus the types the
 * JMS-defined {@code JMSX} properties must have.
 */
public final class PropertyNames
{
    /** The number of delivery attempts, set by the provider on receive (int). */
    public static final String JMSX_DELIVERY_COUNT = "JMSXDeliveryCount";
    /** The identity of the user sending the message, optionally set by the provider on send (String). */
    public static final String JMSX_USER_ID = "JMSXUserID";
    /** The identity of the application sending the message, optionally set by the provider on send (String). */
    public static final String JMSX_APP_ID = "JMSXAppID";
    /** The message group, set by the application (String). */
    public static final String JMSX_GROUP_ID = "JMSXGroupID";
    /** The sequence number within the message group, set by the application (int). */
    public static final String JMSX_GROUP_SEQ = "JMSXGroupSeq";

    private static final String JMSX_PREFIX = "JMSX";
    private static final int MAX_NAME_LENGTH = EnvelopeDescriptor.MAX_NAME_LENGTH;
    private static final String[] RESERVED =
    {
        "NULL", "TRUE", "FALSE", "NOT", "AND", "OR", "BETWEEN", "LIKE", "IN", "IS", "ESCAPE"
    };

    private PropertyNames()
    {
    }

    /**
     * Checks that a name can be a property name: not null, not empty, a Java identifier, not a selector keyword in
     * the upper case the specification spells them in, and short enough for the envelope. As Qpid JMS and ActiveMQ
     * do, other spellings ({@code true}, {@code in}) are accepted: selectors read keywords in any case, so such a
     * property can be set and read but not named in a selector.
     *
     * @param name the candidate name.
     * @throws IllegalArgumentException naming the rule the name breaks.
     */
    public static void validate(final String name)
    {
        if (null == name)
        {
            throw new IllegalArgumentException("Property name must not be null");
        }
        if (name.isEmpty())
        {
            throw new IllegalArgumentException("Property name must not be empty");
        }
        if (!Character.isJavaIdentifierStart(name.charAt(0)))
        {
            throw new IllegalArgumentException(
                "Property name '" + name + "' must start with a letter, '_' or '$' (a message selector identifier)");
        }
        for (int i = 1, length = name.length(); i < length; i++)
        {
            if (!Character.isJavaIdentifierPart(name.charAt(i)))
            {
                throw new IllegalArgumentException(
                    "Property name '" + name + "' contains '" + name.charAt(i) + "' at index " + i +
                    "; use only letters, digits, '_' and '$' (a message selector identifier)");
            }
        }
        for (final String reserved : RESERVED)
        {
            if (reserved.equals(name))
            {
                throw new IllegalArgumentException(
                    "Property name '" + name + "' is a message selector keyword; choose another name");
            }
        }
        if (name.length() > MAX_NAME_LENGTH / 3 && Utf8.encodedLength(name) > MAX_NAME_LENGTH)
        {
            throw new IllegalArgumentException("Property name '" + name.substring(0, 32) + "...' takes " +
                Utf8.encodedLength(name) + " bytes as UTF-8; the envelope carries names of at most " + MAX_NAME_LENGTH);
        }
    }

    /**
     * The type a JMS-defined property must be set as.
     *
     * @param name a property name.
     * @return INT or STRING for the JMSX properties this provider knows, null for any other name.
     */
    public static ValueType requiredType(final String name)
    {
        if (!name.startsWith(JMSX_PREFIX))
        {
            return null;
        }
        switch (name)
        {
            case JMSX_GROUP_SEQ:
            case JMSX_DELIVERY_COUNT:
                return ValueType.INT;
            case JMSX_GROUP_ID:
            case JMSX_USER_ID:
            case JMSX_APP_ID:
                return ValueType.STRING;
            default:
                return null;
        }
    }
}
