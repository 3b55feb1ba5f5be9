package io.wirespeed.host.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;

import org.junit.jupiter.api.Test;

import io.aeron.cluster.ClusterMember;

/**
 * The member list: each member's five ports derived from its one, the strings Aeron Cluster takes, and every list
 * that cannot make a cluster refused with a message that says what to change.
 */
class ClusterMembersTest
{
    @Test
    void eachMemberGetsFiveConsecutivePortsInAeronsOrder()
    {
        final ClusterMembers members = ClusterMembers.parse("0=hostA:9000,1=hostB:9000,2=hostC:9100");

        assertEquals(3, members.size());
        assertEquals("0,hostA:9000,hostA:9001,hostA:9002,hostA:9003,hostA:9004|" +
            "1,hostB:9000,hostB:9001,hostB:9002,hostB:9003,hostB:9004|" +
            "2,hostC:9100,hostC:9101,hostC:9102,hostC:9103,hostC:9104", members.clusterMembers());
        assertEquals("0=hostA:9000,1=hostB:9000,2=hostC:9100", members.ingressEndpoints());
        assertEquals("hostC:9104", members.member(2).archiveControlEndpoint());
    }

    @Test
    void aeronReadsTheMembersAsDerived()
    {
        final ClusterMember[] parsed = ClusterMember.parse(
            ClusterMembers.parse("1=127.0.0.1:20005, 0=127.0.0.1:20000,2=[::1]:20010").clusterMembers());

        assertEquals(3, parsed.length);
        assertEquals(0, parsed[0].id());
        assertEquals("127.0.0.1:20000", parsed[0].ingressEndpoint());
        assertEquals("127.0.0.1:20001", parsed[0].consensusEndpoint());
        assertEquals("127.0.0.1:20002", parsed[0].logEndpoint());
        assertEquals("127.0.0.1:20003", parsed[0].catchupEndpoint());
        assertEquals("127.0.0.1:20004", parsed[0].archiveEndpoint());
        assertEquals("127.0.0.1:20005", parsed[1].ingressEndpoint());
        assertEquals("[::1]:20014", parsed[2].archiveEndpoint());
    }

    @Test
    void oneMemberIsACluster()
    {
        final ClusterMembers members = ClusterMembers.parse("0=localhost:9000");

        assertEquals(1, members.size());
        assertEquals("0=localhost:9000", members.ingressEndpoints());
        assertEquals(0, members.memberId("0"));
    }

    @Test
    void fiveMembersAreAccepted()
    {
        assertEquals(5, ClusterMembers.parse("0=a:1,1=b:1,2=c:1,3=d:1,4=e:1").size());
    }

    @Test
    void twoMembersAreRefusedSayingWhy()
    {
        refused("0=hostA:9000,1=hostB:9000",
            "a cluster of 2 members cannot elect a leader once one is lost; use 1, 3 or 5");
    }

    @Test
    void fourAndSevenMembersAreRefused()
    {
        refused("0=a:1,1=b:1,2=c:1,3=d:1", "a cluster of 4 members survives no more lost members than one of 3");
        refused("0=a:1,1=b:1,2=c:1,3=d:1,4=e:1,5=f:1,6=g:1", "lists 7 members");
        refused("0=a:1,1=b:1,2=c:1,3=d:1,4=e:1,5=f:1,6=g:1", "use 1, 3 or 5");
    }

    @Test
    void idsMustBeZeroToTheCountLessOne()
    {
        refused("1=hostA:9000,2=hostB:9000,3=hostC:9000",
            "gives member ids [1, 2, 3]: the ids of 3 members must be 0 to 2, each once");
    }

    @Test
    void aDuplicateIdIsRefused()
    {
        refused("0=hostA:9000,1=hostB:9000,1=hostC:9000", "member id 1 is given twice");
    }

