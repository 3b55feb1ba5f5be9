package io.wirespeed.bench.peer;

import java.nio.file.Path;
import java.util.List;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.ConnectionFactory;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.Topic;

import io.wirespeed.bench.rig.IntendedSchedule;

/**
 * The load of S3: a connection of its own publishes round-robin over N topics at a steady aggregate rate from its own
 * thread, and other connections hold a listener consumer on every one of those topics, counting what arrives. The
 * sender never bursts to catch up: when it falls more than {@link #MAX_BACKLOG_SECONDS} behind its schedule it drops
 * the sends it missed, so that the achieved rate shows a load it could not keep. Runs until closed. Between hosts
 * each host has a load of its own for its connection, the far host's in the far side's JVM ({@link Remote}).
 */
public final class TopicLoad implements AutoCloseable
{
    /** How far behind its schedule the sender may fall before it skips the sends it missed. */
    public static final double MAX_BACKLOG_SECONDS = 0.01;

    private static final int SIZE = 45;

    private final Connection connection;
    private final Session sendSession;
    private final Topic[] topics;
    private final double rate;
    private final LoadCounts counts;
    private Thread thread;
    private volatile boolean running = true;

    /**
     * The publishing side, not yet sending, counting in this process.
     *
     * @param factory    the provider's connection factory.
     * @param prefix     the topic names' prefix.
     * @param topicCount how many topics.
     * @param rate       messages per second over all topics.
     * @throws Exception if the provider refuses.
     */
    public TopicLoad(final ConnectionFactory factory, final String prefix, final int topicCount, final double rate)
        throws Exception
    {
        this(factory, prefix, topicCount, rate, LoadCounts.inMemory());
    }

    /**
     * The publishing side, not yet sending.
     *
     * @param factory    the provider's connection factory.
     * @param prefix     the topic names' prefix.
     * @param topicCount how many topics.
     * @param rate       messages per second over all topics.
     * @param counts     where it counts what it sends and what its listeners receive.
     * @throws Exception if the provider refuses.
     */
    public TopicLoad(final ConnectionFactory factory, final String prefix, final int topicCount, final double rate,
        final LoadCounts counts) throws Exception
    {
        this.rate = rate;
        this.counts = counts;
        connection = factory.createConnection();
        sendSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        topics = new Topic[topicCount];
        for (int i = 0; i < topicCount; i++)
        {
            topics[i] = sendSession.createTopic(String.format("%s.%05d", prefix, i));
        }
    }

    /**
     * Gives a connection a listener consumer on every load topic, in one session of their own.
     *
     * @param consumers     the connection.
     * @param deadlineNanos the {@link System#nanoTime()} by which set-up must be done.
     * @throws Exception if the provider refuses, or {@link SetupTooSlow} when past the deadline.
     */
    public void subscribe(final Connection consumers, final long deadlineNanos) throws Exception
    {
        final Session session = consumers.createSession(false, Session.AUTO_ACKNOWLEDGE);
        for (int i = 0; i < topics.length; i++)
        {
            SetupTooSlow.check(deadlineNanos, "listener consumers", i, topics.length);
            session.createConsumer(topics[i]).setMessageListener(m -> counts.onDelivered());
        }
    }

    /**
     * Sends one message to every topic (so that every publication exists before the clock runs), then starts sending
     * at the rate from a thread of its own.
     *
     * @param deadlineNanos the {@link System#nanoTime()} by which the first round must be sent.
     * @throws Exception if the provider refuses, or {@link SetupTooSlow} when past the deadline.
     */
    public void start(final long deadlineNanos) throws Exception
    {
        final MessageProducer producer = JmsMessages.fast(sendSession.createProducer(null));
        final BytesMessage message = sendSession.createBytesMessage();
        final byte[] padding = new byte[SIZE - 16];
        connection.start();
        for (int i = 0; i < topics.length; i++)
        {
            SetupTooSlow.check(deadlineNanos, "first sends", i, topics.length);
            JmsMessages.write(message, 0, -1, padding);
            producer.send(topics[i], message);
        }
        thread = new Thread(() -> sendAtRate(producer, message, padding), "topic-load");
        thread.setDaemon(true);
        thread.start();
    }

    private void sendAtRate(final MessageProducer producer, final BytesMessage message, final byte[] padding)
    {
        try
        {
            final IntendedSchedule schedule = new IntendedSchedule(System.nanoTime(), rate);
            final long maxBacklog = Math.max(1, (long)(rate * MAX_BACKLOG_SECONDS));
            long next = 0;
            while (running)
            {
                final long due = schedule.dueBy(System.nanoTime());
                if (next >= due)
                {
                    Thread.yield();
                    continue;
                }
                if (due - next > maxBacklog)
                {
                    next = due - 1;
                }
                JmsMessages.write(message, 0, next, padding);
                producer.send(topics[(int)(next % topics.length)], message);
                next++;
                counts.onSent();
            }
        }
        catch (final Exception ex)
        {
            if (running)
            {
                ex.printStackTrace();
            }
        }
    }

    /**
     * What it sent and what its listeners received, over every subscribed connection.
     *
     * @return the counts.
     */
    public LoadCounts counts()
    {
        return counts;
    }

    @Override
    public void close() throws Exception
    {
        running = false;
        if (null != thread)
        {
            thread.join(5_000);
        }
        connection.close();
    }

    /** Set-up of the load took longer than the scenario allows it. */
    public static final class SetupTooSlow extends IllegalStateException
    {
        private static final long serialVersionUID = 1L;

        SetupTooSlow(final String message)
        {
            super(message);
        }

        static void check(final long deadlineNanos, final String what, final int done, final int total)
        {
            if (System.nanoTime() > deadlineNanos)
            {
                throw new SetupTooSlow("set-up too slow: " + done + " of " + total + " " + what + " done when the " +
                    "scenario's set-up time was up");
            }
        }
    }

    /**
     * A load that the far side of a pair spanning hosts runs for its own connection ({@link FarSideMain}), counting
     * into a file the step's JVM maps.
     *
     * @param prefix        the topic names' prefix, which no route of the pair's URI matches (so that the load stays
     *                      on the far host's default channel).
     * @param topicCount    how many topics.
     * @param rate          messages per second over all topics.
     * @param countsFile    the file of its {@link LoadCounts}.
     * @param setupSeconds  the most its set-up (consumers, first round) may take.
     */
    public record Remote(String prefix, int topicCount, double rate, Path countsFile, long setupSeconds)
    {
        /**
         * The far side's arguments that describe it.
         *
         * @return the arguments {@link #parse} reads.
         */
        public List<String> args()
        {
            return List.of(prefix, Integer.toString(topicCount), Double.toString(rate), countsFile.toString(),
                Long.toString(setupSeconds));
        }

        /**
         * Reads the arguments {@link #args()} wrote.
         *
         * @param args an argument list.
         * @param from where the load's arguments start.
         * @return the load.
         */
        public static Remote parse(final String[] args, final int from)
        {
            return new Remote(args[from], Integer.parseInt(args[from + 1]), Double.parseDouble(args[from + 2]),
                Path.of(args[from + 3]), Long.parseLong(args[from + 4]));
        }
    }
}
