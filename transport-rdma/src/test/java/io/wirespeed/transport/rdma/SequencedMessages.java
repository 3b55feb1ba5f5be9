package io.wirespeed.transport.rdma;

import io.wirespeed.transport.MessageHandler;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import java.util.zip.CRC32;

/**
 * Test messages that check themselves: {@code seq (8) | payload (seq % spread bytes) | CRC32 (4)}.
 * A {@link Verifier} fails on the first message out of order or with a bad checksum.
 */
final class SequencedMessages
{
    private SequencedMessages()
    {
    }

    static int encode(final MutableDirectBuffer buffer, final long seq, final int spread)
    {
        final int payload = (int)(seq % spread);
        buffer.putLong(0, seq);
        for (int i = 0; i < payload; i++)
        {
            buffer.putByte(8 + i, (byte)(seq + i));
        }
        final CRC32 crc = new CRC32();
        final byte[] bytes = new byte[8 + payload];
        buffer.getBytes(0, bytes);
        crc.update(bytes);
        buffer.putInt(8 + payload, (int)crc.getValue());
        return 12 + payload;
    }

    /** Checks order and checksum of each message it is handed. */
    static final class Verifier implements MessageHandler
    {
        private final CRC32 crc = new CRC32();
        private byte[] scratch = new byte[1024];
        private final String name;
        volatile long received;
        volatile String failure;
        private long expected;

        Verifier(final String name)
        {
            this.name = name;
        }

        Verifier(final String name, final long firstSeq)
        {
            this.name = name;
            this.expected = firstSeq;
        }

        public void onMessage(final DirectBuffer buffer, final int offset, final int length)
        {
            if (failure != null)
            {
                return;
            }
            final long seq = buffer.getLong(offset);
            if (seq != expected)
            {
                failure = name + ": expected seq " + expected + " but got " + seq;
                return;
            }
            if (scratch.length < length)
            {
                scratch = new byte[length * 2];
            }
            buffer.getBytes(offset, scratch, 0, length - 4);
            crc.reset();
            crc.update(scratch, 0, length - 4);
            if ((int)crc.getValue() != buffer.getInt(offset + length - 4))
            {
                failure = name + ": CRC mismatch at seq " + seq;
                return;
            }
            expected++;
            received++;
        }
    }
}
