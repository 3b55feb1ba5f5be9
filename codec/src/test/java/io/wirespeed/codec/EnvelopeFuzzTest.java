package io.wirespeed.codec;

import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.wirespeed.test.SlowTest;

/**
 * Feeds random, truncated, bit-flipped and extended envelopes to the reader. Each one must either read fully or
 * throw {@link MalformedEnvelopeException}; reads must stay inside the region, which is proven by reading the
 * same bytes both inside a larger buffer of garbage and from an exact-size bounds-checked copy. Whatever the
 * reader accepts, {@link EnvelopeReader#wrapValidated} reads the same from the same bytes.
 */
@SlowTest
class EnvelopeFuzzTest
{
    private static final int ITERATIONS = 120_000;
    private static final int SAMPLES = 500;
    private static final long MALFORMED = Long.MIN_VALUE + 1;
    private static final String[] WORDS = { "", "a", "price", "\u00e9t\u00e9", "\uD83D\uDE80x", "JMSXGroupID",
        "\u4e2d", "long-ish name with spaces", "\uD800" };

    private final EnvelopeReader reader = new EnvelopeReader();
    private final EnvelopeReader trusted = new EnvelopeReader();

    @Test
    void randomTruncatedAndBitFlippedEnvelopesReadFullyOrThrowMalformedEnvelopeException()
    {
        final Random random = new Random(0x5EED_C0DECL);
        final byte[][] samples = new byte[SAMPLES][];
        for (int i = 0; i < SAMPLES; i++)
        {
            samples[i] = randomEnvelope(random);
            assertTrue(MALFORMED != readDigest(new UnsafeBuffer(samples[i]), 0, samples[i].length));
        }

        final byte[] big = new byte[1 << 12];
        final byte[] garbage = new byte[big.length];
        random.nextBytes(big);
        final UnsafeBuffer bigBuffer = new UnsafeBuffer(big);
        int readFully = 0;
        int rejected = 0;
        for (int i = 0; i < ITERATIONS; i++)
        {
            final byte[] candidate = mutate(random, samples[random.nextInt(SAMPLES)]);
            final int offset = random.nextInt(big.length - candidate.length);
            System.arraycopy(candidate, 0, big, offset, candidate.length);

            final long inPlace = readDigest(bigBuffer, offset, candidate.length);
            final long exact = readDigest(new UnsafeBuffer(candidate), 0, candidate.length);
            assertEquals(exact, inPlace, "same bytes read differently inside a larger buffer, iteration " + i);
            random.nextBytes(garbage);
            System.arraycopy(garbage, 0, big, offset, candidate.length);
            if (MALFORMED == inPlace)
            {
                rejected++;
            }
            else
            {
                readFully++;
            }
        }

        assertTrue(readFully > ITERATIONS / 20, "read fully: " + readFully);
        assertTrue(rejected > ITERATIONS / 5, "rejected: " + rejected);
    }

    private long readDigest(final DirectBuffer buffer, final int offset, final int length)
    {
        try
        {
            final long peeked = EnvelopeReader.peekTopicHash(buffer, offset, length);
            reader.wrap(buffer, offset, length);
            if (EnvelopeReader.NO_TOPIC_HASH != peeked)
            {
                assertEquals(reader.topicHash() & 0xFFFF_FFFFL, peeked, "the peeked hash is the read one");
            }
            final long digest = digest(reader);
            assertEquals(digest, digest(trusted.wrapValidated(buffer, offset, length)),
                "a validated envelope reads the same without validating it again");
            return digest;
        }
        catch (final MalformedEnvelopeException ex)
        {
            assertTrue(ex.getMessage().contains(" at offset "), ex.getMessage());
            assertTrue(ex.offset() >= 0 && ex.offset() <= length, ex.getMessage());
            return MALFORMED;
        }
        catch (final Throwable t)
        {
            fail("unexpected " + t, t);
            return 0;
        }
    }

