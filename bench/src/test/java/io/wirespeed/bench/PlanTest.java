package io.wirespeed.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import io.wirespeed.bench.rig.RunProfile;

class PlanTest
{
    private static final RunProfile SHORT = RunProfile.parse(new String[0]);

    @Test
    void acrossHostsEachNetworkPeerOfS1S2AndS5IsFollowedByItsTwinBetweenNamespaces()
    {
        final List<String> s5 = Plan.steps(SHORT, Set.of("S5"), Set.of(), true).stream().map(Plan.Step::peer)
            .toList();

        assertEquals(List.of("wirespeed-ipc", "aeron-ipc", "wirespeed-udp", "wirespeed-udp-netns", "aeron-udp",
            "aeron-udp-netns", "kernel-udp", "kernel-udp-netns"), s5);
    }

    @Test
    void acrossHostsTheUdpPeersOfS4AndS9AlsoRunBetweenNamespaces()
    {
        final List<String> s9 = Plan.steps(SHORT, Set.of("S9"), Set.of(), true).stream().map(Plan.Step::peer)
            .toList();
        final List<String> s4 = Plan.steps(SHORT, Set.of("S4"), Set.of(), true).stream().map(Plan.Step::peer)
            .toList();

        assertEquals(List.of("wirespeed-udp", "wirespeed-udp-netns", "aeron-udp", "aeron-udp-netns", "kernel-udp",
            "kernel-udp-netns"), s9);
        assertEquals(List.of("wirespeed-ipc", "aeron-ipc", "wirespeed-udp", "wirespeed-udp-netns", "aeron-udp",
            "aeron-udp-netns", "kernel-udp", "kernel-udp-netns"), s4);
    }

    @Test
    void acrossHostsS3sWirespeedUdpPeerIsFollowedByItsTwinAndItsIpcAndInVmPeersStayOnOneHost()
    {
        assertEquals(List.of("wirespeed-ipc", "wirespeed-udp", "wirespeed-udp-netns", "artemis-invm"),
            Plan.steps(SHORT, Set.of("S3"), Set.of(), true).stream().map(Plan.Step::peer).toList());
    }

    @Test
    void everyScenarioIdHasStepsInTheWholeSuite()
    {
        assertEquals(Plan.SCENARIOS.keySet(), Plan.steps(SHORT, Set.of(), Set.of()).stream().map(Plan.Step::scenario)
            .collect(Collectors.toCollection(LinkedHashSet::new)));
    }

    @Test
    void refusesAnOnlyIdThatIsNoScenarioNamingTheKnownOnes()
    {
        Plan.checkScenarioIds(Set.of("S3", "DEF", "QS", "S10", "JMH"));
        final IllegalArgumentException ex =
            assertThrows(IllegalArgumentException.class, () -> Plan.checkScenarioIds(Set.of("S11")));

        assertTrue(ex.getMessage().contains("S1,S2,S3,S4,S5,S6,S7,S8,S9,DEF,QS,WC,CH,SEL,S10,JMH"), ex.getMessage());
    }

    @Test
    void onLoopbackNoStepSpansHosts()
    {
        assertEquals(List.of(), Plan.steps(SHORT, Set.of(), Set.of(), false).stream()
            .filter(step -> step.peer().endsWith("-netns")).toList());
    }

    @Test
    void scenariosWhoseRolesShareOneJvmStayOnLoopback()
    {
        assertEquals(List.of("wirespeed-ipc", "wirespeed-udp", "artemis-invm"),
            Plan.steps(SHORT, Set.of("S6"), Set.of(), true).stream().map(Plan.Step::peer).toList());
    }

    @Test
    void acrossHostsS8sWirespeedUdpIsFollowedByItsTwinAndTheClusteredHostAndArtemisTcpByItsTwin()
    {
        assertEquals(List.of("wirespeed-ipc", "wirespeed-udp", "wirespeed-udp-netns", "wirespeed-cluster-netns",
            "artemis-invm", "artemis-tcp", "artemis-tcp-netns"),
            Plan.steps(SHORT, Set.of("S8"), Set.of(), true).stream().map(Plan.Step::peer).toList());
        assertEquals(List.of("wirespeed-ipc", "wirespeed-udp", "artemis-invm", "artemis-tcp"),
            Plan.steps(SHORT, Set.of("S8"), Set.of(), false).stream().map(Plan.Step::peer).toList());
    }

    @Test
    void thePeersOptionPicksTheClusteredHostAcrossHostsForS8Only()
    {
        assertEquals(List.of(new Plan.Step("S8", "wirespeed-cluster-netns")),
            Plan.steps(SHORT, Set.of(), Set.of("wirespeed-cluster-netns"), true));
    }

    @Test
    void connectionChurnRunsForWirespeedsEmbeddedDefaultAndArtemisInVmAndOverTcpOnOneHost()
    {
        final List<Plan.Step> expected = List.of(new Plan.Step("CH", "wirespeed-ipc"),
            new Plan.Step("CH", "artemis-invm"), new Plan.Step("CH", "artemis-tcp"));

        assertEquals(expected, Plan.steps(SHORT, Set.of("CH"), Set.of()));
        assertEquals(expected, Plan.steps(SHORT, Set.of("CH"), Set.of(), true));
        assertEquals(List.of(new Plan.Step("CH", "wirespeed-ipc")),
            Plan.steps(SHORT, Set.of("CH"), Set.of("wirespeed-ipc", "aeron-ipc")));
        Plan.checkScenarioIds(Set.of("CH"));
    }

    @Test
    void thePeersOptionPicksTwinsByName()
    {
        assertEquals(List.of(new Plan.Step("S1", "artemis-tcp-netns")),
            Plan.steps(SHORT, Set.of("S1"), Set.of("artemis-tcp-netns"), true));
    }
}
