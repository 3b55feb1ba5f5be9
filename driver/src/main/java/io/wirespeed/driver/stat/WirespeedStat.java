package io.wirespeed.driver.stat;

import java.io.File;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;

import io.aeron.cluster.service.ClusterMarkFile;
import io.wirespeed.transport.aeron.AeronChannels;
import io.wirespeed.transport.aeron.AeronTransportConfiguration;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code wirespeed-stat}: attaches to a running media driver's directory and prints, every second, its streams'
 * positions and lag, Wirespeed's per-destination counts, bytes and rates and per-connection back-pressure and
 * failures (of every JVM using the driver), the driver's NAK, retransmit, loss and error counters, and its error log.
 * <pre>
 * wirespeed-stat [directory] [--json] [--once] [--interval=ms]
 * wirespeed-stat [directory] --topics[=channel] [--json] [--listen=ms] [--resolution-stream=id]
 * </pre>
 * The directory defaults to {@code -Daeron.dir}, else {@code -Dwirespeed.driver.dir}, else the external driver's
 * default. {@code --json} prints one JSON object per refresh; {@code --once} prints one and exits.
 * {@code --topics} instead listens to a channel's topic-resolution stream ({@code aeron:ipc} unless named) for
 * {@code --listen} ms (2500: longer than the default re-advertising interval) and prints the live topics that
 * publishers advertised there, each with its partition stream. {@code --help} lists the options; a mistyped one
 * ends with exit status 2 and the options it may have meant.
 * <p>
 * Given a cluster member's directory ({@code wirespeed.cluster.dir}, its {@code cluster/}, or the member's own driver
 * directory beside it), it attaches to the member's own media driver and shows, besides, the member's role, the
 * leader's id, the commit position, the election's state and count ({@link ClusterMemberStat}).
 */
public final class WirespeedStat
{
    private WirespeedStat()
    {
    }

    /**
     * Runs until interrupted, or once with {@code --once}.
     *
     * @param args {@code [directory] [--json] [--once] [--interval=ms]}, or {@code --topics}, see above.
     * @throws InterruptedException if interrupted while waiting for the next refresh.
     */
    public static void main(final String[] args) throws InterruptedException
    {
        final int status = run(args, System.out, System.err);
        if (status != 0)
        {
            System.exit(status);
        }
    }

    /**
     * Runs the command with its output on given streams.
     *
     * @param args the command's arguments.
     * @param out  where samples (and {@code --help}) go.
     * @param err  where usage errors and failures go.
     * @return the exit status: 0; 1 for no driver; 2 for bad usage (with the usage and, for a mistyped option, the
     *         options it may have meant).
     * @throws InterruptedException if interrupted while waiting for the next refresh.
     */
    public static int run(final String[] args, final PrintStream out, final PrintStream err)
        throws InterruptedException
    {
        final Options options = new Options(out, err);
        final CommandLine command = new CommandLine(options)
            .setOut(new PrintWriter(out, true))
            .setErr(new PrintWriter(err, true));
        final int status = command.execute(args);
        if (options.interrupted)
        {
            throw new InterruptedException("wirespeed-stat interrupted");
        }
        return status;
    }

    /** The command line of {@code wirespeed-stat}, parsed by picocli. */
    private static final String DESCRIPTION = "Attaches to a running media driver's directory and prints, every " +
        "interval, its streams' positions and lag, Wirespeed's per-destination and per-connection counters, the " +
        "driver's counters and its error log; with --topics, the live topics advertised on a channel instead.";
    private static final String FOOTER = "The directory defaults to -Daeron.dir, else -Dwirespeed.driver.dir, else " +
        "the external driver's default. A cluster member's directory (wirespeed.cluster.dir) shows the member's " +
        "own driver and, first, its role, the leader's id, the commit position and its elections. Exit status: 0, " +
        "1 when no driver runs there, 2 for bad usage.";

