package io.wirespeed.transport;

/**
 * A transport's channel URIs, written by the transport that serves them ({@link TransportFactory#channels()}), so
 * that code above the SPI says what a channel is (the media driver's shared memory, a UDP endpoint, a response
 * channel) and never spells a transport's URI syntax. Implementations are stateless and thread safe.
 */
public interface TransportChannels
{
    /**
     * A channel in the media driver's shared memory, heard only by that driver's clients.
     *
     * @param termLength the term length in bytes, 0 for the driver's default.
     * @return the channel.
     * @throws IllegalArgumentException if the transport refuses the term length.
     */
    String sharedMemory(int termLength);

    /**
     * A UDP channel to an endpoint: a unicast receiver's address or a multicast group.
     *
     * @param endpoint         {@code ADDRESS:PORT}.
     * @param networkInterface the interface to send and receive on, null for the system's choice.
     * @param mtu              the MTU in bytes, 0 for the driver's default.
     * @param termLength       the term length in bytes, 0 for the driver's default.
     * @return the channel.
     * @throws IllegalArgumentException if the endpoint is missing or the transport refuses a size.
     */
    String udp(String endpoint, String networkInterface, int mtu, int termLength);

    /**
     * The channel a client publishes its requests to a server's UDP endpoint on, tied to the client's response
     * subscription ({@link #udpResponses}) so that the server answers on it.
     *
     * @param endpoint               the server's {@code ADDRESS:PORT}.
     * @param termLength             the term length in bytes, 0 for the driver's default.
     * @param responseSubscriptionId the registration id of the client's response subscription.
     * @return the channel.
     * @throws IllegalArgumentException if the endpoint is missing or the transport refuses the term length.
     */
    String udpRequest(String endpoint, int termLength, long responseSubscriptionId);

    /**
     * The channel a client receives a server's answers on, through the server's response control address, so that
     * the client opens no port of its own.
     *
     * @param controlEndpoint the server's response control {@code ADDRESS:PORT}.
     * @return the channel.
     * @throws IllegalArgumentException if the control endpoint is missing.
     */
    String udpResponses(String controlEndpoint);

    /**
     * A channel for a subscription that its publications may leave behind when it falls a window behind.
     *
     * @param channel a channel of this transport.
     * @return the channel to subscribe on.
     * @throws IllegalArgumentException if the channel is not one of this transport's.
     */
    String untetheredSubscription(String channel);

    /**
     * A channel for a publication that waits for an untethered subscriber a window behind for a while before it
     * leaves it behind, and lets one left behind rejoin after a pause; a channel that already sets those times is
     * left as it is.
     *
     * @param channel              a channel of this transport.
     * @param windowLimitTimeoutMs how long an untethered subscriber may stay a window behind.
     * @param rejoinPauseMs        how long one left behind waits before it rejoins where the stream is.
     * @return the channel to publish on.
     * @throws IllegalArgumentException if the channel is not one of this transport's.
     */
    String slowConsumerPublication(String channel, long windowLimitTimeoutMs, long rejoinPauseMs);
}
