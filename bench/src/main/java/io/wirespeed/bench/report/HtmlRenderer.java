package io.wirespeed.bench.report;

/** Renders a {@link Document} as one self-contained HTML page with the charts inline as SVG. */
public final class HtmlRenderer
{
    private static final String STYLE = "body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;" +
        "color:#222}table{border-collapse:collapse;margin:1em 0;font-size:13px}th,td{border:1px solid #ccc;" +
        "padding:3px 8px;text-align:right}th{background:#f3f3f3}td:first-child,th:first-child{text-align:left}" +
        "code{background:#f3f3f3;padding:1px 4px}.met{color:#080;font-weight:bold}.miss{color:#c00;font-weight:bold}" +
        "svg{margin:0.5em 0}";

    private HtmlRenderer()
    {
    }

    /**
     * Renders a document.
     *
     * @param document the document.
     * @param title    the page title.
     * @return the HTML text.
     */
    public static String render(final Document document, final String title)
    {
        final StringBuilder html = new StringBuilder(65536);
        html.append("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>").append(SvgChart.escape(title))
            .append("</title><style>").append(STYLE).append("</style></head><body>\n");
        for (final Document.Block block : document.blocks())
        {
            if (block instanceof Document.Heading heading)
            {
                html.append("<h").append(heading.level()).append('>').append(inline(heading.text()))
                    .append("</h").append(heading.level()).append(">\n");
            }
            else if (block instanceof Document.Paragraph paragraph)
            {
                html.append("<p>").append(inline(paragraph.text())).append("</p>\n");
            }
            else if (block instanceof Document.Table table)
            {
                html.append("<table><tr>");
                for (final String header : table.headers())
                {
                    html.append("<th>").append(inline(header)).append("</th>");
                }
                html.append("</tr>\n");
                for (final java.util.List<String> row : table.rows())
                {
                    html.append("<tr>");
                    for (final String cell : row)
                    {
                        final String css = cell.startsWith("**MET") ? " class=\"met\"" :
                            cell.startsWith("**NOT MET") ? " class=\"miss\"" : "";
                        html.append("<td").append(css).append('>').append(inline(cell)).append("</td>");
                    }
                    html.append("</tr>\n");
                }
                html.append("</table>\n");
            }
            else if (block instanceof Document.Chart chart)
            {
                html.append("<div>").append(chart.chart().render()).append("</div>\n");
            }
        }
        html.append("</body></html>\n");
        return html.toString();
    }

    private static String inline(final String text)
    {
        return SvgChart.escape(text)
            .replaceAll("\\*\\*(.+?)\\*\\*", "<b>$1</b>")
            .replaceAll("`(.+?)`", "<code>$1</code>");
    }
}