    /**
     * A digest of everything a reader's accessors read, asserting on the way that names are found by name and that
     * views read the same as strings.
     *
     * @param reader wrapped on an envelope.
     * @return the digest.
     */
    static long digest(final EnvelopeReader reader)
    {
        long h = reader.version();
        h = h * 31 + reader.connectionIdHigh() + reader.connectionIdLow() * 7 + reader.sessionId() +
            reader.producerId() * 3L + reader.sequence() + reader.timestamp() + reader.expiration() +
            reader.deliveryTime() + reader.priority() + reader.deliveryMode() + reader.deliveryCount();
        h = h * 31 + (reader.redelivered() ? 1 : 0) + (reader.messageIdDisabled() ? 2 : 0) +
            (reader.hasType() ? 4 : 0) + (reader.isBodyNull() ? 8 : 0);
        h = h * 31 + reader.destinationKind().code() + reader.replyToKind().code() * 7 +
            reader.correlationIdKind().code() * 11 + reader.bodyType().code() * 13;
        h = h * 31 + view(reader.destinationName()) + view(reader.replyToName()) + view(reader.type()) +
            view(reader.correlationId()) + view(reader.body());
        h = h * 31 + entries(reader.properties());
        h = h * 31 + entries(reader.bodyEntries());
        h = h * 31 + reader.topicHash() + (reader.isCompact() ? 17 : 0);
        return h == MALFORMED ? h + 1 : h;
    }

    private static long entries(final EntriesReader entries)
    {
        long h = entries.count();
        for (int i = 0; i < entries.count(); i++)
        {
            final EntryType type = entries.type(i);
            h = h * 31 + type.code();
            h = h * 31 + entries.rawValue(i) + entries.longValue(i) + entries.intValue(i) + entries.shortValue(i) +
                entries.byteValue(i) + entries.charValue(i) + (entries.booleanValue(i) ? 1 : 0) +
                Float.floatToRawIntBits(entries.floatValue(i)) + Double.doubleToRawLongBits(entries.doubleValue(i));
            h = h * 31 + view(entries.data(i));
            final String name = entries.name(i).asString();
            h = h * 31 + view(entries.name(i));
            if (!entries.name(i).isEmpty())
            {
                final int found = entries.indexOf(name);
                if (entries.name(i).contentEquals(name))
                {
                    assertTrue(found >= 0 && found <= i, "lookup of " + name);
                }
            }
        }
        return h;
    }

    private static long view(final BytesView view)
    {
        long h = view.length();
        for (int i = 0; i < view.length(); i++)
        {
            h = h * 31 + view.byteAt(i);
        }
        final StringBuilder text = new StringBuilder();
        view.appendTo(text);
        h = h * 31 + text.toString().hashCode();
        assertEquals(view.asString(), text.toString());
        return h;
    }

    static byte[] mutate(final Random random, final byte[] sample)
    {
        final byte[] bytes;
        switch (random.nextInt(6))
        {
            case 0:
                bytes = new byte[random.nextInt(sample.length + 1)];
                System.arraycopy(sample, 0, bytes, 0, bytes.length);
                return bytes;
            case 1:
                bytes = sample.clone();
                for (int flips = 1 + random.nextInt(4); flips > 0; flips--)
                {
                    final int bit = random.nextInt(bytes.length * 8);
                    bytes[bit >> 3] ^= (byte)(1 << (bit & 7));
                }
                return bytes;
            case 2:
                bytes = sample.clone();
                bytes[random.nextInt(bytes.length)] = (byte)random.nextInt();
                return bytes;
            case 3:
                bytes = new byte[sample.length + 1 + random.nextInt(16)];
                System.arraycopy(sample, 0, bytes, 0, sample.length);
                return bytes;
            case 4:
                bytes = new byte[random.nextInt(300)];
                random.nextBytes(bytes);
                System.arraycopy(sample, 0, bytes, 0, Math.min(bytes.length, EnvelopeDescriptor.HEADER_LENGTH));
                return bytes;
            default:
                return sample;
        }
    }

