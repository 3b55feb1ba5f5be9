package io.wirespeed.spring.boot.autoconfigure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.wirespeed.jms.config.ConnectionUri;

class PropertiesUriTest
{
    @Test
    void unsetPropertiesLeaveTheUrlAsItIs()
    {
        final WirespeedJmsProperties properties = new WirespeedJmsProperties();
        assertEquals("wirespeed:ipc", PropertiesUri.of(properties, null));

        properties.setUrl("wirespeed:udp?endpoint=239.1.2.3:40456&interface=127.0.0.1");
        assertEquals("wirespeed:udp?endpoint=239.1.2.3:40456&interface=127.0.0.1", PropertiesUri.of(properties, null));
    }

    @Test
    void propertiesFollowTheUrlsOptionsSoThatTheyWinAndRoutesComeLastInTheirOrder()
    {
        final WirespeedJmsProperties properties = new WirespeedJmsProperties();
        properties.setUrl("wirespeed:ipc?idle=yielding");
        properties.setIdle("sleeping");
        properties.setArchiveDir("/var/lib/app");
        final Map<String, String> routes = new LinkedHashMap<>();
        routes.put("prices.>", "aeron:udp?endpoint=239.1.2.4:40457|interface=127.0.0.1");
        routes.put("orders", "aeron:ipc");
        properties.setRoute(routes);

        final String uri = PropertiesUri.of(properties, null);

        assertEquals("wirespeed:ipc?idle=yielding&idle=sleeping&archiveDir=/var/lib/app" +
            "&route.prices.>=aeron:udp?endpoint=239.1.2.4:40457|interface=127.0.0.1&route.orders=aeron:ipc", uri);
    }

    @Test
    void theApplicationsArchiveDirectoryGoesFirstSoThatTheUrlAndThePropertyOverrideIt()
    {
        final WirespeedJmsProperties properties = new WirespeedJmsProperties();
        properties.setUrl("wirespeed:ipc?archive=on");

        assertEquals("wirespeed:ipc?archiveDir=/home/u/.wirespeed/archive/app-1&archive=on",
            PropertiesUri.of(properties, "/home/u/.wirespeed/archive/app-1"));
    }

    @Test
    void ampersandsAndPercentSignsInValuesAreEncodedSoThatTheParserReadsThemBack()
    {
        final WirespeedJmsProperties properties = new WirespeedJmsProperties();
        properties.setClientId("a&b%20c");

        final String uri = PropertiesUri.of(properties, null);

        assertEquals("wirespeed:ipc?clientId=a%26b%2520c", uri);
        assertEquals("a&b%20c", ConnectionUri.parse(uri).clientId());
    }
}
