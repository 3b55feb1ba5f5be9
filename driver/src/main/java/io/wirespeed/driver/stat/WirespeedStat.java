package io.wirespeed.driver.stat;

import java.io.PrintStream;
import java.util.Map;

import io.wirespeed.transport.aeron.AeronTransportConfiguration;

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
 * publishers advertised there, each with its partition stream.
 */
public final class WirespeedStat
{
    private WirespeedStat()
    {
    }

    /**
     * Runs until interrupted, or once with {@code --once}.
     *
     * @param args {@code [directory] [--json] [--once] [--interval=ms]}.
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
     * @param out  where samples go.
     * @param err  where usage and failures go.
     * @return the exit status: 0, or 1 for bad arguments or no driver.
     * @throws InterruptedException if interrupted while waiting for the next refresh.
     */
    public static int run(final String[] args, final PrintStream out, final PrintStream err)
        throws InterruptedException
    {
        String directory = null;
        boolean json = false;
        boolean once = false;
        long intervalMs = 1000;
        String topicsChannel = null;
        long listenMs = LiveTopics.DEFAULT_LISTEN_MS;
        int resolutionStream = LiveTopics.DEFAULT_STREAM_ID;
        for (final String arg : args)
        {
            if ("--json".equals(arg))
            {
                json = true;
            }
            else if ("--once".equals(arg))
            {
                once = true;
            }
            else if (arg.startsWith("--interval="))
            {
                intervalMs = Long.parseLong(arg.substring("--interval=".length()));
            }
            else if ("--topics".equals(arg) || arg.startsWith("--topics="))
            {
                topicsChannel = arg.length() > "--topics=".length() ? arg.substring("--topics=".length()) :
                    "aeron:ipc";
            }
            else if (arg.startsWith("--listen="))
            {
                listenMs = Long.parseLong(arg.substring("--listen=".length()));
            }
            else if (arg.startsWith("--resolution-stream="))
            {
                resolutionStream = Integer.parseInt(arg.substring("--resolution-stream=".length()));
            }
            else if (arg.startsWith("-") || directory != null)
            {
                err.println("usage: wirespeed-stat [directory] [--json] [--once] [--interval=ms] | " +
                    "[directory] --topics[=channel] [--json] [--listen=ms] [--resolution-stream=id]");
                return 1;
            }
            else
            {
                directory = arg;
            }
        }
        if (directory == null)
        {
            directory = System.getProperty("aeron.dir", System.getProperty(AeronTransportConfiguration.DIR_PROP,
                AeronTransportConfiguration.defaultDirectory(false)));
        }
        if (null != topicsChannel)
        {
            return topics(directory, topicsChannel, resolutionStream, listenMs, json, out, err);
        }
        try (DriverFiles files = DriverFiles.attach(directory))
        {
            StatSample earlier = null;
            while (true)
            {
                final StatSample sample = StatSample.take(files);
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
