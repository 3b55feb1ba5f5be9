package io.wirespeed.host;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.aeron.driver.MediaDriver;
import io.wirespeed.codec.control.QueueStreams;
import io.wirespeed.transport.aeron.AeronTransport;
import io.wirespeed.transport.aeron.AeronTransportContext;
import io.wirespeed.transport.aeron.MediaDriverLauncher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two queue hosts, each on its own media driver, fed one script of inputs in turn (issue 24: two state machines fed
 * one log end equal): a seeded script of queue messages (priorities, expirations, delivery times), subscriptions,
 * credit, acknowledgements, give-backs, closes, browses, requests for room and steps of the hosts' clocks, which are
 * manual and stepped alike; at the end every client falls silent and is cut off. After each step the two hosts'
 * state digests are equal, and at the end their clients have read the same replies.
 * <p>
 * What makes the two runs' inputs identical without the input seam of issue 24 item 1 (a log that orders every
 * input): each step's inputs are offered on IPC, where an offer is in the log buffer when it returns, so the host's
 * next duty cycle reads all of them, in one order, on both hosts; the host then runs until it settles before the
 * next step. Two inputs that are not yet on that seam are held still: each client opens its session and reads its
 * Connected before the script starts (whether a client's reply publication is connected yet is the driver's, and
 * dispatch waits for it), and the clients read every reply at once (a back-pressured reply publication holds
 * deliveries back). With UDP clients, or with replies not read at once, the order of the inputs would be the
 * transport's, not the script's.
 */
class DeterminismTest
{
    private static final long TIMEOUT_NS = TimeUnit.HOURS.toNanos(1);
    private static final int STEPS = 400;
    private static final int CLIENTS = 3;
    private static final String TEMPORARY = QueueStreams.TEMPORARY_QUEUE_PREFIX + "determinism";
    private static final List<String> QUEUES = List.of("orders", "audit", "b", TEMPORARY);

    @TempDir
    Path directory;

    private final List<MediaDriver> drivers = new ArrayList<>();
    private final List<HostRig> rigs = new ArrayList<>();
    private Level hostLogLevel;

    @BeforeEach
    void quietHost()
    {
        hostLogLevel = Logger.getLogger("io.wirespeed.host").getLevel();
        Logger.getLogger("io.wirespeed.host").setLevel(Level.SEVERE);
    }

    @AfterEach
    void close()
    {
        for (final HostRig rig : rigs)
        {
            rig.close();
        }
        for (final MediaDriver driver : drivers)
        {
            driver.close();
        }
        Logger.getLogger("io.wirespeed.host").setLevel(hostLogLevel);
    }

    @Test
    void twoHostsOnTheirOwnMediaDriversFedOneScriptInTurnEndInTheSameState()
    {
        final long seed = Long.getLong("wirespeed.determinism.seed", 24_001L);
        final String repeat = " (seed " + seed + ": repeat with -Dwirespeed.determinism.seed=" + seed + ")";
        final HostRig first = rig("a");
        final HostRig second = rig("b");
        final Script one = new Script(first);
        final Script other = new Script(second);
        one.open();
        other.open();
        assertEquals(first.host.stateDigest(), second.host.stateDigest(), "after the clients connected");

        final SplittableRandom random = new SplittableRandom(seed);
        final Set<Long> states = new HashSet<>();
        for (int step = 0; step < STEPS; step++)
        {
            final long[] op = next(random);
            one.apply(op);
            other.apply(op);
            final long digest = first.host.stateDigest();
            assertEquals(digest, second.host.stateDigest(), "after step " + step + " " + describe(op) + repeat);
            states.add(digest);
        }
        one.silence();
        other.silence();
        assertEquals(0, first.host.clientCount(), "every client cut off");
        assertEquals(first.host.stateDigest(), second.host.stateDigest(), "after every client was cut off" + repeat);
        int delivered = 0;
        for (int i = 0; i < CLIENTS; i++)
        {
            assertEquals(first.clients().get(i).transcript, second.clients().get(i).transcript,
                "client " + i + "'s replies" + repeat);
            delivered += first.clients().get(i).deliveries.size();
        }
        assertTrue(delivered > STEPS / 10, "the script delivered messages: " + delivered);
        assertTrue(states.size() > STEPS / 2, "the script changed the state: " + states.size() + " states");
        System.out.println("determinism seed " + seed + ": " + STEPS + " steps, " + states.size() + " states, " +
            delivered + " deliveries, equal on both hosts");
    }