    static byte[] randomEnvelope(final Random random)
    {
        final ExpandableArrayBuffer buffer = new ExpandableArrayBuffer(256);
        final boolean compact = random.nextInt(3) == 0;
        final EnvelopeWriter writer = compact ? new EnvelopeWriter().wrapCompact(buffer, 0) :
            new EnvelopeWriter().wrap(buffer, 0);
        writer.messageId(random.nextLong(), random.nextLong(), random.nextInt(), random.nextInt(), random.nextLong())
            .timestamp(random.nextLong()).priority(random.nextInt(10)).deliveryMode(1 + random.nextInt(2))
            .redelivered(random.nextBoolean()).messageIdDisabled(random.nextBoolean());
        if (!compact)
        {
            writer.expiration(random.nextLong()).deliveryTime(random.nextLong()).deliveryCount(random.nextInt());
        }

        final EntriesWriter properties = writer.properties();
        for (int i = random.nextInt(5); i > 0; i--)
        {
            final String name = "p" + i + word(random);
            switch (random.nextInt(9))
            {
                case 0 -> properties.nullValue(name);
                case 1 -> properties.booleanValue(name, random.nextBoolean());
                case 2 -> properties.byteValue(name, (byte)random.nextInt());
                case 3 -> properties.shortValue(name, (short)random.nextInt());
                case 4 -> properties.intValue(name, random.nextInt());
                case 5 -> properties.longValue(name, random.nextLong());
                case 6 -> properties.floatValue(name, random.nextFloat());
                case 7 -> properties.doubleValue(name, random.nextDouble());
                default -> properties.stringValue(name, word(random));
            }
        }

        final int bodyKind = compact ? random.nextInt(3) : random.nextInt(6);
        if (bodyKind == 3 || bodyKind == 4)
        {
            final BodyType type = bodyKind == 3 ? BodyType.MAP : BodyType.STREAM;
            final EntriesWriter entries = writer.bodyEntries(type);
            for (int i = random.nextInt(5); i > 0; i--)
            {
                final String name = type == BodyType.MAP ? "e" + i + word(random) : null;
                switch (random.nextInt(11))
                {
                    case 0 -> entries.nullValue(name);
                    case 1 -> entries.booleanValue(name, random.nextBoolean());
                    case 2 -> entries.byteValue(name, (byte)random.nextInt());
                    case 3 -> entries.shortValue(name, (short)random.nextInt());
                    case 4 -> entries.charValue(name, (char)random.nextInt());
                    case 5 -> entries.intValue(name, random.nextInt());
                    case 6 -> entries.longValue(name, random.nextLong());
                    case 7 -> entries.floatValue(name, Float.intBitsToFloat(random.nextInt()));
                    case 8 -> entries.doubleValue(name, Double.longBitsToDouble(random.nextLong()));
                    case 9 -> entries.stringValue(name, word(random));
                    default ->
                    {
                        final byte[] bytes = new byte[random.nextInt(8)];
                        random.nextBytes(bytes);
                        entries.bytesValue(name, bytes, 0, bytes.length);
                    }
                }
            }
        }

        if (random.nextBoolean())
        {
            writer.destination(DestinationKind.get(1 + random.nextInt(4)), word(random));
        }
        if (!compact && random.nextBoolean())
        {
            writer.replyTo(DestinationKind.get(1 + random.nextInt(4)), word(random));
        }
        if (!compact && random.nextBoolean())
        {
            writer.type(word(random));
        }
        if (!compact && random.nextBoolean())
        {
            writer.correlationId(word(random));
        }
        else if (!compact && random.nextBoolean())
        {
            writer.correlationIdBytes(new byte[]{ 1, 2, 3 }, 0, 3);
        }

        switch (bodyKind)
        {
            case 0 -> writer.textBody(random.nextBoolean() ? word(random) : null);
            case 1 -> writer.bytesBody(new byte[20], 0, random.nextInt(20));
            case 2 -> writer.objectBody(random.nextBoolean() ? new byte[]{ 7, 7 } : null, 0, 2);
        }

        final int length = writer.finish();
        final byte[] bytes = new byte[length];
        buffer.getBytes(0, bytes);
        return bytes;
    }

    private static String word(final Random random)
    {
        return WORDS[random.nextInt(WORDS.length)];
    }
}
