package io.wirespeed.bench.peer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.ConnectionFactory;
import javax.jms.JMSException;
import javax.jms.Session;

import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

import io.aeron.FragmentAssembler;
import io.aeron.Subscription;
import io.aeron.logbuffer.FragmentHandler;
import io.wirespeed.bench.common.AeronReflector;
import io.wirespeed.bench.common.IdleStrategies;
import io.wirespeed.bench.common.JmsReflector;
import io.wirespeed.bench.common.PollingThread;
import io.wirespeed.bench.rig.RunProfile;
import io.wirespeed.bench.rig.SequenceCheck;
import io.wirespeed.jms.JmsConnectionFactory;

/**
 * The far side of a peer that spans hosts, run on the far host by {@link io.wirespeed.bench.rig.RemoteSide}: the
 * reflector of a pair, the subscriber of a stream (counting into a {@link SequenceCheck} file the near side maps), or
 * the Artemis broker. Prints {@code READY} once it serves and ends when its standard input closes.
 * <p>
 * Arguments: {@code <role> <idle> <threading> <role's arguments...>}, the roles being
 * {@code reflect-udp ADDRESS PORT NEAR_ADDRESS NEAR_PORT}, {@code receive-udp ADDRESS PORT NEAR_ADDRESS NEAR_PORT
 * CHECK_FILE},
 * {@code reflect-aeron PING_CHANNEL PONG_CHANNEL}, {@code receive-aeron CHANNEL CHECK_FILE},
 * {@code reflect-jms URI PING_TOPIC PONG_TOPIC MAX_SIZE [LOAD...]}, {@code receive-jms URI TOPIC CHECK_FILE} and
 * {@code broker ADDRESS PORT}. A JMS URI is Wirespeed's ({@code wirespeed:...}) or Artemis's ({@code tcp://...}).
 * {@code LOAD} ({@link TopicLoad.Remote}, S3 between hosts) gives the reflector's connection a listener on each of
 * N topics that a load of this host's publishes at a rate, set up before {@code READY}.
 */
public final class FarSideMain
{
    private FarSideMain()
    {
    }

    /**
     * Runs one role until standard input closes.
     *
     * @param args the role, the idle strategy, the threading mode and the role's arguments.
     * @throws Exception if the role fails; the JVM then exits non-zero.
     */
    public static void main(final String[] args) throws Exception
    {
        final String role = args[0];
        final RunProfile profile = RunProfile.parse(new String[]{"idle=" + args[1], "threading=" + args[2]});
        final List<AutoCloseable> resources = new ArrayList<>();
        try
        {
            switch (role)
            {
                case "reflect-udp" -> reflectUdp(profile, udp(args), resources);
                case "receive-udp" -> receiveUdp(profile, udp(args), SequenceCheck.mapped(Path.of(args[7])),
                    resources);
                case "reflect-aeron" -> reflectAeron(profile, args[3], args[4], resources);
                case "receive-aeron" -> receiveAeron(profile, args[3], Path.of(args[4]), resources);
                case "reflect-jms" -> reflectJms(args, resources);
                case "receive-jms" -> receiveJms(args[3], args[4], Path.of(args[5]), resources);
                case "broker" -> resources.add(ArtemisTarget.start(true, args[3], Integer.parseInt(args[4])));
                default -> throw new IllegalArgumentException("unknown role: " + role);
            }
            System.out.println("READY " + role);
            System.out.flush();
            while (System.in.read() != -1)
            {
                // Nothing is expected on standard input; its end is the signal to stop.
            }
        }
        finally
        {
            for (int i = resources.size() - 1; i >= 0; i--)
            {
                resources.get(i).close();
            }
        }
        System.exit(0);
    }

    /**
     * The channel of a UDP role, bound to this host's address and connected to the near side's, before the near side
     * sends: connecting later would discard what was already queued (the JDK flushes on connect).
     */
    private static DatagramChannel udp(final String[] args) throws IOException
    {
        final DatagramChannel channel = UdpSockets.open(args[3], Integer.parseInt(args[4]));
        channel.connect(new InetSocketAddress(args[5], Integer.parseInt(args[6])));
        return channel;
    }