    /** The command line of {@code wirespeed-stat}, parsed by picocli. */
    @Command(name = "wirespeed-stat", mixinStandardHelpOptions = true, version = "wirespeed-stat",
        description = DESCRIPTION, footer = FOOTER)
    static final class Options implements Callable<Integer>
    {
        @Parameters(arity = "0..1", paramLabel = "directory",
            description = "the media driver's directory, or a cluster member's")
        String directory;

        @Option(names = "--json", description = "one JSON object per refresh, on one line")
        boolean json;

        @Option(names = "--once", description = "print one sample and exit")
        boolean once;

        @Option(names = "--interval", paramLabel = "ms", description = "milliseconds between samples (1000)")
        long intervalMs = 1000;

        @Option(names = "--topics", arity = "0..1", paramLabel = "channel", fallbackValue = AeronChannels.IPC,
            description = "list the live topics advertised on a channel's topic-resolution stream (aeron:ipc)")
        String topicsChannel;

        @Option(names = "--listen", paramLabel = "ms",
            description = "with --topics: how long to listen (2500: longer than the re-advertising interval)")
        long listenMs = LiveTopics.DEFAULT_LISTEN_MS;

        @Option(names = "--resolution-stream", paramLabel = "id",
            description = "with --topics: the topic-resolution stream id")
        int resolutionStream = LiveTopics.DEFAULT_STREAM_ID;

        private final PrintStream out;
        private final PrintStream err;
        private boolean interrupted;

        Options(final PrintStream out, final PrintStream err)
        {
            this.out = out;
            this.err = err;
        }

        @Override
        public Integer call()
        {
            if (null != topicsChannel && null == directory && !AeronChannels.isAeron(topicsChannel))
            {
                // "--topics DIR": the word after --topics is the directory, as before; a channel is given as
                // --topics=aeron:...
                directory = topicsChannel;
                topicsChannel = AeronChannels.IPC;
            }
            final String dir = null != directory ? directory : System.getProperty("aeron.dir",
                System.getProperty(AeronTransportConfiguration.DIR_PROP,
                AeronTransportConfiguration.defaultDirectory(false)));
            if (null != topicsChannel)
            {
                return topics(dir, topicsChannel, resolutionStream, listenMs, json, out, err);
            }
            try
            {
                return samples(dir, json, once, intervalMs, out, err);
            }
            catch (final InterruptedException ex)
            {
                interrupted = true;
                Thread.currentThread().interrupt();
                return 1;
            }
        }
    }

    private static int samples(
        final String directory, final boolean json, final boolean once, final long intervalMs, final PrintStream out,
        final PrintStream err) throws InterruptedException
    {
        final File clusterDir = ClusterMemberStat.clusterDir(directory);
        try (ClusterMarkFile markFile = null == clusterDir ? null : ClusterMemberStat.openMarkFile(clusterDir);
            DriverFiles files = DriverFiles.attach(
                null == markFile ? directory : ClusterMemberStat.driverDirectory(markFile)))
        {
            StatSample earlier = null;
            while (true)
            {
                final StatSample sample = StatSample.take(files);
                if (null != markFile)
                {
                    sample.cluster = ClusterMemberStat.read(markFile, files.counters());
                }
                out.println(json ? StatJson.render(directory, sample, earlier) :
                    StatText.render(directory, sample, earlier));
                out.flush();
                if (once)
                {
                    return 0;
                }
                earlier = sample;
                Thread.sleep(intervalMs);
            }
        }
        catch (final IllegalStateException ex)
        {
            err.println("wirespeed-stat: " + ex.getMessage());
            return 1;
        }
    }

    private static int topics(final String directory, final String channel, final int streamId, final long listenMs,
        final boolean json, final PrintStream out, final PrintStream err)
    {
        try (DriverFiles ignored = DriverFiles.attach(directory))
        {
            final Map<String, LiveTopics.Topic> topics = LiveTopics.listen(directory, channel, streamId, listenMs);
            out.println(json ? LiveTopics.json(channel, topics) : LiveTopics.text(channel, topics));
            out.flush();
            return 0;
        }
        catch (final IllegalStateException ex)
        {
            err.println("wirespeed-stat: " + ex.getMessage());
            return 1;
        }
    }
}
