package io.wirespeed.driver.stat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.aeron.cluster.service.ClusterTerminationException;
import io.aeron.exceptions.AeronException;
import io.wirespeed.host.cluster.ClusterMember;
import io.wirespeed.host.cluster.ClusterMemberSettings;
import io.wirespeed.host.cluster.ClusterMembers;
import io.wirespeed.host.cluster.HostService;
import io.wirespeed.test.Await;
import io.wirespeed.test.FreePorts;
import io.wirespeed.test.SlowTest;

/**
 * {@code wirespeed-stat} given the directories of three running cluster members (in this JVM, on loopback, the queue
 * host's service in each): by its output alone, one is the leader and two are followers, all three name the same
 * leader, which is the one that says it leads; every member shows a commit position, a closed election and at least
 * one election. The text shows the same on its CLUSTER line; a member's own driver directory shows it too.
 */
@SlowTest
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class WirespeedStatClusterTest
{
    private static final Duration ELECTION_DEADLINE = Duration.ofSeconds(30);

    @TempDir
    Path temp;

    private final List<ClusterMember> members = new ArrayList<>();
    private final AtomicReference<Throwable> memberError = new AtomicReference<>();

    @AfterEach
    void close()
    {
        members.forEach(ClusterMember::close);
    }

    @Test
    void showsOneLeaderAndTwoFollowersThatNameIt()
    {
        // one run of fifteen free ports: three runs asked for apart may overlap
        final int step = ClusterMembers.PORTS_PER_MEMBER;
        final int first = FreePorts.udpRun(3 * step);
        final ClusterMembers list = ClusterMembers.parse("0=127.0.0.1:" + first + ",1=127.0.0.1:" + (first + step) +
            ",2=127.0.0.1:" + (first + 2 * step));
        for (int id = 0; id < list.size(); id++)
        {
            final File base = temp.resolve("member-" + id).toFile();
            members.add(ClusterMember.launch(list, id, ClusterMemberSettings.defaults(base), new HostService(),
                (ex) ->
                {
                    if (!(ex instanceof ClusterTerminationException) && !(ex instanceof AeronException &&
                        AeronException.Category.WARN == ((AeronException)ex).category()))
                    {
                        memberError.compareAndSet(null, ex);
                    }
                }));
        }
        final ObjectMapper json = new ObjectMapper();
        final Map<Integer, JsonNode> samples = Await.value("one leader and two followers named by wirespeed-stat",
            ELECTION_DEADLINE, () ->
            {
                assertEquals(null, memberError.get(), "no member reported an error");
                final Map<Integer, JsonNode> byMember = new TreeMap<>();
                int leaders = 0;
                int followers = 0;
                for (final ClusterMember member : members)
                {
                    final JsonNode sample = readJson(json, stat(member.settings().baseDir().getPath(), "--json",
                        "--once"));
                    byMember.put(sample.get("clusterMemberId").asInt(), sample);
                    final String role = sample.get("clusterRole").asText();
                    leaders += "leader".equals(role) ? 1 : 0;
                    followers += "follower".equals(role) ? 1 : 0;
                    if (sample.get("leaderMemberId").asInt() < 0)
                    {
                        return null;
                    }
                }
                return 1 == leaders && 2 == followers ? byMember : null;
            });

        assertEquals(List.of(0, 1, 2), List.copyOf(samples.keySet()), samples.toString());
        final int leaderId = samples.values().stream().filter((s) -> "leader".equals(s.get("clusterRole").asText()))
            .findFirst().orElseThrow().get("clusterMemberId").asInt();
        for (final JsonNode sample : samples.values())
        {
            assertEquals(leaderId, sample.get("leaderMemberId").asInt(), "the leader every member names: " + sample);
            assertEquals("closed", sample.get("electionState").asText(), sample.toString());
            assertTrue(sample.get("electionCount").asLong() >= 1, sample.toString());
            assertTrue(sample.get("commitPosition").asLong() >= 0, sample.toString());
            assertTrue(sample.get("leadershipTermId").asLong() >= 0, sample.toString());
            assertEquals(0, sample.get("snapshotCount").asLong(), sample.toString());
            assertTrue(sample.get("streams").isArray(), "the member's driver's sample follows: " + sample);
        }
        final ClusterMember leader = members.get(leaderId);
        assertTrue(leader.isLeader(), "the member that wirespeed-stat calls the leader says so itself");

        final ClusterMember follower = members.get((leaderId + 1) % members.size());
        final String text = stat(follower.settings().driverDir().getPath(), "--once");
        assertTrue(text.contains("CLUSTER member " + follower.memberId() + ": follower, leader " + leaderId +
            ", commit position "), text);
        assertTrue(text.contains("election closed ("), text);
    }

    private static JsonNode readJson(final ObjectMapper json, final String text)
    {
        try
        {
            return json.readTree(text);
        }
        catch (final IOException ex)
        {
            throw new AssertionError("wirespeed-stat --json printed no JSON: " + text, ex);
        }
    }

    private static String stat(final String... args)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        try
        {
            final int status = WirespeedStat.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
            assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
        }
        catch (final InterruptedException ex)
        {
            throw new IllegalStateException(ex);
        }
        return out.toString(StandardCharsets.UTF_8).strip();
    }
}
