package io.wirespeed.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.wirespeed.bench.json.Json;

/**
 * Turns a suite's results into {@code report.md} (charts as SVG files under {@code charts/}) and
 * {@code report.html} (charts inline); can also be run on a saved {@code results.json}.
 */
public final class ReportWriter
{
    private ReportWriter()
    {
    }

    /**
     * Rewrites the reports of a saved run.
     *
     * @param args the results.json file, and optionally the output directory (default: its directory).
     * @throws IOException if a file cannot be read or written.
     */
    @SuppressWarnings("unchecked")
    public static void main(final String[] args) throws IOException
    {
        final Path json = Path.of(args[0]);
        final Path directory = args.length > 1 ? Path.of(args[1]) : json.toAbsolutePath().getParent();
        write((Map<String, Object>)Json.parse(Files.readString(json)), directory);
    }

    /**
     * Writes the reports.
     *
     * @param results   the suite's results.
     * @param directory where report.md, report.html and charts/ go.
     * @throws IOException if a file cannot be written.
     */
    public static void write(final Map<String, Object> results, final Path directory) throws IOException
    {
        final Document document = build(results);
        final Path charts = Files.createDirectories(directory.resolve("charts"));
        final Map<String, String> chartFiles = new LinkedHashMap<>();
        for (final Document.Block block : document.blocks())
        {
            if (block instanceof Document.Chart chart)
            {
                Files.writeString(charts.resolve(chart.name() + ".svg"), chart.chart().render());
                chartFiles.put(chart.name(), "charts/" + chart.name() + ".svg");
            }
        }
        Files.writeString(directory.resolve("report.md"), MarkdownRenderer.render(document, chartFiles));
        Files.writeString(directory.resolve("report.html"), HtmlRenderer.render(document, "Wirespeed benchmarks"));
    }

    /**
     * The report of a run as a document.
     *
     * @param results the suite's results.
     * @return the document.
     */
    @SuppressWarnings("unchecked")
    public static Document build(final Map<String, Object> results)
    {
        final Document doc = new Document();
        final Map<String, Object> machine = (Map<String, Object>)results.getOrDefault("machine", Map.of());
        final Map<String, Object> profile = (Map<String, Object>)results.getOrDefault("profile", Map.of());
        final List<Map<String, Object>> points = (List<Map<String, Object>>)results.getOrDefault("points", List.of());
        doc.heading(1, "Wirespeed benchmark report — " + machine.get("cores") + " cores, " + machine.get("cpuModel"));
        doc.paragraph(String.format("Commit: %s%s. Machine: %s, %s cores (%s), %s GiB, %s, load average (1, 5, " +
            "15 min) %s at the start, %s at the end. JVM: %s. " +
            "Run: %s mode, idle=%s, threading=%s, warm-up %s s and %s s measured per point, child JVM options `%s`. " +
            "Started %s, took %s s. Command: `%s`.",
            results.getOrDefault("commit", "unknown"), treeState(results.getOrDefault("dirty", "unknown")),
            machine.get("host"), machine.get("cores"), machine.get("cpuModel"), machine.get("memoryGiB"),
            machine.get("os"), machine.getOrDefault("loadAverage", "unknown"),
            machine.getOrDefault("loadAverageAtEnd", "unknown"), machine.get("jvm"), profile.get("mode"),
            profile.get("idle"), profile.get("threading"), profile.get("warmupSeconds"), profile.get("measureSeconds"),
            results.get("childJvmOptions"),
            results.get("startedAt"), results.get("durationSeconds"), results.get("command")));
        doc.paragraph("Every peer ran on this one machine, in this run, each scenario-and-peer in a fresh JVM, " +
            "with the same message sizes, rates and histogram method (HdrHistogram, latency from the intended " +
            "send time). Wirespeed and raw Aeron share the idle strategy and driver threading above; Artemis " +
            "runs embedded with persistence and security off, reached through its javax.jms client. Raw Aeron's " +
            "driver is started as Wirespeed's embedded one is: same term length, a directory of the same kind " +
            "(beside Aeron's default one). On a machine with few cores shared with other work, read the ratios " +
            "between peers, not the absolute values. \"÷ floor\" columns divide a peer's figure by the same figure " +
            "of its floor in this run, at the same size and rate: raw Aeron on the same transport for Wirespeed and " +
            "Artemis (IPC for in-VM, UDP for TCP), the kernel's UDP for raw Aeron UDP; \"÷ artemis-invm\" columns " +
            "divide by Artemis in-VM's figure. Below 1 is better for latency, above 1 for throughput. The " +
            "published figures come from multi-host set-ups with kernel-bypass NICs and are shown for scale only.");
        targets(doc, (List<Map<String, Object>>)results.getOrDefault("targets", List.of()));
        LatencySections.s1(doc, points);
        ThroughputSections.s2(doc, points);
        TopicScalingSection.write(doc, points);
        SizeAndUdpSections.s4(doc, points);
        LatencySections.s5(doc, points);
        SystemSections.s6(doc, points);
        ThroughputSections.s7(doc, points);
        ThroughputSections.sel(doc, points);
        SystemSections.s8(doc, points);
        SizeAndUdpSections.s9(doc, points);
        DefaultsSection.write(doc, points);
        ChurnSection.write(doc, points);
        FailoverSection.write(doc, points);
        JmhSection.write(doc, (Map<String, Object>)results.getOrDefault("jmh", Map.of("status", "not run")));
        errors(doc, (List<Map<String, Object>>)results.getOrDefault("errors", List.of()));
        return doc;
    }

