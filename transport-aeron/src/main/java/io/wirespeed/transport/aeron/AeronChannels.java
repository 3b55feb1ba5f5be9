package io.wirespeed.transport.aeron;

import io.aeron.ChannelUri;
import io.aeron.ChannelUriStringBuilder;
import io.aeron.CommonContext;
import io.wirespeed.transport.TransportChannels;

/**
 * The one place Wirespeed writes and reads Aeron channel URIs ({@code aeron:ipc}, {@code aeron:udp?endpoint=...},
 * response channels, slow-consumer parameters): the queue host and the driver call it directly, the provider
 * through the transport SPI ({@link #transportChannels()}, a {@link TransportChannels} that
 * {@link AeronTransportFactory#channels()} hands out). Built with Aeron's {@link ChannelUriStringBuilder}, so sizes
 * read as Aeron writes them ({@code term-length=4m}). Channels an application names (its {@code route.} options) are
 * its own and only recognised here, never rewritten except to add parameters.
 */
public final class AeronChannels
{
    /** The prefix of every Aeron channel. */
    public static final String SCHEME = "aeron:";

    /** The media driver's shared memory with the driver's default term length. */
    public static final String IPC = SCHEME + CommonContext.IPC_MEDIA;

    private static final String UDP = SCHEME + CommonContext.UDP_MEDIA;
    private static final String UNTETHERED = CommonContext.TETHER_PARAM_NAME + "=false";
    private static final String UNTETHERED_PREFIX = "untethered-";
    private static final TransportChannels TRANSPORT_CHANNELS = new SpiChannels();

    private AeronChannels()
    {
    }

    /**
     * A channel in the media driver's shared memory.
     *
     * @param termLength the term length in bytes, 0 for the driver's default.
     * @return {@code aeron:ipc}, with {@code term-length} when one is given.
     * @throws IllegalArgumentException if the term length is not 0 and not a power of two from 64 KiB to 1 GiB.
     */
    public static String ipc(final int termLength)
    {
        return 0 == termLength ? IPC :
            termLength(new ChannelUriStringBuilder().media(CommonContext.IPC_MEDIA), termLength).build();
    }

    /**
     * A UDP channel to an endpoint: a unicast receiver's address or a multicast group.
     *
     * @param endpoint         {@code ADDRESS:PORT}.
     * @param networkInterface the interface to send and receive on, null for the system's choice.
     * @param mtu              the MTU in bytes, 0 for the driver's default.
     * @param termLength       the term length in bytes, 0 for the driver's default.
     * @return {@code aeron:udp?endpoint=...}, then {@code interface}, {@code mtu} and {@code term-length} as given.
     * @throws IllegalArgumentException if the endpoint is missing, or the term length or MTU is one Aeron refuses.
     */
    public static String udp(final String endpoint, final String networkInterface, final int mtu, final int termLength)
    {
        final ChannelUriStringBuilder builder = new ChannelUriStringBuilder().media(CommonContext.UDP_MEDIA)
            .endpoint(requireEndpoint(endpoint, "a UDP channel"))
            .networkInterface(networkInterface);
        if (0 != mtu)
        {
            try
            {
                builder.mtu(mtu);
            }
            catch (final IllegalStateException | IllegalArgumentException ex)
            {
                throw new IllegalArgumentException("mtu " + mtu + " of a UDP channel to " + endpoint + ": " +
                    ex.getMessage(), ex);
            }
        }
        return termLength(builder, termLength).build();
    }

    /**
     * A UDP channel to an endpoint, with the driver's default interface and MTU.
     *
     * @param endpoint   {@code ADDRESS:PORT}.
     * @param termLength the term length in bytes, 0 for the driver's default.
     * @return {@code aeron:udp?endpoint=...}, with {@code term-length} when one is given.
     * @throws IllegalArgumentException if the endpoint is missing or the term length one Aeron refuses.
     */
    public static String udp(final String endpoint, final int termLength)
    {
        return udp(endpoint, null, 0, termLength);
    }