    private HostRig rig(final String name)
    {
        final String aeronDir = directory.resolve(name).toString();
        drivers.add(MediaDriverLauncher.launch(new AeronTransportContext().directory(aeronDir)
            .deleteDirOnStart(true).deleteDirOnStop(true)));
        final HostRig rig = new HostRig(AeronTransport.connect(new AeronTransportContext().embedded(false)
            .directory(aeronDir).conclude()), TIMEOUT_NS);
        rigs.add(rig);
        rig.awaitConnected();
        return rig;
    }

    /** The next step: its kind, then its arguments. */
    private static long[] next(final SplittableRandom random)
    {
        final int client = random.nextInt(CLIENTS);
        return switch (random.nextInt(10))
        {
            case 0, 1, 2 -> new long[] {0, client, random.nextInt(QUEUES.size()), random.nextInt(10),
                random.nextInt(4) == 0 ? 1 + random.nextInt(3_000) : 0,
                random.nextInt(5) == 0 ? 1 + random.nextInt(2_000) : 0};
            case 3 -> new long[] {1, client, random.nextInt(QUEUES.size()), 1 + random.nextInt(5)};
            case 4 -> new long[] {2, client, random.nextInt(8), 1 + random.nextInt(4)};
            case 5 -> new long[] {3, client};
            case 6 -> new long[] {4, client};
            case 7 -> new long[] {5, client, random.nextInt(8), random.nextInt(QUEUES.size())};
            case 8 -> new long[] {6, client, random.nextInt(QUEUES.size()), 1 + random.nextInt(20)};
            default -> new long[] {7, 1 + random.nextInt(800)};
        };
    }

    private static String describe(final long[] op)
    {
        final String[] kinds = {"send", "subscribe", "credit", "acknowledge", "give back", "close or browse",
            "ask room", "clock"};
        final StringBuilder text = new StringBuilder(kinds[(int)op[0]]);
        for (int i = 1; i < op.length; i++)
        {
            text.append(' ').append(op[i]);
        }
        return text.toString();
    }

    /** The script's clients on one host, and what each has done with its deliveries. */
    private static final class Script
    {
        private final HostRig rig;
        private final List<HostRig.Client> clients = new ArrayList<>();
        private final List<Set<Long>> handled = new ArrayList<>();
        private final long[] consumers = new long[CLIENTS];
        private long sequence;
        private long correlation = 100;

        Script(final HostRig rig)
        {
            this.rig = rig;
        }

        /** Each client opens its session and reads its Connected; the first makes the temporary queue. */
        void open()
        {
            for (int i = 0; i < CLIENTS; i++)
            {
                final HostRig.Client client = rig.client(0x5EED_0000_0000_0000L + i, i * 0x1_0000_0001L, 6001 + i);
                clients.add(client);
                handled.add(new HashSet<>());
                client.connect(1);
                rig.awaitReply(client, "connected 1");
            }
            clients.get(0).createTemporaryQueue(TEMPORARY);
            rig.settle();
        }

        void apply(final long[] op)
        {
            final HostRig.Client client = op[0] == 7 ? null : clients.get((int)op[1]);
            switch ((int)op[0])
            {
                case 0 -> rig.send(client, QUEUES.get((int)op[2]), ++sequence, (int)op[3],
                    op[4] == 0 ? 0 : rig.clock.time() + op[4], op[5] == 0 ? 0 : rig.clock.time() + op[5]);
                case 1 -> client.subscribe(++consumers[(int)op[1]], QUEUES.get((int)op[2]), (int)op[3]);
                case 2 -> client.credit(op[2], (int)op[3]);
                case 3, 4 ->
                {
                    final HostRig.Delivery delivery = oldestUnhandled((int)op[1]);
                    if (null != delivery && op[0] == 3)
                    {
                        client.acknowledge(delivery.consumerId(), delivery.deliveryId());
                    }
                    else if (null != delivery)
                    {
                        client.giveBack(delivery.consumerId(), delivery.deliveryId());
                    }
                }
                case 5 ->
                {
                    if (op[2] < 4)
                    {
                        client.closeConsumer(op[2]);
                    }
                    else
                    {
                        client.browse(++correlation, QUEUES.get((int)op[3]));
                    }
                }
                case 6 -> client.sendCredit(++correlation, QUEUES.get((int)op[2]), (int)op[3], op[3] * 100);
                default -> rig.clock.advanceMillis(op[1]);
            }
            rig.settle();
        }

        /** Every client falls silent past the timeout: each is cut off, what it held goes back. */
        void silence()
        {
            rig.clock.advanceNanos(TIMEOUT_NS + TimeUnit.SECONDS.toNanos(1));
            rig.settle();
        }

        private HostRig.Delivery oldestUnhandled(final int client)
        {
            for (final HostRig.Delivery delivery : clients.get(client).deliveries)
            {
                if (handled.get(client).add(delivery.deliveryId()))
                {
                    return delivery;
                }
            }
            return null;
        }
    }
}
