package io.wirespeed.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class RatiosTest
{
    @Test
    void dividesAPeerOnLoopbackByItsFloorOnLoopback()
    {
        assertEquals("aeron-ipc", Ratios.floor("wirespeed-ipc"));
        assertEquals("aeron-udp", Ratios.floor("artemis-tcp"));
        assertEquals("kernel-udp", Ratios.floor("aeron-udp"));
        assertNull(Ratios.floor("kernel-udp"));
    }

    @Test
    void dividesAPeerBetweenHostsByItsFloorBetweenHosts()
    {
        assertEquals("aeron-udp-netns", Ratios.floor("wirespeed-udp-netns"));
        assertEquals("aeron-udp-netns", Ratios.floor("artemis-tcp-netns"));
        assertEquals("kernel-udp-netns", Ratios.floor("aeron-udp-netns"));
        assertNull(Ratios.floor("kernel-udp-netns"));
    }
}
