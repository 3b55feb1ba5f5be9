package io.wirespeed.bench.peer;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;

import org.junit.jupiter.api.Test;

import io.aeron.ExclusivePublication;
import io.wirespeed.bench.rig.RunProfile;
import io.wirespeed.transport.aeron.AeronTransportConfiguration;

/** The raw Aeron peer is compared like for like: the same kind of directory and the same term length as Wirespeed. */
class AeronMediaTest
{
    private static final RunProfile PROFILE = RunProfile.parse(new String[0]);

    @Test
    void runsItsIpcDriverBesideWirespeedsEmbeddedDriverWithWirespeedsTermLength()
    {
        assertLikeWirespeed(0);
    }

    @Test
    void runsItsUdpDriverBesideWirespeedsEmbeddedDriverWithWirespeedsTermLength()
    {
        assertLikeWirespeed(Peers.freeUdpPort());
    }

    private static void assertLikeWirespeed(final int udpPort)
    {
        try (AeronMedia media = new AeronMedia(PROFILE, udpPort))
        {
            media.aeron().addSubscription(media.channel(), 1);
            final ExclusivePublication publication = media.connectedPublication(1);

            assertAll(
                () -> assertEquals(new File(AeronTransportConfiguration.defaultDirectory(true)).getParent(),
                    new File(media.aeron().context().aeronDirectoryName()).getParent(),
                    "the raw driver's directory is not where Wirespeed's embedded driver keeps its own"),
                () -> assertEquals(AeronTransportConfiguration.DEFAULT_TERM_LENGTH, publication.termBufferLength(),
                    "the raw driver's term length is not Wirespeed's"));
        }
    }
}
