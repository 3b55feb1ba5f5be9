package io.wirespeed.jms.wire;

import java.security.SecureRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A connection's identity, unique across connections, processes and hosts: 64 random bits drawn
 * once per JVM plus a per-JVM counter. Message ids and noLocal filtering build on it.
 */
public final class ConnectionId
{
    private static final long JVM_ID = new SecureRandom().nextLong();
    private static final AtomicLong COUNTER = new AtomicLong();

    private final long high;
    private final long low;
    private final String text;

    private ConnectionId(final long high, final long low)
    {
        this.high = high;
        this.low = low;
        this.text = text(high, low);
    }

    private static String text(final long high, final long low)
    {
        final StringBuilder text = new StringBuilder(33);
        appendText(text, high, low);
        return text.toString();
    }

    /**
     * Appends {@code <high as 16 hex digits>-<low in hex, no leading zeros>}, what {@code String.format("%016x-%x")}
     * gives, without the formatter's cost (a connection is cheap to open, issue 25).
     */
    private static void appendText(final StringBuilder text, final long high, final long low)
    {
        for (int shift = 60; shift >= 0; shift -= 4)
        {
            text.append(Character.forDigit((int)(high >>> shift) & 0xF, 16));
        }
        text.append('-');
        final int digits = Math.max(1, (67 - Long.numberOfLeadingZeros(low)) / 4);
        for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4)
        {
            text.append(Character.forDigit((int)(low >>> shift) & 0xF, 16));
        }
    }

    /**
     * The fixed start of the JMSMessageIDs one producer gives its messages; the producer's sequence
     * number follows it. Sender and receivers build the same text from the same numbers.
     *
     * @param high     the connection id's random half.
     * @param low      the connection id's counter half.
     * @param session  the session's number within the connection.
     * @param producer the producer's number within the session.
     * @return {@code ID:<connection>:<session>:<producer>:}
     */
    public static String messageIdPrefix(final long high, final long low, final int session, final int producer)
    {
        final StringBuilder prefix = new StringBuilder(56).append("ID:");
        appendText(prefix, high, low);
        return prefix.append(':').append(session).append(':').append(producer).append(':').toString();
    }

    /**
     * A new id, different from every other id made anywhere.
     *
     * @return the id.
     */
    public static ConnectionId next()
    {
        return new ConnectionId(JVM_ID, COUNTER.incrementAndGet());
    }

    /** @return the JVM-unique random half. */
    public long high()
    {
        return high;
    }

    /** @return the per-JVM counter half. */
    public long low()
    {
        return low;
    }

    /**
     * Whether this id equals the given halves, as read from an envelope.
     *
     * @param high the random half.
     * @param low  the counter half.
     * @return true if they name this connection.
     */
    public boolean matches(final long high, final long low)
    {
        return this.high == high && this.low == low;
    }

    @Override
    public String toString()
    {
        return text;
    }
}