    private static String treeState(final Object dirty)
    {
        if (Boolean.TRUE.equals(dirty))
        {
            return " with changes not committed (a dirty tree: these figures belong to no commit)";
        }
        return Boolean.FALSE.equals(dirty) ? " (a clean tree)" : " (whether the tree was clean is unknown)";
    }

    private static void targets(final Document doc, final List<Map<String, Object>> targets)
    {
        doc.heading(2, "Targets");
        doc.paragraph("Goals, not test assertions, judged from this run. The ping-pong targets use the S1 " +
            "ping-pong round trip (one message in flight, listeners, the run's idle strategy); \"ours\" is " +
            "Wirespeed over IPC against in-VM peers and over UDP loopback against network peers (Artemis TCP has " +
            "no Wirespeed TCP counterpart). The default-configuration targets use DEF (wirespeed:ipc with no " +
            "option, a pinger blocking in receive()), the quickstart's its own printed p99, the allocation " +
            "targets S2's per-thread counters, the topic-scaling targets S3 (a point whose load was not kept, or " +
            "whose set-up did not finish in time, does not meet its target), the connection-churn targets CH's " +
            "absolute cycle times (Artemis's beside them for scale), the failover targets S10's absolute failover " +
            "times as the client saw them (the worse of send and delivery p99) and its count of confirmed messages " +
            "lost.");
        final List<List<String>> rows = new ArrayList<>();
        for (final Map<String, Object> target : targets)
        {
            final String status = String.valueOf(target.get("status"));
            rows.add(List.of(String.valueOf(target.get("target")), String.valueOf(target.getOrDefault("goal", "")),
                "**" + status + "**", String.valueOf(target.get("detail"))));
        }
        doc.table(List.of("target", "goal", "status", "measured"), rows);
    }

    private static void errors(final Document doc, final List<Map<String, Object>> errors)
    {
        if (errors.isEmpty())
        {
            return;
        }
        doc.heading(2, "Steps that failed");
        final List<List<String>> rows = new ArrayList<>();
        for (final Map<String, Object> error : errors)
        {
            rows.add(List.of(String.valueOf(error.get("scenario")), String.valueOf(error.get("peer")),
                String.valueOf(error.get("error"))));
        }
        doc.table(List.of("scenario", "peer", "error"), rows);
    }
}
