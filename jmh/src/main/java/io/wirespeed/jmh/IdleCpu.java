package io.wirespeed.jmh;

import java.nio.file.Files;
import java.nio.file.Path;

import javax.jms.Connection;
import javax.jms.Session;
import javax.jms.Topic;

import io.wirespeed.jms.JmsConnectionFactory;

/**
 * Measures what idle connections cost: opens N connections on a URI, each with one listening consumer (so its
 * delivery thread runs) that receives one message, waits for things to settle, then reads the process's CPU time
 * from {@code /proc/self/stat} over a span with no traffic. Linux only. Usage:
 * {@code java --add-opens java.base/jdk.internal.misc=ALL-UNNAMED -cp jmh/target/benchmarks.jar
 * io.wirespeed.jmh.IdleCpu URI CONNECTIONS SECONDS}.
 */
public final class IdleCpu
{
    private static final double CLOCK_TICKS_PER_SECOND = 100.0;

    private IdleCpu()
    {
    }

    /**
     * Runs the measurement and prints one line.
     *
     * @param args the connection URI, the number of connections, the seconds to measure.
     * @throws Exception if a connection fails or /proc cannot be read.
     */
    public static void main(final String[] args) throws Exception
    {
        final String uri = args[0];
        final int count = Integer.parseInt(args[1]);
        final long seconds = Long.parseLong(args[2]);
        final Connection[] connections = new Connection[count];
        for (int i = 0; i < count; i++)
        {
            connections[i] = new JmsConnectionFactory(uri).createConnection();
            final Session session = connections[i].createSession();
            final Topic topic = session.createTopic("idle." + i);
            session.createConsumer(topic).setMessageListener(message -> { });
            connections[i].start();
            session.createProducer(topic).send(session.createTextMessage("wake"));
        }
        Thread.sleep(3_000);
        final long before = cpuTicks();
        final long start = System.nanoTime();
        Thread.sleep(seconds * 1_000);
        final double cpu = (cpuTicks() - before) / CLOCK_TICKS_PER_SECOND;
        final double wall = (System.nanoTime() - start) / 1e9;
        System.out.printf("uri=%s connections=%d wall=%.1fs cpu=%.2fs -> %.2f%% of one core%n",
            uri, count, wall, cpu, 100.0 * cpu / wall);
        for (final Connection connection : connections)
        {
            connection.close();
        }
    }

    private static long cpuTicks() throws Exception
    {
        final String stat = Files.readString(Path.of("/proc/self/stat"));
        final String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }
}