    /**
     * The channel a client publishes its requests to a server's UDP endpoint on, tied to the client's response
     * subscription ({@link #responseSubscription}) so that the server can answer on it.
     *
     * @param endpoint               the server's {@code ADDRESS:PORT}.
     * @param termLength             the term length in bytes, 0 for the driver's default.
     * @param responseSubscriptionId the registration id of the client's response subscription.
     * @return the channel.
     * @throws IllegalArgumentException if the endpoint is missing or the term length one Aeron refuses.
     */
    public static String udpRequest(final String endpoint, final int termLength, final long responseSubscriptionId)
    {
        return termLength(new ChannelUriStringBuilder().media(CommonContext.UDP_MEDIA)
            .endpoint(requireEndpoint(endpoint, "a UDP channel")), termLength)
            .responseCorrelationId(responseSubscriptionId)
            .build();
    }

    /**
     * The channel a client receives a server's answers on: an Aeron response channel through the server's response
     * control address, so the client opens no port of its own.
     *
     * @param controlEndpoint the server's response control {@code ADDRESS:PORT}.
     * @return {@code aeron:udp?control-mode=response|control=...}.
     * @throws IllegalArgumentException if the control endpoint is missing.
     */
    public static String responseSubscription(final String controlEndpoint)
    {
        return UDP + '?' + CommonContext.MDC_CONTROL_MODE_PARAM_NAME + '=' + CommonContext.CONTROL_MODE_RESPONSE +
            '|' + CommonContext.MDC_CONTROL_PARAM_NAME + '=' + requireEndpoint(controlEndpoint, "a response channel");
    }

    /**
     * The channel a server answers one client on, through its response control address.
     *
     * @param controlEndpoint the server's response control {@code ADDRESS:PORT}.
     * @param termLength      the term length in bytes, 0 for the driver's default.
     * @param correlationId   the correlation id of the client's request image at the server.
     * @return the channel.
     * @throws IllegalArgumentException if the control endpoint is missing or the term length one Aeron refuses.
     */
    public static String responsePublication(final String controlEndpoint, final int termLength,
        final long correlationId)
    {
        final ChannelUriStringBuilder builder = new ChannelUriStringBuilder().media(CommonContext.UDP_MEDIA)
            .controlMode(CommonContext.CONTROL_MODE_RESPONSE)
            .controlEndpoint(requireEndpoint(controlEndpoint, "a response channel"));
        return termLength(builder, termLength).responseCorrelationId(correlationId).build();
    }

    /**
     * A channel for a subscription that the publication may leave behind when it falls a window behind, rather
     * than hold every other subscriber back.
     *
     * @param channel an Aeron channel.
     * @return the channel with {@code tether=false}.
     * @throws IllegalArgumentException if the channel is not an Aeron channel.
     */
    public static String untethered(final String channel)
    {
        return with(requireAeron(channel), UNTETHERED);
    }

    /**
     * A channel for a publication that waits for an untethered subscriber a window behind for a while before it
     * leaves it behind, and lets one left behind rejoin after a pause. A channel that already sets any of these
     * times is left as it is (its author chose them).
     *
     * @param channel               an Aeron channel.
     * @param windowLimitTimeoutMs  how long an untethered subscriber may stay a window behind.
     * @param lingerTimeoutMs       how long one left behind lingers.
     * @param restingTimeoutMs      how long it then rests before it rejoins where the stream is.
     * @return the channel with {@code untethered-window-limit-timeout}, {@code untethered-linger-timeout} and
     *         {@code untethered-resting-timeout}.
     * @throws IllegalArgumentException if the channel is not an Aeron channel.
     */
    public static String withUntetheredTimeouts(
        final String channel, final long windowLimitTimeoutMs, final long lingerTimeoutMs, final long restingTimeoutMs)
    {
        // read as text, not parsed: a route's channel that Aeron would refuse is refused by the driver, with its
        // translated message, when the publication is added, not here
        if (requireAeron(channel).contains(UNTETHERED_PREFIX))
        {
            return channel;
        }
        return with(channel, CommonContext.UNTETHERED_WINDOW_LIMIT_TIMEOUT_PARAM_NAME + '=' + windowLimitTimeoutMs +
            "ms|" + CommonContext.UNTETHERED_LINGER_TIMEOUT_PARAM_NAME + '=' + lingerTimeoutMs + "ms|" +
            CommonContext.UNTETHERED_RESTING_TIMEOUT_PARAM_NAME + '=' + restingTimeoutMs + "ms");
    }