    private static void reflectUdp(
        final RunProfile profile, final DatagramChannel channel, final List<AutoCloseable> resources)
    {
        resources.add(channel);
        final ByteBuffer buffer = ByteBuffer.allocateDirect(65536);
        resources.add(new PollingThread("udp-reflector", IdleStrategies.of(profile.idle()), () ->
        {
            try
            {
                buffer.clear();
                if (channel.read(buffer) <= 0)
                {
                    return 0;
                }
                buffer.flip();
                while (channel.write(buffer) == 0)
                {
                    Thread.yield();
                }
                return 1;
            }
            catch (final IOException ex)
            {
                throw new UncheckedIOException(ex);
            }
        }));
    }

    private static void receiveUdp(final RunProfile profile, final DatagramChannel channel,
        final SequenceCheck check, final List<AutoCloseable> resources)
    {
        resources.add(channel);
        final ByteBuffer buffer = ByteBuffer.allocateDirect(65536);
        resources.add(new PollingThread("udp-receiver", IdleStrategies.of(profile.idle()), () ->
        {
            try
            {
                int work = 0;
                buffer.clear();
                while (work < 64 && channel.read(buffer) > 0)
                {
                    check.onMessage(buffer.getLong(Payload.SEQUENCE_OFFSET));
                    buffer.clear();
                    work++;
                }
                return work;
            }
            catch (final IOException ex)
            {
                throw new UncheckedIOException(ex);
            }
        }));
    }

    private static void reflectAeron(final RunProfile profile, final String pingChannel, final String pongChannel,
        final List<AutoCloseable> resources)
    {
        final AeronMedia media = new AeronMedia(profile, pongChannel, pingChannel, "udp-netns");
        resources.add(media);
        final Subscription pings = media.aeron().addSubscription(media.channel(), AeronPingPong.PING_STREAM);
        // Reassembled, so that a ping longer than a frame (S4's large sizes) goes back whole.
        final FragmentAssembler reflect = new FragmentAssembler(new AeronReflector(
            media.connectedPublication(AeronPingPong.PONG_STREAM), IdleStrategies.of(profile.idle()),
            AeronReflector.NO_DUTY));
        resources.add(new PollingThread("aeron-reflector", IdleStrategies.of(profile.idle()),
            () -> pings.poll(reflect, 64)));
    }

    private static void receiveAeron(
        final RunProfile profile, final String channel, final Path file, final List<AutoCloseable> resources)
    {
        final AeronMedia media = new AeronMedia(profile, channel, channel, "udp-netns");
        resources.add(media);
        final SequenceCheck check = SequenceCheck.mapped(file);
        final Subscription subscription = media.aeron().addSubscription(channel, AeronStream.STREAM);
        final FragmentHandler count =
            (buffer, offset, length, header) -> check.onMessage(buffer.getLong(offset + Payload.SEQUENCE_OFFSET));
        resources.add(new PollingThread("aeron-receiver", IdleStrategies.of(profile.idle()),
            () -> subscription.poll(count, 256)));
    }

    private static void reflectJms(final String[] args, final List<AutoCloseable> resources) throws Exception
    {
        final ConnectionFactory factory = factory(args[3]);
        final Connection connection = factory.createConnection();
        resources.add(connection);
        final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        session.createConsumer(session.createTopic(args[4])).setMessageListener(new JmsReflector(
            JmsMessages.fast(session.createProducer(session.createTopic(args[5]))), session.createBytesMessage(),
            Integer.parseInt(args[6])));
        connection.start();
        if (args.length > 7)
        {
            final TopicLoad.Remote spec = TopicLoad.Remote.parse(args, 7);
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(spec.setupSeconds());
            final TopicLoad load = new TopicLoad(factory, spec.prefix(), spec.topicCount(), spec.rate(),
                LoadCounts.mapped(spec.countsFile()));
            resources.add(load);
            load.subscribe(connection, deadline);
            load.start(deadline);
        }
    }

    private static void receiveJms(final String uri, final String topic, final Path file,
        final List<AutoCloseable> resources) throws JMSException
    {
        final Connection connection = factory(uri).createConnection();
        resources.add(connection);
        final SequenceCheck check = SequenceCheck.mapped(file);
        final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        session.createConsumer(session.createTopic(topic)).setMessageListener(m ->
        {
            try
            {
                final BytesMessage in = (BytesMessage)m;
                in.readLong();
                check.onMessage(in.readLong());
            }
            catch (final JMSException ex)
            {
                throw JmsMessages.fail(ex);
            }
        });
        connection.start();
    }

    private static ConnectionFactory factory(final String uri)
    {
        return uri.startsWith("tcp://") ? new ActiveMQConnectionFactory(uri) : new JmsConnectionFactory(uri);
    }
}
