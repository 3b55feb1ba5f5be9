package io.wirespeed.driver.stat;

import java.util.Map;

import io.wirespeed.transport.aeron.StreamPositionSample;

/**
 * A sample as text for a terminal, as {@code AeronStat} prints: for a cluster member's directory a line of its role,
 * leader, commit position and elections; streams with positions and lag, the archive's
 * recordings with their lag, the recorded streams (and whether recording them is stopped for want of disk space),
 * destinations with
 * counts, bytes and rates, connections' back-pressure and failures, the driver's network counters and its errors
 * (the first line of each).
 */
final class StatText
{
    private StatText()
    {
    }

    /**
     * @param directory the driver's directory.
     * @param sample    this sample.
     * @param earlier   the sample before, for rates, or null.
     * @return the text, several lines.
     */
    static String render(final String directory, final StatSample sample, final StatSample earlier)
    {
        final StringBuilder out = new StringBuilder(2048);
        out.append(String.format("wirespeed-stat %s  heartbeat %d ms ago  %tT%n", directory, sample.heartbeatAgeMs,
            sample.timeMs));
        if (null != sample.cluster)
        {
            out.append(String.format("%n%s%n", sample.cluster.text()));
        }
        out.append(String.format("%nSTREAMS%n%-48s %10s %11s %16s %16s %12s %s%n", "channel", "stream", "session",
            "publisher", "received", "lag", "subscribers"));
        for (final StreamPositionSample.Stream stream : sample.positions.streams())
        {
            out.append(String.format("%-48s %10d %11d %16d %16d %12d %s%n", stream.channel(), stream.streamId(),
                stream.sessionId(), stream.publisherPosition(), stream.receiverPosition(), stream.lag(),
                stream.subscriberPositions()));
        }
        out.append(String.format("%nRECORDINGS%n%10s %11s %16s %12s%n", "counter", "session", "recorded", "lag"));
        for (final StreamPositionSample.Recording recording : sample.positions.recordings())
        {
            out.append(String.format("%10d %11d %16d %12d%n", recording.counterId(), recording.sessionId(),
                recording.position(), recording.lag()));
        }
        out.append(String.format("%nRECORDED STREAMS%n%-48s %10s %s%n", "channel", "stream", "state"));
        for (final StreamPositionSample.RecordedStream recorded : sample.positions.recordedStreams())
        {
            out.append(String.format("%-48s %10d %s%n", recorded.channel(), recorded.streamId(), recorded.stopped() ?
                "STOPPED: the archive's disk is nearly full (wirespeed.archive.min.free); PERSISTENT sends fail" :
                "recording"));
        }
        out.append(String.format("%nDESTINATIONS%n%-40s %12s %10s %14s %12s %10s %14s %s%n", "name", "sent", "sent/s",
            "bytes sent/s", "received", "recv/s", "bytes recv/s", "other"));
        for (final Map.Entry<String, Map<String, Long>> destination : sample.destinations.entrySet())
        {
            final String name = destination.getKey();
            final Map<String, Long> figures = destination.getValue();
            final StringBuilder others = new StringBuilder();
            figures.forEach((figure, value) ->
            {
                if (!figure.startsWith("messages.") && !figure.startsWith("bytes."))
                {
                    others.append(figure).append('=').append(value).append(' ');
                }
            });
            out.append(String.format("%-40s %12d %10d %14d %12d %10d %14d %s%n", name,
                figures.getOrDefault("messages.sent", 0L), sample.perSecond(earlier, name, "messages.sent"),
                sample.perSecond(earlier, name, "bytes.sent"), figures.getOrDefault("messages.received", 0L),
                sample.perSecond(earlier, name, "messages.received"), sample.perSecond(earlier, name, "bytes.received"),
                others));
        }
        out.append(String.format("%nCONNECTIONS%n"));
        sample.connections.forEach((name, figures) -> out.append(String.format("%-40s %s%n", name, figures)));
        out.append(String.format("%nDRIVER%n"));
        sample.driver.forEach((name, value) -> out.append(String.format("%-24s %d%n", name, value)));
        out.append(String.format("%nERRORS (%d distinct)%n", sample.errors.size()));
        for (final StatSample.DriverError error : sample.errors)
        {
            final String text = error.text();
            final int end = text.indexOf('\n');
            out.append(String.format("%6d x, last %tT: %s%n", error.count(), error.lastMs(),
                end < 0 ? text : text.substring(0, end)));
        }
        return out.toString();
    }
}
