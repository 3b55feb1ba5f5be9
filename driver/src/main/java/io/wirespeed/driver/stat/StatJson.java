package io.wirespeed.driver.stat;

import java.util.Map;

import io.wirespeed.transport.aeron.StreamPositionSample;

/**
 * A sample as one line of JSON, for scripts: {@code directory}, {@code timeMs}, {@code heartbeatAgeMs}, for a cluster
 * member's directory {@code clusterMemberId}, {@code clusterRole}, {@code leaderMemberId}, {@code commitPosition},
 * {@code electionState}, {@code electionCount}, {@code leadershipTermId} and {@code snapshotCount},
 * {@code streams} (channel, streamId, sessionId, publisherPosition, receiverPosition, subscriberPositions, lag),
 * {@code recordings} (counterId, sessionId, position, lag), {@code recordedStreams} (channel, streamId, stopped:
 * true while recording it is stopped for want of disk space),
 * {@code destinations} (name, each figure, and {@code <figure>.perSecond} for counts), {@code connections},
 * {@code driver} (network counters) and {@code errors} (count, firstMs, lastMs, text).
 */
final class StatJson
{
    private StatJson()
    {
    }

    /**
     * @param directory the driver's directory.
     * @param sample    this sample.
     * @param earlier   the sample before, for rates, or null.
     * @return one JSON object on one line.
     */
    static String render(final String directory, final StatSample sample, final StatSample earlier)
    {
        final StringBuilder out = new StringBuilder(1024);
        out.append("{\"directory\":").append(quote(directory))
            .append(",\"timeMs\":").append(sample.timeMs)
            .append(",\"heartbeatAgeMs\":").append(sample.heartbeatAgeMs);
        if (null != sample.cluster)
        {
            out.append(',').append(sample.cluster.jsonMembers());
        }
        out.append(",\"streams\":[");
        String separator = "";
        for (final StreamPositionSample.Stream stream : sample.positions.streams())
        {
            out.append(separator).append("{\"channel\":").append(quote(stream.channel()))
                .append(",\"streamId\":").append(stream.streamId())
                .append(",\"sessionId\":").append(stream.sessionId())
                .append(",\"publisherPosition\":").append(stream.publisherPosition())
                .append(",\"receiverPosition\":").append(stream.receiverPosition())
                .append(",\"subscriberPositions\":")
                .append(stream.subscriberPositions().toString().replace(" ", ""))
                .append(",\"lag\":").append(stream.lag()).append('}');
            separator = ",";
        }
        out.append("],\"recordings\":[");
        separator = "";
        for (final StreamPositionSample.Recording recording : sample.positions.recordings())
        {
            out.append(separator).append("{\"counterId\":").append(recording.counterId())
                .append(",\"sessionId\":").append(recording.sessionId())
                .append(",\"position\":").append(recording.position())
                .append(",\"lag\":").append(recording.lag()).append('}');
            separator = ",";
        }
        out.append("],\"recordedStreams\":[");
        separator = "";
        for (final StreamPositionSample.RecordedStream recorded : sample.positions.recordedStreams())
        {
            out.append(separator).append("{\"channel\":").append(quote(recorded.channel()))
                .append(",\"streamId\":").append(recorded.streamId())
                .append(",\"stopped\":").append(recorded.stopped()).append('}');
            separator = ",";
        }
        out.append("],\"destinations\":[");
        separator = "";
        for (final Map.Entry<String, Map<String, Long>> destination : sample.destinations.entrySet())
        {
            out.append(separator).append("{\"name\":").append(quote(destination.getKey()));
            for (final Map.Entry<String, Long> figure : destination.getValue().entrySet())
            {
                out.append(',').append(quote(figure.getKey())).append(':').append(figure.getValue());
                if (figure.getKey().startsWith("messages.") || figure.getKey().startsWith("bytes."))
                {
                    out.append(',').append(quote(figure.getKey() + ".perSecond")).append(':')
                        .append(sample.perSecond(earlier, destination.getKey(), figure.getKey()));
                }
            }
            out.append('}');
            separator = ",";
        }
        out.append("],\"connections\":[");
        separator = "";
        for (final Map.Entry<String, Map<String, Long>> connection : sample.connections.entrySet())
        {
            out.append(separator).append("{\"name\":").append(quote(connection.getKey()));
            connection.getValue().forEach((name, value) ->
                out.append(',').append(quote(name)).append(':').append(value));
            out.append('}');
            separator = ",";
        }
        out.append("],\"driver\":{");
        separator = "";
        for (final Map.Entry<String, Long> counter : sample.driver.entrySet())
        {
            out.append(separator).append(quote(counter.getKey())).append(':').append(counter.getValue());
            separator = ",";
        }
        out.append("},\"errors\":[");
        separator = "";
        for (final StatSample.DriverError error : sample.errors)
        {
            out.append(separator).append("{\"count\":").append(error.count()).append(",\"firstMs\":")
                .append(error.firstMs()).append(",\"lastMs\":").append(error.lastMs()).append(",\"text\":")
                .append(quote(error.text())).append('}');
            separator = ",";
        }
        return out.append("]}").toString();
    }

    static String quote(final String text)
    {
        final StringBuilder out = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++)
        {
            final char c = text.charAt(i);
            if (c == '"' || c == '\\')
            {
                out.append('\\').append(c);
            }
            else if (c < 0x20)
            {
                out.append(String.format("\\u%04x", (int)c));
            }
            else
            {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }
}
