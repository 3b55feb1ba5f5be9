package io.wirespeed.jms.config;

import io.wirespeed.codec.control.QueueStreams;
import io.wirespeed.transport.TransportChannels;
import io.wirespeed.transport.TransportException;
import io.wirespeed.transport.TransportFactories;

/**
 * The channels the provider names itself rather than take from a route: the default channel of a
 * {@code wirespeed:ipc} or {@code wirespeed:udp} URI ({@link TopicRouting#defaultChannel}) and the queue host's. They
 * are Aeron channels, which the provider never spells: transport-aeron writes them, reached through the transport
 * SPI ({@link TransportChannels}, found by the {@code aeron:} scheme), so the compiler keeps the provider off
 * transport-aeron. Thread safe.
 */
public final class MediaChannels
{
    private static final String AERON_SCHEME = "aeron:";

    private static volatile TransportChannels aeron;
    private static volatile String queueHost;

    private MediaChannels()
    {
    }

    /**
     * Aeron's channel vocabulary, from the transport on the class path that serves {@code aeron:} channels.
     *
     * @return the vocabulary.
     * @throws TransportException naming the jar to add when no transport serves {@code aeron:} channels.
     */
    public static TransportChannels aeron()
    {
        TransportChannels channels = aeron;
        if (null == channels)
        {
            final TransportFactories factories = TransportFactories.installed();
            channels = factories.channels(AERON_SCHEME);
            if (null == channels)
            {
                throw new TransportException("the transport " + factories.forChannel(AERON_SCHEME).name() +
                    " serves aeron: channels but cannot write them (TransportFactory.channels() is null): put " +
                    "io.wirespeed:wirespeed-transport-aeron on the classpath instead");
            }
            aeron = channels;
        }
        return channels;
    }

    /**
     * The queue host's channel on this machine: IPC of the media driver the host shares with its clients.
     *
     * @return the channel.
     */
    public static String queueHost()
    {
        String channel = queueHost;
        if (null == channel)
        {
            channel = aeron().sharedMemory(QueueStreams.TERM_LENGTH);
            queueHost = channel;
        }
        return channel;
    }

    /**
     * The UDP channel a queue host serves on at an endpoint, for its clients' queue messages.
     *
     * @param endpoint the host's {@code ADDRESS:PORT}.
     * @return the channel.
     */
    public static String queueHostUdp(final String endpoint)
    {
        return aeron().udp(endpoint, null, 0, QueueStreams.TERM_LENGTH);
    }

    /**
     * The channel a client sends its control requests to a queue host's UDP endpoint on, tied to its response
     * subscription ({@link #queueHostResponses}).
     *
     * @param endpoint               the host's {@code ADDRESS:PORT}.
     * @param responseSubscriptionId the registration id of the client's response subscription.
     * @return the channel.
     */
    public static String queueHostRequests(final String endpoint, final long responseSubscriptionId)
    {
        return aeron().udpRequest(endpoint, QueueStreams.TERM_LENGTH, responseSubscriptionId);
    }

    /**
     * The channel a client receives a queue host's answers on over UDP, through the host's response control
     * address ({@link QueueStreams#responseControl}).
     *
     * @param endpoint the host's {@code ADDRESS:PORT}.
     * @return the channel.
     */
    public static String queueHostResponses(final String endpoint)
    {
        return aeron().udpResponses(QueueStreams.responseControl(endpoint));
    }

    /**
     * Whether a channel is in a media driver's (or this JVM's) shared memory, heard by no other machine nor by
     * another driver's clients.
     *
     * @param channel a channel URI.
     * @return true when the transport that serves it says so.
     */
    public static boolean isSharedMemory(final String channel)
    {
        return TransportFactories.installed().isSharedMemory(channel);
    }
}
