package io.wirespeed.transport.aeron;

import io.aeron.ChannelUri;
import io.aeron.CommonContext;
import io.aeron.ErrorCode;
import io.aeron.exceptions.ChannelEndpointException;
import io.aeron.exceptions.RegistrationException;
import io.aeron.exceptions.TimeoutException;
import io.wirespeed.transport.TransportException;

/**
 * Turns the errors the Aeron client and media driver report into {@link TransportException}s that
 * say what went wrong in plain words and which setting or channel parameter to change.
 */
final class AeronErrorTranslator
{
    private static final String CHANNEL_FORMS =
        "channels look like aeron:ipc, aeron:udp?endpoint=host:port or " +
        "aeron:udp?endpoint=239.1.2.3:40456|interface=192.168.1.10";

    private final AeronTransportContext config;

    AeronErrorTranslator(final AeronTransportContext config)
    {
        this.config = config;
    }

    /**
     * Explains why the driver refused to add a publication or subscription.
     *
     * @param ex       the driver's refusal.
     * @param what     {@code publication} or {@code subscription}.
     * @param channel  the channel asked for.
     * @param streamId the stream asked for.
     * @return the exception to throw.
     */
    TransportException registrationFailed(
        final RegistrationException ex, final String what, final String channel, final int streamId)
    {
        final String message = String.valueOf(ex.getMessage());
        final String subject = what + " on " + channel + " stream " + streamId;
        final ErrorCode code = ex.errorCode();
        if (ErrorCode.STORAGE_SPACE == code || message.contains("insufficient usable storage"))
        {
            return new TransportException(
                "not enough free space in driver directory " + config.directory() + " for the log buffer of " +
                subject + ": lower " + AeronTransportConfiguration.TERM_LENGTH_PROP + " (now " + config.termLength() +
                ") or the channel's term-length parameter, or give the directory's filesystem more space", ex);
        }
        if (message.contains("Address already in use"))
        {
            return new TransportException(
                "cannot open " + subject + ": its UDP endpoint " + param(channel, CommonContext.ENDPOINT_PARAM_NAME) +
                " is already in use on this host (another process or channel bound that port): choose another " +
                "port in the channel's endpoint parameter", ex);
        }
        if (message.contains("Cannot assign requested address"))
        {
            return new TransportException(
                "cannot open " + subject + ": no local interface has the address in its endpoint or interface " +
                "parameter (endpoint=" + param(channel, CommonContext.ENDPOINT_PARAM_NAME) + ", interface=" +
                param(channel, CommonContext.INTERFACE_PARAM_NAME) + "): use an address of this host", ex);
        }
        if (message.contains("interface matching criteria") || message.contains("No such device"))
        {
            return new TransportException(
                "cannot open " + subject + ": no local interface matches interface=" +
                param(channel, CommonContext.INTERFACE_PARAM_NAME) + " (for a multicast endpoint the interface " +
                "must also be multicast-capable or loopback): fix the channel's interface parameter, e.g. " +
                "interface=127.0.0.1, or list addresses with 'ip addr'", ex);
        }
        if (message.contains("UnknownHostException") || message.contains("unresolved"))
        {
            return new TransportException(
                "cannot open " + subject + ": the host in endpoint=" +
                param(channel, CommonContext.ENDPOINT_PARAM_NAME) +
                " cannot be resolved: fix the channel's endpoint parameter", ex);
        }
        if (message.contains("multicast data address must be odd"))
        {
            return new TransportException(
                "cannot open " + subject + ": the multicast endpoint=" +
                param(channel, CommonContext.ENDPOINT_PARAM_NAME) + " must be an odd address, because Aeron sends " +
                "control messages to the next address up: use e.g. 239.1.2.3 (data) which pairs with 239.1.2.4 " +
                "(control) in the channel's endpoint parameter", ex);
        }
        if (message.contains("Network is unreachable") || message.contains("No route to host"))
        {
            return new TransportException(
                "cannot open " + subject + ": there is no route to endpoint=" +
                param(channel, CommonContext.ENDPOINT_PARAM_NAME) + "; for multicast name a multicast-capable " +
                "interface in the channel's interface parameter or add a route (ip route add 224.0.0.0/4 dev <if>)",
                ex);
        }
        if (ErrorCode.INVALID_CHANNEL == code)
        {
            return new TransportException(
                "invalid channel for " + subject + ": " + message + "; " + CHANNEL_FORMS, ex);
        }
        return new TransportException("the media driver refused " + subject + ": " + message, ex);
    }

    /**
     * Explains a fault the client learned of asynchronously.
     *
     * @param error what the Aeron client reported.
     * @return the exception to hand to the configured error handler.
     */
    TransportException asynchronous(final Throwable error)
    {
        if (error instanceof TimeoutException)
        {
            return new TransportException(
                "lost contact with the media driver at " + config.directory() + " (" + error.getMessage() +
                "): is the driver process still running? The wait is " + AeronTransportConfiguration.TIMEOUT_PROP +
                "=" + config.timeout().toMillis() + "ms", error);
        }
        if (error instanceof ChannelEndpointException)
        {
            return new TransportException(
                "a channel failed: " + error.getMessage() + "; check the channel's endpoint and interface parameters",
                error);
        }
        return new TransportException("transport fault: " + error, error);
    }

    /**
     * Explains a channel the client rejected before asking the driver.
     *
     * @param ex      the client's complaint.
     * @param channel the channel asked for.
     * @return the exception to throw.
     */
    TransportException invalidChannel(final RuntimeException ex, final String channel)
    {
        return new TransportException("invalid channel " + channel + ": " + ex.getMessage() + "; " + CHANNEL_FORMS, ex);
    }

    private static String param(final String channel, final String name)
    {
        try
        {
            final String value = ChannelUri.parse(channel).get(name);
            return null == value ? "(none)" : value;
        }
        catch (final RuntimeException ex)
        {
            return "(unparsable)";
        }
    }
}