    /**
     * Whether a channel is an Aeron channel.
     *
     * @param channel a channel URI, or null.
     * @return true when it starts with {@code aeron:}.
     */
    public static boolean isAeron(final String channel)
    {
        return null != channel && channel.startsWith(SCHEME);
    }

    /**
     * Whether a channel is in the media driver's shared memory, which only that driver's clients hear. Allocates
     * nothing.
     *
     * @param channel a channel URI, or null.
     * @return true for {@code aeron:ipc} with or without parameters.
     */
    public static boolean isIpc(final String channel)
    {
        return isMedia(channel, IPC);
    }

    /**
     * Whether a channel is a UDP channel (unicast, multicast or a response channel). Allocates nothing.
     *
     * @param channel a channel URI, or null.
     * @return true for {@code aeron:udp} with or without parameters.
     */
    public static boolean isUdp(final String channel)
    {
        return isMedia(channel, UDP);
    }

    /**
     * The endpoint a channel names.
     *
     * @param channel an Aeron channel.
     * @return its {@code endpoint} parameter, or null when it names none (IPC, a response channel).
     * @throws IllegalArgumentException if the channel is not an Aeron channel URI.
     */
    public static String endpoint(final String channel)
    {
        return ChannelUri.parse(requireAeron(channel)).get(CommonContext.ENDPOINT_PARAM_NAME);
    }

    /**
     * These channels as the transport SPI names them, for code that sees Aeron only through the SPI (the provider).
     *
     * @return the vocabulary; stateless and thread safe.
     */
    public static TransportChannels transportChannels()
    {
        return TRANSPORT_CHANNELS;
    }

    private static boolean isMedia(final String channel, final String prefix)
    {
        return null != channel && channel.startsWith(prefix) &&
            (channel.length() == prefix.length() || '?' == channel.charAt(prefix.length()));
    }

    private static ChannelUriStringBuilder termLength(final ChannelUriStringBuilder builder, final int termLength)
    {
        if (0 != termLength)
        {
            try
            {
                builder.termLength(termLength);
            }
            catch (final IllegalStateException | IllegalArgumentException ex)
            {
                throw new IllegalArgumentException("term length " + termLength + ": " + ex.getMessage() +
                    " (a power of two from 64k to 1g)", ex);
            }
        }
        return builder;
    }

    private static String with(final String channel, final String params)
    {
        return channel + (channel.indexOf('?') < 0 ? '?' : '|') + params;
    }

    private static String requireAeron(final String channel)
    {
        if (!isAeron(channel))
        {
            throw new IllegalArgumentException("'" + channel + "' is not an Aeron channel: an Aeron channel starts " +
                "with aeron:, e.g. aeron:ipc or aeron:udp?endpoint=localhost:40123");
        }
        return channel;
    }

    private static String requireEndpoint(final String endpoint, final String what)
    {
        if (null == endpoint || endpoint.isBlank() || endpoint.indexOf(':') < 0)
        {
            throw new IllegalArgumentException(what + " needs an endpoint ADDRESS:PORT, not '" + endpoint + "'");
        }
        return endpoint;
    }

    /** The SPI's view of these channels. */
    private static final class SpiChannels implements TransportChannels
    {
        /** {@inheritDoc} */
        @Override
        public String sharedMemory(final int termLength)
        {
            return ipc(termLength);
        }

        /** {@inheritDoc} */
        @Override
        public String udp(final String endpoint, final String networkInterface, final int mtu, final int termLength)
        {
            return AeronChannels.udp(endpoint, networkInterface, mtu, termLength);
        }

        /** {@inheritDoc} */
        @Override
        public String udpRequest(final String endpoint, final int termLength, final long responseSubscriptionId)
        {
            return AeronChannels.udpRequest(endpoint, termLength, responseSubscriptionId);
        }

        /** {@inheritDoc} */
        @Override
        public String udpResponses(final String controlEndpoint)
        {
            return responseSubscription(controlEndpoint);
        }

        /** {@inheritDoc} */
        @Override
        public String untetheredSubscription(final String channel)
        {
            return untethered(channel);
        }

        /** {@inheritDoc} */
        @Override
        public String slowConsumerPublication(
            final String channel, final long windowLimitTimeoutMs, final long rejoinPauseMs)
        {
            return withUntetheredTimeouts(channel, windowLimitTimeoutMs, rejoinPauseMs, rejoinPauseMs);
        }
    }
}
