package io.wirespeed.selector;

/**
 * The message header fields a selector may name, plus JMSXDeliveryCount, which the envelope carries in its
 * fixed block rather than among its properties. Any other name, including other JMS header names, is a property.
 */
enum Header
{
    /** JMSDeliveryMode, compared as the string 'PERSISTENT' or 'NON_PERSISTENT'. */
    DELIVERY_MODE("JMSDeliveryMode"),
    /** JMSPriority, an exact number from 0 to 9. */
    PRIORITY("JMSPriority"),
    /** JMSMessageID, a string, NULL when the producer disabled message ids. */
    MESSAGE_ID("JMSMessageID"),
    /** JMSTimestamp, an exact number of epoch milliseconds. */
    TIMESTAMP("JMSTimestamp"),
    /** JMSCorrelationID, a string (bytes read as UTF-8), NULL when not set. */
    CORRELATION_ID("JMSCorrelationID"),
    /** JMSType, a string, NULL when not set. */
    TYPE("JMSType"),
    /** The JMSXDeliveryCount property, an exact number, 1 for a first delivery. */
    DELIVERY_COUNT("JMSXDeliveryCount");

    private static final Header[] VALUES = values();

    private final String fieldName;

    Header(final String fieldName)
    {
        this.fieldName = fieldName;
    }

    String fieldName()
    {
        return fieldName;
    }

    /**
     * The header an identifier names, matched case-sensitively as identifiers are.
     *
     * @param identifier from a selector.
     * @return the header, or null for a property name.
     */
    static Header named(final String identifier)
    {
        for (final Header header : VALUES)
        {
            if (header.fieldName.equals(identifier))
            {
                return header;
            }
        }
        return null;
    }
}
