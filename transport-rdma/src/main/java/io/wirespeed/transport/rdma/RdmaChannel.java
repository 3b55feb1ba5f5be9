package io.wirespeed.transport.rdma;

import io.wirespeed.transport.TransportException;
import io.aeron.logbuffer.LogBufferDescriptor;
import io.aeron.protocol.DataHeaderFlyweight;

/**
 * A parsed RDMA channel URI, the one place its vocabulary and defaults live:
 * {@code wirespeed:rdma?endpoint=host:port|term-length=1048576|mtu=8192|device=mlx5_0}.
 * The publication listens on {@code endpoint}; subscriptions connect to it. Both ends must use
 * the same {@code term-length}.
 *
 * @param endpoint   host and port the publication listens on.
 * @param host       the host part of the endpoint.
 * @param port       the port part of the endpoint.
 * @param termLength the length of each of the three terms, a power of two of at least 64 KiB.
 * @param mtu        the largest frame, header included, a multiple of 32.
 * @param device     the RDMA device name, or null for the first one.
 */
public record RdmaChannel(String endpoint, String host, int port, int termLength, int mtu, String device)
{
    /** The scheme and media prefix of every RDMA channel URI. */
    public static final String PREFIX = "wirespeed:rdma?";
    /** Default term length: 1 MiB, so a log is 3 MiB plus a metadata page per end. */
    public static final int DEFAULT_TERM_LENGTH = 1024 * 1024;
    /** Default MTU: 8 KiB frames. */
    public static final int DEFAULT_MTU = 8192;

    /**
     * Parses a channel URI.
     *
     * @param uri the channel URI.
     * @return the parsed channel.
     * @throws TransportException naming the parameter that is missing or wrong.
     */
    public static RdmaChannel parse(final String uri)
    {
        if (uri == null || !uri.startsWith(PREFIX))
        {
            throw new TransportException("not an RDMA channel (expected " + PREFIX +
                "endpoint=host:port[|term-length=..|mtu=..|device=..]): " + uri);
        }
        String endpoint = null;
        int termLength = DEFAULT_TERM_LENGTH;
        int mtu = DEFAULT_MTU;
        String device = null;
        for (final String param : uri.substring(PREFIX.length()).split("\\|"))
        {
            final int eq = param.indexOf('=');
            if (eq <= 0)
            {
                throw new TransportException("channel parameter without a value: '" + param + "' in " + uri);
            }
            final String key = param.substring(0, eq);
            final String value = param.substring(eq + 1);
            switch (key)
            {
                case "endpoint":
                    endpoint = value;
                    break;
                case "term-length":
                    termLength = parseInt(key, value, uri);
                    break;
                case "mtu":
                    mtu = parseInt(key, value, uri);
                    break;
                case "device":
                    device = value;
                    break;
                default:
                    throw new TransportException("unknown RDMA channel parameter '" + key + "' in " + uri +
                        " (known: endpoint, term-length, mtu, device)");
            }
        }
        if (endpoint == null)
        {
            throw new TransportException("RDMA channel needs endpoint=host:port: " + uri);
        }
        final int colon = endpoint.lastIndexOf(':');
        if (colon <= 0)
        {
            throw new TransportException("endpoint must be host:port: " + endpoint);
        }
        final int port = parseInt("endpoint port", endpoint.substring(colon + 1), uri);
        if (port <= 0 || port > 65535)
        {
            throw new TransportException("endpoint port out of range 1..65535: " + endpoint);
        }
        try
        {
            LogBufferDescriptor.checkTermLength(termLength);
        }
        catch (final IllegalStateException ex)
        {
            throw new TransportException("term-length: " + ex.getMessage(), ex);
        }
        if (mtu < 2 * DataHeaderFlyweight.HEADER_LENGTH || (mtu & 31) != 0 || mtu > termLength / 8)
        {
            throw new TransportException("mtu must be a multiple of 32 between 64 and term-length/8: " + mtu);
        }
        return new RdmaChannel(endpoint, endpoint.substring(0, colon), port, termLength, mtu, device);
    }

    private static int parseInt(final String key, final String value, final String uri)
    {
        try
        {
            return Integer.parseInt(value);
        }
        catch (final NumberFormatException ex)
        {
            throw new TransportException(key + " is not a number: '" + value + "' in " + uri, ex);
        }
    }
}
