package io.wirespeed.jms.config;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The one parser of Wirespeed's connection URI vocabulary.
 * <pre>
 *   wirespeed:ipc[?option=value&amp;...]                  Aeron IPC (the default: wirespeed: alone means this)
 *   wirespeed:udp?endpoint=239.1.2.3:40456&amp;interface=192.168.1.10   UDP multicast (a multicast group)
 *   wirespeed:udp?endpoint=10.0.0.5:40456                 UDP unicast to the receiving host
 *   wirespeed:rdma?endpoint=10.0.0.5:40456                RDMA where available, else UDP
 * </pre>
 * Options are {@code name=value} pairs, the last of a name winning; {@link ConnectionOption} is the table of them
 * (their names, defaults and the values they take), and values may be percent-encoded.
 * docs/configuration.md describes each with examples; {@link ConnectionOption} is the table of them, which reads
 * each value and types it, once: what uses the {@link ConnectionConfig} reads enums, durations and sizes, never text.
 * A program may build the same configuration without a URI: {@link ConnectionConfig.Builder}.
 */
public final class ConnectionUri
{
    /** The URI scheme. */
    public static final String SCHEME = "wirespeed";
    /** The URI used when none is given. */
    public static final String DEFAULT_URI = "wirespeed:ipc";

    private static final String HIDDEN = "***";
    private static final Pattern PASSWORD_VALUE = Pattern.compile("([?&]password=)[^&]*");

    private ConnectionUri()
    {
    }

    /**
     * Parses a connection URI.
     *
     * @param uri the URI, e.g. {@code wirespeed:udp?endpoint=239.1.2.3:40456}; null or empty means the default.
     * @return the configuration it describes.
     * @throws IllegalArgumentException naming the part of the URI to change.
     */
    public static ConnectionConfig parse(final String uri)
    {
        return ConnectionConfig.builder().uri(uri).build();
    }

    static TransportKind transport(final String text, final String kind)
    {
        switch (kind.toLowerCase(Locale.ROOT))
        {
            case "":
            case "ipc":
                return TransportKind.IPC;
            case "udp":
                return TransportKind.UDP;
            case "rdma":
                return TransportKind.RDMA;
            default:
                throw new IllegalArgumentException(
                    "unknown transport '" + kind + "' in '" + redacted(text) +
                    "': use wirespeed:ipc, wirespeed:udp or wirespeed:rdma");
        }
    }

    static String decode(final String text)
    {
        if (text.indexOf('%') < 0)
        {
            return text;
        }
        final byte[] in = text.getBytes(StandardCharsets.UTF_8);
        final byte[] out = new byte[in.length];
        int length = 0;
        for (int i = 0; i < in.length; i++)
        {
            if (in[i] == '%' && i + 2 < in.length &&
                Character.digit(in[i + 1], 16) >= 0 && Character.digit(in[i + 2], 16) >= 0)
            {
                out[length++] = (byte)((Character.digit(in[i + 1], 16) << 4) + Character.digit(in[i + 2], 16));
                i += 2;
            }
            else
            {
                out[length++] = in[i];
            }
        }
        return new String(out, 0, length, StandardCharsets.UTF_8);
    }

    /**
     * Percent-encodes what would end a value early in a URI ({@code &}, and {@code %} itself), and nothing else, so
     * that the URI stays readable.
     *
     * @param value an option's value.
     * @return the value as a URI writes it.
     */
    static String encode(final String value)
    {
        return value.replace("%", "%25").replace("&", "%26");
    }

    /**
     * A URI as messages and logs may show it: the value of a {@code password} option replaced by
     * {@value #HIDDEN}.
     *
     * @param uri a connection URI.
     * @return the URI without its password.
     */
    public static String redacted(final String uri)
    {
        return uri == null ? null : PASSWORD_VALUE.matcher(uri).replaceAll("$1" + HIDDEN);
    }
}
