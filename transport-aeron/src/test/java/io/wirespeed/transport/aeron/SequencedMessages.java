package io.wirespeed.transport.aeron;

import io.wirespeed.transport.MessageHandler;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import java.util.zip.CRC32;

/**
 * The messages the integrity tests send: a sequence number followed by a payload whose length
 * (32 to 200 bytes in all) and bytes follow from the sequence number. {@link Receiver} checks order,
 * length and content as messages arrive and keeps a CRC32 over them to compare with the sender's.
 */
final class SequencedMessages
{
    static final int MIN_LENGTH = 32;
    static final int MAX_LENGTH = 200;

    private SequencedMessages()
    {
    }

    static int lengthOf(final long sequence)
    {
        return MIN_LENGTH + (int)((sequence * 31) % (MAX_LENGTH - MIN_LENGTH + 1));
    }

    static byte payloadByte(final long sequence, final int index)
    {
        return (byte)(sequence * 7 + index * 13);
    }

    /**
     * Writes message {@code sequence} at {@code offset}.
     *
     * @return the message length.
     */
    static int encode(final long sequence, final MutableDirectBuffer buffer, final int offset)
    {
        final int length = lengthOf(sequence);
        buffer.putLong(offset, sequence);
        for (int i = Long.BYTES; i < length; i++)
        {
            buffer.putByte(offset + i, payloadByte(sequence, i));
        }
        return length;
    }

    /** Keeps the CRC32 a sender computes over what it sent. */
    static final class Checksum
    {
        private final CRC32 crc = new CRC32();
        private final byte[] scratch = new byte[64 * 1024];

        void update(final DirectBuffer buffer, final int offset, final int length)
        {
            buffer.getBytes(offset, scratch, 0, length);
            crc.update(scratch, 0, length);
        }

        long value()
        {
            return crc.getValue();
        }
    }

    /** Checks each arriving message against the expected next one; remembers the first mismatch. */
    static final class Receiver implements MessageHandler
    {
        private final Checksum checksum = new Checksum();
        private volatile long received;
        private volatile String firstFault;

        @Override
        public void onMessage(final DirectBuffer buffer, final int offset, final int length)
        {
            final long expected = received;
            if (null == firstFault)
            {
                final long sequence = buffer.getLong(offset);
                if (sequence != expected)
                {
                    firstFault = "expected sequence " + expected + " but got " + sequence;
                }
                else if (length != lengthOf(sequence))
                {
                    firstFault = "message " + sequence + " has length " + length + ", expected " + lengthOf(sequence);
                }
                else if (buffer.getByte(offset + length - 1) != payloadByte(sequence, length - 1))
                {
                    firstFault = "message " + sequence + " has a wrong last byte";
                }
            }
            checksum.update(buffer, offset, length);
            received = expected + 1;
        }

        long received()
        {
            return received;
        }

        String firstFault()
        {
            return firstFault;
        }

        long checksum()
        {
            return checksum.value();
        }
    }
}
