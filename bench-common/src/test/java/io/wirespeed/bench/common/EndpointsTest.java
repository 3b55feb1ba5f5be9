package io.wirespeed.bench.common;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The channels and URIs are the ones the benchmarks' results have always recorded. */
@Timeout(value = 10, unit = TimeUnit.SECONDS)
class EndpointsTest
{
    @Test
    void namesRawAeronChannelsOnLoopback()
    {
        assertEquals("aeron:ipc", Endpoints.AERON_IPC);
        assertEquals("aeron:udp?endpoint=127.0.0.1:40503", Endpoints.aeronUdp(40503));
    }

    @Test
    void putsTheOptionsAfterTheTransportOfAWirespeedUri()
    {
        assertEquals("wirespeed:ipc?idle=yielding&threading=shared&reuseMessages=true",
            Endpoints.wirespeedIpc("idle=yielding&threading=shared&reuseMessages=true"));
        assertEquals("wirespeed:udp?endpoint=127.0.0.1:40501&idle=yielding&reuseMessages=true",
            Endpoints.wirespeedUdp(40501, "idle=yielding&reuseMessages=true"));
    }

    @Test
    void percentEncodesTheChannelOfARoute()
    {
        assertEquals("route.jmh.pingpong.pong=aeron:udp%3Fendpoint%3D127.0.0.1:40502",
            Endpoints.wirespeedUdpRoute("jmh.pingpong.pong", 40502));
    }
}
