package io.wirespeed.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.wirespeed.bench.peer.Peers;
import io.wirespeed.bench.scenario.ChurnScenario;

/** The report's section on connection churn (CH): a connection or context per send, beside Artemis. */
final class ChurnSection
{
    private static final List<String> CYCLE = List.of("p50", "p90", "p99", "p99.9", "max");

    private ChurnSection()
    {
    }

    static void write(final Document doc, final List<Map<String, Object>> points)
    {
        final List<Map<String, Object>> churn = Cells.select(points, ChurnScenario.ID, p -> true);
        if (churn.isEmpty())
        {
            return;
        }
        doc.heading(2, "Connection churn — a connection per send");
        doc.paragraph("CH: one thread runs a cycle over and over: `connection` is createConnection, " +
            "createSession, createProducer, one send of a TextMessage, close; `context` is createContext(), " +
            "createProducer().send, close; on a queue and on a topic, the provider's default delivery mode, while " +
            "a consumer on a long-lived connection receives and checks what arrived and in which order. Wirespeed " +
            "is `wirespeed:ipc` with no option (the embedded default). Latency of one whole cycle, µs, once warm: " +
            "measured after the warm-up time (the JIT done), for the measuring time; `cold p50 / p99` are the cycles " +
            "right after the first few hundred, while the JIT still compiles (what a JVM that has just started " +
            "sees). `consumer` is createConnection, createSession, createConsumer, start, one message from a " +
            "producer on a long-lived connection received, close; its first message's latency (send to receive) " +
            "beside a long-lived consumer's, measured alternately. Targets (warm): p50 ≤ 100 µs and p99 ≤ 1 ms " +
            "for the `connection` and `context` cycles, the first message's p50 ≤ 1.5 × the long-lived " +
            "consumer's, nothing lost or out of order.");
        final List<List<String>> rows = new ArrayList<>();
        for (final Map<String, Object> p : churn)
        {
            final List<String> row = new ArrayList<>(List.of(Cells.text(p, "peer"), Cells.text(p, "destination"),
                Cells.text(p, "variant")));
            if (p.containsKey("error"))
            {
                for (int i = 0; i < CYCLE.size() + 8; i++)
                {
                    row.add("–");
                }
                row.add(String.valueOf(p.get("error")));
                rows.add(row);
                continue;
            }
            for (final String key : CYCLE)
            {
                row.add(Cells.micros(p, "cycle", key));
            }
            row.add(Cells.micros(p, "coldCycle", "p50") + " / " + Cells.micros(p, "coldCycle", "p99"));
            row.add(Cells.micros(p, "firstMessage", "p50") + " / " + Cells.micros(p, "longLived", "p50"));
            row.add(Ratios.toPeer(p, points, Peers.ARTEMIS_INVM, List.of("destination", "variant"), "cycle", "p50"));
            row.add(Cells.count(p, "cycles"));
            row.add(Cells.count(p, "cyclesPerSec"));
            row.add(Cells.count(p, "lost"));
            row.add(Cells.count(p, "outOfOrder"));
            row.add(Cells.count(p, "duplicates"));
            row.add("");
            rows.add(row);
        }
        doc.table(LatencySections.concat(List.of("peer", "destination", "variant"), CYCLE,
            List.of("cold p50 / p99", "first message / long-lived p50", "p50 ÷ artemis-invm", "cycles", "cycles/s",
                "lost", "out of order", "duplicates", "error")),
            rows);
    }
}
