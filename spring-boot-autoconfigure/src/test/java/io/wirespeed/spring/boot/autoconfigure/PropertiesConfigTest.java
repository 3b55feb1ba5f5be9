package io.wirespeed.spring.boot.autoconfigure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Paths;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.wirespeed.jms.config.ConnectionConfig;
import io.wirespeed.jms.config.ConnectionUri;
import io.wirespeed.jms.config.SlowConsumerPolicy;
import io.wirespeed.jms.config.TransportKind;
import io.wirespeed.transport.IdleStrategyKind;

class PropertiesConfigTest
{
    @Test
    void unsetPropertiesLeaveTheUrlAsItIs()
    {
        final WirespeedJmsProperties properties = new WirespeedJmsProperties();
        assertEquals("wirespeed:ipc", PropertiesConfig.config(properties, null).uri());

        properties.setUrl("wirespeed:udp?endpoint=239.1.2.3:40456&interface=127.0.0.1");
        assertEquals("wirespeed:udp?endpoint=239.1.2.3:40456&interface=127.0.0.1",
            PropertiesConfig.config(properties, null).uri());
    }

    @Test
    void propertiesBindToTheTypedConfigurationEachReadAsItsOptionIs()
    {
        final WirespeedJmsProperties properties = new WirespeedJmsProperties();
        properties.setUrl("wirespeed:udp?endpoint=239.1.2.3:40456&linger=2s");
        properties.setLinger("500ms");
        properties.setIdle("Sleeping");
        properties.setArchiveRetention("7d");
        properties.getSlowConsumersFor().put("prices.>", "drop");

        final ConnectionConfig config = PropertiesConfig.config(properties, "/var/lib/app");

        assertEquals(TransportKind.UDP, config.transport());
        assertEquals(Duration.ofMillis(500), config.linger());
        assertEquals(IdleStrategyKind.SLEEPING, config.idle());
        assertEquals(Duration.ofDays(7), config.archiveConfig().retention());
        assertEquals(Paths.get("/var/lib/app"), config.archiveConfig().directory());
        assertEquals(SlowConsumerPolicy.DROP, config.slowConsumerPolicy("prices.eur"));
        assertEquals(SlowConsumerPolicy.HOLD, config.slowConsumerPolicy("orders"));
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

        final String uri = PropertiesConfig.config(properties, null).uri();

        assertEquals("wirespeed:ipc?idle=yielding&idle=sleeping&archiveDir=/var/lib/app" +
            "&route.prices.>=aeron:udp?endpoint=239.1.2.4:40457|interface=127.0.0.1&route.orders=aeron:ipc", uri);
    }

    @Test
    void theApplicationsArchiveDirectoryGoesFirstSoThatTheUrlAndThePropertyOverrideIt()
    {
        final WirespeedJmsProperties properties = new WirespeedJmsProperties();
        properties.setUrl("wirespeed:ipc?archive=on");

        assertEquals("wirespeed:ipc?archiveDir=/home/u/.wirespeed/archive/app-1&archive=on",
            PropertiesConfig.config(properties, "/home/u/.wirespeed/archive/app-1").uri());
    }

    @Test
    void ampersandsAndPercentSignsInValuesAreEncodedSoThatTheParserReadsThemBack()
    {
        final WirespeedJmsProperties properties = new WirespeedJmsProperties();
        properties.setClientId("a&b%20c");

        final String uri = PropertiesConfig.config(properties, null).uri();

        assertEquals("wirespeed:ipc?clientId=a%26b%2520c", uri);
        assertEquals("a&b%20c", ConnectionUri.parse(uri).clientId());
    }
}
