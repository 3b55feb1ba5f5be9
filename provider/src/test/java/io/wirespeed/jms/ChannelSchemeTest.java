package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import javax.jms.JMSException;
import javax.jms.MessageProducer;
import javax.jms.Session;

import org.junit.jupiter.api.Test;

import io.wirespeed.jms.config.ClaimedSchemeFactory;

/**
 * A destination's channel is served by the transport factory that claims its scheme, whichever jar on the
 * classpath brings it: the provider names no transport.
 */
class ChannelSchemeTest extends JmsTestSupport
{
    @Test
    void aRoutedChannelIsServedByTheFactoryOnTheClasspathThatClaimsItsScheme() throws Exception
    {
        final Session session = connection("wirespeed:ipc?route.claimed.>=" + ClaimedSchemeFactory.SCHEME + "prices")
            .createSession();
        final MessageProducer producer = session.createProducer(null);

        final JMSException ex = assertThrows(JMSException.class,
            () -> producer.send(session.createTopic("claimed.prices"), session.createMessage()));

        assertEquals("cannot reach 'claimed.prices' on claimed-test:prices: the claimed-test: scheme of the " +
            "provider's tests connects nothing", ex.getMessage());
    }
}