    @Test
    void aDuplicateHostAndPortIsRefused()
    {
        refused("0=hostA:9000,1=hostB:9000,2=HOSTA:9000", "members 0 and 2 are both hostA:9000");
    }

    @Test
    void overlappingPortRangesOnOneHostAreRefused()
    {
        refused("0=hostA:9000,1=hostA:9004,2=hostC:9000",
            "members 0 and 1 share ports on hostA (9000..9004 and 9004..9008)");
        refused("0=hostA:9000,1=hostA:9004,2=hostC:9000", "need ports at least 5 apart");
        assertEquals(3, ClusterMembers.parse("0=hostA:9000,1=hostA:9005,2=hostA:9010").size());
    }

    @Test
    void badSyntaxIsRefused()
    {
        refused("", "wirespeed.cluster.members is not set");
        refused("hostA:9000", "'hostA:9000' is not id=host:port");
        refused("0=hostA", "'0=hostA' is not id=host:port");
        refused("0=hostA:", "'0=hostA:' is not id=host:port");
        refused("0=:9000", "'0=:9000' is not id=host:port");
        refused("0=hostA:9000,", "'' is not id=host:port");
        refused("x=hostA:9000", "the member id 'x' is not a whole number from 0");
        refused("-1=hostA:9000", "the member id '-1' is not a whole number from 0");
        refused("0=hostA:90x0", "the port '90x0' is not a whole number");
        refused("0=::1:9000", "has no valid host before its port");
        refused("0=host A:9000", "has no valid host before its port");
    }

    @Test
    void portsOutOfRangeAfterDerivationAreRefused()
    {
        refused("0=hostA:0", "member 0's port 0 is out of range");
        refused("0=hostA:65532", "member 0's port 65532 is out of range: a member uses it and the next 4 ports, " +
            "which must all be in 1..65535; use a port from 1 to 65531");
        assertEquals("0,h:65531,h:65532,h:65533,h:65534,h:65535", ClusterMembers.parse("0=h:65531").clusterMembers());
    }

    @Test
    void theMemberIdMustNameAMember()
    {
        final ClusterMembers members = ClusterMembers.parse("0=hostA:9000,1=hostB:9000,2=hostC:9000");
        final Properties settings = new Properties();

        assertEquals("wirespeed.cluster.memberId is not set: give this member's id from wirespeed.cluster.members " +
            "(0, 1, 2)", assertThrows(IllegalArgumentException.class, () -> members.memberId(settings)).getMessage());

        settings.setProperty("wirespeed.cluster.memberId", "3");
        assertEquals("wirespeed.cluster.memberId=3 names no member of wirespeed.cluster.members: use one of its ids " +
            "(0, 1, 2)", assertThrows(IllegalArgumentException.class, () -> members.memberId(settings)).getMessage());

        settings.setProperty("wirespeed.cluster.memberId", "one");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> members.memberId(settings)).getMessage()
            .startsWith("wirespeed.cluster.memberId='one' is not a member id"));

        settings.setProperty("wirespeed.cluster.memberId", " 2 ");
        assertEquals(2, members.memberId(settings));
    }

    @Test
    void theMembersAreReadFromTheirSetting()
    {
        final Properties settings = new Properties();
        settings.setProperty("wirespeed.cluster.members", "0=hostA:9000");

        assertEquals("0=hostA:9000", ClusterMembers.fromProperties(settings).toString());
        assertTrue(assertThrows(IllegalArgumentException.class,
            () -> ClusterMembers.fromProperties(new Properties())).getMessage()
            .startsWith("wirespeed.cluster.members is not set: give every member as id=host:port, e.g. " +
                "0=hostA:9000,1=hostB:9000,2=hostC:9000"));
    }

    private static void refused(final String members, final String expected)
    {
        final IllegalArgumentException ex =
            assertThrows(IllegalArgumentException.class, () -> ClusterMembers.parse(members));
        assertTrue(ex.getMessage().contains(expected), ex.getMessage());
    }
}
