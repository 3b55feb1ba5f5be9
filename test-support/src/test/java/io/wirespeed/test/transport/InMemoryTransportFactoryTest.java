package io.wirespeed.test.transport;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportContext;
import io.wirespeed.transport.TransportFactories;
import io.wirespeed.transport.TransportFactory;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;

/**
 * The {@code mem:} scheme is found through the ServiceLoader, as the provider finds transports, and its transports
 * share the JVM's medium.
 */
class InMemoryTransportFactoryTest
{
    @Test
    void theMemSchemeIsServedByTheInMemoryFactoryWhoseTransportsShareOneMedium()
    {
        final TransportFactory factory = TransportFactories.load().forChannel("mem:orders");
        assertInstanceOf(InMemoryTransportFactory.class, factory);

        try (Transport sending = factory.connect(new TransportContext());
            Transport receiving = factory.connect(new TransportContext());
            TransportSubscription subscription = receiving.addSubscription("mem:orders", 11);
            TransportPublication publication = sending.addPublication("mem:orders", 11))
        {
            assertTrue(publication.isConnected(), "a publication of one transport sees another's subscription");
            assertTrue(subscription.isConnected());
        }
    }
}
