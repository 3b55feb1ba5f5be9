package io.wirespeed.jms.metrics;

/**
 * One destination's figures in one connection over JMX:
 * {@code io.wirespeed:type=Destination,connection=<number>,name="topic:<name>"}, registered when the connection first
 * counts the destination, removed when it closes ({@link WirespeedMBeans}).
 */
public interface DestinationMXBean
{
    /** @return the destination as counters name it: {@code topic:<name>}, {@code queue:<name>}, or a group. */
    String getName();

    /** @return messages published. */
    long getMessagesSent();

    /** @return encoded bytes published. */
    long getBytesSent();

    /** @return messages received. */
    long getMessagesReceived();

    /** @return encoded bytes received. */
    long getBytesReceived();
}
