package io.wirespeed.transport.rdma;

import io.wirespeed.transport.TransportException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The RDMA channel URI vocabulary, its defaults, and errors that name the parameter to fix.
 */
class RdmaChannelTest
{
    @Test
    void parsesEndpointWithDefaults()
    {
        final RdmaChannel channel = RdmaChannel.parse("wirespeed:rdma?endpoint=192.168.7.1:40456");
        assertEquals("192.168.7.1", channel.host());
        assertEquals(40456, channel.port());
        assertEquals(RdmaChannel.DEFAULT_TERM_LENGTH, channel.termLength());
        assertEquals(RdmaChannel.DEFAULT_MTU, channel.mtu());
        assertNull(channel.device());
    }

    @Test
    void parsesEveryParameter()
    {
        final RdmaChannel channel = RdmaChannel.parse(
            "wirespeed:rdma?endpoint=host-a:9|term-length=65536|mtu=4096|device=mlx5_1");
        assertEquals(65536, channel.termLength());
        assertEquals(4096, channel.mtu());
        assertEquals("mlx5_1", channel.device());
    }

    @Test
    void rejectsWhatItCannotUseNamingTheParameter()
    {
        assertMessage("expected wirespeed:rdma?", "aeron:udp?endpoint=a:1");
        assertMessage("needs endpoint", "wirespeed:rdma?mtu=4096");
        assertMessage("port out of range", "wirespeed:rdma?endpoint=a:0");
        assertMessage("term-length", "wirespeed:rdma?endpoint=a:1|term-length=1000");
        assertMessage("mtu must be", "wirespeed:rdma?endpoint=a:1|mtu=100");
        assertMessage("unknown RDMA channel parameter 'color'", "wirespeed:rdma?endpoint=a:1|color=red");
    }

    private static void assertMessage(final String expected, final String uri)
    {
        final TransportException ex = assertThrows(TransportException.class, () -> RdmaChannel.parse(uri));
        assertTrue(ex.getMessage().contains(expected), ex.getMessage());
    }
}
