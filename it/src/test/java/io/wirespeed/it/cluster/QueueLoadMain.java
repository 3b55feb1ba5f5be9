package io.wirespeed.it.cluster;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Queue;
import javax.jms.Session;

/**
 * {@link QueueLoad}'s load in a process of its own, for tests whose clients run in a host of their own (a network
 * namespace): two producers (synchronous PERSISTENT sends; PERSISTENT sends committed in batches of
 * {@value #BATCH}) on one connection, an AUTO_ACKNOWLEDGE and a CLIENT_ACKNOWLEDGE consumer on another, all on one
 * queue. Arguments: the connection URI, the queue's name.
 * <p>
 * It prints {@value #STARTED} once all run, then {@value #CONFIRMED} and the number of sends (and commits' messages)
 * that returned, followed by each producer's ({@code sync=N transacted=N}), every {@value #REPORT_MS} ms. On the line
 * {@value #SETTLE} it makes sure the acknowledgements made so far are in the cluster's log
 * ({@link QueueLoad#settleAcknowledgements}: from then on a problem if one of their messages comes again) and prints
 * {@value #SETTLED}, the how-manieth settle it is and how many acknowledgements it settled. On the line {@value #STOP}
 * (or the end of its input) it stops the producers, waits up to {@link #DRAIN} until every confirmed message was
 * consumed, prints {@value #RESULT} followed by {@code missing=N cameAgain=N problems=[...] failure=...} and exits
 * with 0.
 */
public final class QueueLoadMain
{
    /** Printed once producers and consumers run. */
    static final String STARTED = "STARTED";
    /** Starts the line of how many sends were confirmed so far. */
    static final String CONFIRMED = "CONFIRMED ";
    /** The input line that settles the acknowledgements made so far. */
    static final String SETTLE = "settle";
    /** Starts the line that answers {@value #SETTLE}: {@code SETTLED <nth> <acknowledgements>}, or its failure. */
    static final String SETTLED = "SETTLED ";
    /** The input line that ends the load. */
    static final String STOP = "stop";
    /** Starts the line of the outcome. */
    static final String RESULT = "RESULT ";
    /** Messages per commit of the transacted producer. */
    static final int BATCH = 10;
    /** How often the confirmed count is printed. */
    static final int REPORT_MS = 100;
    /** How long the consumers may take to consume what was confirmed, once the producers stopped. */
    static final Duration DRAIN = Duration.ofSeconds(90);

    private QueueLoadMain()
    {
    }

    /**
     * Runs the load until told to stop.
     *
     * @param args the connection URI and the queue's name.
     * @throws Exception if the connections, sessions, consumers or producers cannot be made.
     */
    public static void main(final String[] args) throws Exception
    {
        final QueueLoad load = new QueueLoad();
        try (Connection producing = load.connect(args[0]);
            Connection consuming = load.connect(args[0]))
        {
            final List<Thread> producers = load.startSyncAndTransacted(producing, consuming, args[1], BATCH);
            System.out.println(STARTED);
            final Thread reporter = new Thread(() ->
            {
                while (!Thread.currentThread().isInterrupted())
                {
                    final StringBuilder line = new StringBuilder(CONFIRMED).append(load.confirmedTotal());
                    load.confirmed().forEach((producer, count) -> line.append(' ').append(producer).append('=')
                        .append(count));
                    System.out.println(line);
                    try
                    {
                        Thread.sleep(REPORT_MS);
                    }
                    catch (final InterruptedException ex)
                    {
                        return;
                    }
                }
            }, "reporter");
            reporter.setDaemon(true);
            reporter.start();
            final BufferedReader input = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            Session settling = null;
            Queue settled = null;
            int settles = 0;
            String line;
            while (null != (line = input.readLine()) && !STOP.equals(line.trim()))
            {
                if (SETTLE.equals(line.trim()))
                {
                    settles++;
                    try
                    {
                        if (null == settling)
                        {
                            settling = consuming.createSession(false, Session.AUTO_ACKNOWLEDGE);
                            settled = settling.createQueue(args[1] + ".settled");
                        }
                        System.out.println(SETTLED + settles + " " + load.settleAcknowledgements(settling, settled));
                    }
                    catch (final JMSException ex)
                    {
                        ex.printStackTrace(System.out);
                        System.out.println(SETTLED + settles + " failed: " + ex);
                    }
                }
            }
            load.stopAndJoin(producers, DRAIN);
            reporter.interrupt();
            final Map<String, Integer> confirmed = load.confirmed();
            final long deadline = System.nanoTime() + DRAIN.toNanos();
            while (missing(load, confirmed) > 0 && null == load.failure() && System.nanoTime() < deadline)
            {
                TimeUnit.MILLISECONDS.sleep(10);
            }
            final StringBuilder missing = new StringBuilder();
            confirmed.forEach((producer, upTo) ->
            {
                final List<Integer> seqs = load.missing(producer, upTo);
                missing.append(' ').append(producer).append(':').append(seqs.size())
                    .append(seqs.size() > 20 ? seqs.subList(0, 20) + "..." : seqs);
            });
            if (null != load.failure())
            {
                load.failure().printStackTrace(System.out);
            }
            System.out.println(RESULT + "confirmed=" + confirmed + " missing=" + missing(load, confirmed) +
                " cameAgain=" + load.cameAgain() + " problems=" + load.problems() + " failure=" + load.failure() +
                " missingByProducer=" + missing.toString().trim());
        }
        System.exit(0);
    }

    private static int missing(final QueueLoad load, final Map<String, Integer> confirmed)
    {
        return confirmed.entrySet().stream().mapToInt((e) -> load.missing(e.getKey(), e.getValue()).size()).sum();
    }
}
