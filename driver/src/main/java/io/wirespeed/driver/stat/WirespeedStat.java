package io.wirespeed.driver.stat;

import java.io.PrintStream;

import io.wirespeed.transport.aeron.AeronTransportConfiguration;

/**
 * {@code wirespeed-stat}: attaches to a running media driver's directory and prints, every second, its streams'
 * positions and lag, Wirespeed's per-destination counts, bytes and rates and per-connection back-pressure and
 * failures (of every JVM using the driver), the driver's NAK, retransmit, loss and error counters, and its error log.
 * <pre>
 * wirespeed-stat [directory] [--json] [--once] [--interval=ms]
 * </pre>
 * The directory defaults to {@code -Daeron.dir}, else {@code -Dwirespeed.driver.dir}, else the external driver's
 * default. {@code --json} prints one JSON object per refresh; {@code --once} prints one and exits.
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
            else if (arg.startsWith("-") || directory != null)
            {
                err.println("usage: wirespeed-stat [directory] [--json] [--once] [--interval=ms]");
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
}
