package io.wirespeed.bench.scenario;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.Topic;

import io.wirespeed.bench.peer.JmsMessages;
import io.wirespeed.bench.peer.JmsTarget;
import io.wirespeed.bench.rig.IntendedSchedule;

/**
 * The second pair of S3: its own connection publishes round-robin over N topics at a steady
 * aggregate rate from its own thread, and a listener per topic on the same connection counts
 * what arrives. Runs until closed.
 */
final class TopicLoad implements AutoCloseable
{
    private final Connection connection;
    private final Thread thread;
    private volatile boolean running = true;
    private volatile long delivered;
    private volatile long sent;

    TopicLoad(final JmsTarget target, final String prefix, final int topicCount, final double rate) throws Exception
    {
        connection = target.factory().createConnection();
        final Session receiveSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Session sendSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Topic[] topics = new Topic[topicCount];
        for (int i = 0; i < topicCount; i++)
        {
            topics[i] = sendSession.createTopic(String.format("%s.%04d", prefix, i));
            receiveSession.createConsumer(topics[i]).setMessageListener(m -> delivered = delivered + 1);
        }
        final MessageProducer producer = JmsMessages.fast(sendSession.createProducer(null));
        final BytesMessage message = sendSession.createBytesMessage();
        final byte[] padding = new byte[45 - 16];
        connection.start();
        for (int i = 0; i < topicCount; i++)
        {
            JmsMessages.write(message, 0, -1, padding);
            producer.send(topics[i], message);
        }
        thread = new Thread(() ->
        {
            try
            {
                final IntendedSchedule schedule = new IntendedSchedule(System.nanoTime(), rate);
                long i = 0;
                while (running)
                {
                    if (System.nanoTime() < schedule.intendedNanos(i))
                    {
                        Thread.yield();
                        continue;
                    }
                    JmsMessages.write(message, 0, i, padding);
                    producer.send(topics[(int)(i % topicCount)], message);
                    i++;
                    sent = i;
                }
            }
            catch (final Exception ex)
            {
                ex.printStackTrace();
            }
        }, "topic-load");
        thread.setDaemon(true);
        thread.start();
    }

    long delivered()
    {
        return delivered;
    }

    long sent()
    {
        return sent;
    }

    @Override
    public void close() throws Exception
    {
        running = false;
        thread.join(5_000);
        connection.close();
    }
}
