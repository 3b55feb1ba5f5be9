package io.wirespeed.jmh;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import javax.jms.BytesMessage;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;

import io.aeron.driver.ThreadingMode;
import io.wirespeed.bench.common.Endpoints;
import io.wirespeed.bench.common.RawAeron;

/**
 * What the benchmarks share beyond what module {@code bench-common} gives them: the JVM flag their forks need, the
 * UDP ports they use, the URIs they connect with, their raw Aeron driver, and the way they fill a message body.
 * Not a benchmark.
 */
public final class BenchmarkSupport
{
    /**
     * The flag Aeron needs in every JVM that uses it. Each benchmark class passes it to its forks in both
     * {@code @Fork(jvmArgsPrepend)} and {@code @Fork(jvmArgsAppend)}, so that a {@code -jvmArgsAppend} or a
     * {@code -jvmArgsPrepend} given on the command line (which replaces the annotation's) does not drop it.
     */
    public static final String ADD_OPENS = "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED";

    /** The heap each fork gets: enough for the term buffers' bookkeeping, small enough for a loaded 2-core host. */
    public static final String HEAP = "-Xmx1g";

    /** The IPC transport parameter value. */
    public static final String IPC = "ipc";

    /** The UDP unicast loopback transport parameter value. */
    public static final String UDP = "udp";

    /**
     * System property (read in the forked JVM) that moves the UDP ports the benchmarks use; the JMS ping-pong takes
     * {@code base} and {@code base + 1}, the raw Aeron ping-pong {@code base + 2} and {@code base + 3}.
     */
    public static final String UDP_PORT_BASE_PROP = "wirespeed.jmh.udpPortBase";

    /** The default first UDP port. */
    public static final int DEFAULT_UDP_PORT_BASE = 40501;

    private static final long HANDSHAKE_TIMEOUT_MS = 20_000;

    private BenchmarkSupport()
    {
    }

    /**
     * A UDP port of the benchmarks' range.
     *
     * @param index 0 to 3.
     * @return the port.
     */
    public static int udpPort(final int index)
    {
        return Integer.getInteger(UDP_PORT_BASE_PROP, DEFAULT_UDP_PORT_BASE) + index;
    }

    /**
     * Starts the raw Aeron peers' media driver, as Wirespeed's embedded one (shared threading, Wirespeed's term
     * length and MTU) with the given idle strategy, in a directory of its own beside Aeron's default one.
     *
     * @param idle the driver's idle strategy by name.
     * @return the driver and a client of it.
     */
    public static RawAeron startRawAeron(final String idle)
    {
        return RawAeron.start(RawAeron.directoryBesideWirespeeds("jmh-raw"), idle, ThreadingMode.SHARED, 0);
    }

    /**
     * The Wirespeed connection URI for a transport.
     *
     * @param transport     {@link #IPC} or {@link #UDP}.
     * @param idle          the idle strategy of the driver, the delivery thread, receives and sends.
     * @param reuse         whether listeners get a reused message.
     * @param udpPort       the UDP port of the default channel (unused for IPC).
     * @param extraOptions  more {@code name=value} options joined with {@code &}, or empty.
     * @return the URI.
     */
    public static String uri(
        final String transport, final String idle, final boolean reuse, final int udpPort, final String extraOptions)
    {
        final String options = "idle=" + idle + "&reuseMessages=" + reuse +
            (extraOptions.isEmpty() ? "" : "&" + extraOptions);
        if (IPC.equals(transport))
        {
            return Endpoints.wirespeedIpc(options);
        }
        if (UDP.equals(transport))
        {
            return Endpoints.wirespeedUdp(udpPort, options);
        }
        throw new IllegalArgumentException("transport '" + transport + "' is not ipc or udp");
    }

    /**
     * A route option sending one topic to a UDP unicast loopback port, percent-encoded for a Wirespeed URI.
     *
     * @param topic the topic name.
     * @param port  the receiving port.
     * @return {@code route.<topic>=aeron:udp?endpoint=127.0.0.1:<port>}, encoded.
     */
    public static String udpRoute(final String topic, final int port)
    {
        return Endpoints.wirespeedUdpRoute(topic, port);
    }

    /**
     * The Aeron channel of a transport.
     *
     * @param transport {@link #IPC} or {@link #UDP}.
     * @param udpPort   the UDP port (unused for IPC).
     * @return the channel.
     */
    public static String aeronChannel(final String transport, final int udpPort)
    {
        if (IPC.equals(transport))
        {
            return Endpoints.AERON_IPC;
        }
        if (UDP.equals(transport))
        {
            return Endpoints.aeronUdp(udpPort);
        }
        throw new IllegalArgumentException("transport '" + transport + "' is not ipc or udp");
    }

    /**
     * Bytes to pad a body to a size after its 8-byte sequence number.
     *
     * @param size the body size, at least 8.
     * @return the padding.
     */
    public static byte[] padding(final int size)
    {
        if (size < Long.BYTES)
        {
            throw new IllegalArgumentException("size " + size + " is below the 8 bytes of the sequence number");
        }
        final byte[] padding = new byte[size - Long.BYTES];
        final byte[] text = "wirespeed".getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < padding.length; i++)
        {
            padding[i] = text[i % text.length];
        }
        return padding;
    }

    /**
     * Rewrites a reused BytesMessage's body: a sequence number, then padding.
     *
     * @param message  the message.
     * @param sequence the sequence number.
     * @param padding  the bytes after it.
     * @throws JMSException if the message refuses.
     */
    public static void fill(final BytesMessage message, final long sequence, final byte[] padding) throws JMSException
    {
        message.clearBody();
        message.writeLong(sequence);
        message.writeBytes(padding);
    }

    /**
     * Sends pings until a pong comes back, so that publications and subscriptions on both sides are connected
     * before measuring (a topic publication without subscribers drops what is sent to it); then drains.
     *
     * @param producer the ping producer.
     * @param ping     the ping message.
     * @param padding  the ping body padding.
     * @param consumer the pong consumer.
     * @throws JMSException if sending or receiving fails.
     */
    public static void handshake(
        final MessageProducer producer,
        final BytesMessage ping,
        final byte[] padding,
        final MessageConsumer consumer) throws JMSException
    {
        final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(HANDSHAKE_TIMEOUT_MS);
        Message pong = null;
        while (null == pong)
        {
            if (System.nanoTime() > deadline)
            {
                throw new IllegalStateException("no pong within " + HANDSHAKE_TIMEOUT_MS + " ms: is the reflector up?");
            }
            fill(ping, -1, padding);
            producer.send(ping);
            pong = consumer.receive(100);
        }
        while (null != consumer.receive(200))
        {
            // drain pongs of earlier handshake pings
        }
    }
}
