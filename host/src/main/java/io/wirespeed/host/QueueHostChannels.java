package io.wirespeed.host;

import io.wirespeed.codec.control.QueueStreams;
import io.wirespeed.transport.aeron.AeronChannels;

/**
 * The channels the queue host serves on, as transport-aeron writes them ({@link AeronChannels}) from the queue
 * protocol's addresses and sizes ({@link QueueStreams}). The provider's client names the same channels through the
 * transport SPI.
 */
public final class QueueHostChannels
{
    /** The host's channel on its machine: IPC of the media driver it shares with its clients. */
    public static final String IPC = AeronChannels.ipc(QueueStreams.TERM_LENGTH);

    private QueueHostChannels()
    {
    }

    /**
     * The UDP channel a host serves on, for its subscriptions and for clients' queue messages.
     *
     * @param endpoint the host's {@code ADDRESS:PORT}.
     * @return the channel.
     */
    public static String udp(final String endpoint)
    {
        return AeronChannels.udp(endpoint, QueueStreams.TERM_LENGTH);
    }

    /**
     * The channel a host answers one UDP client on: the response channel through its response control address
     * ({@link QueueStreams#responseControl}).
     *
     * @param endpoint      the host's {@code ADDRESS:PORT}.
     * @param correlationId the correlation id of the client's request image at the host.
     * @return the channel.
     */
    public static String response(final String endpoint, final long correlationId)
    {
        return AeronChannels.responsePublication(QueueStreams.responseControl(endpoint), QueueStreams.TERM_LENGTH,
            correlationId);
    }
}
