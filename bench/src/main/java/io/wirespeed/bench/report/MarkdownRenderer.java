package io.wirespeed.bench.report;

import java.util.Map;

/** Renders a {@link Document} as Markdown; charts become image links to their SVG files. */
public final class MarkdownRenderer
{
    private MarkdownRenderer()
    {
    }

    /**
     * Renders a document.
     *
     * @param document   the document.
     * @param chartFiles chart name to the SVG file's path relative to the Markdown file.
     * @return the Markdown text.
     */
    public static String render(final Document document, final Map<String, String> chartFiles)
    {
        final StringBuilder md = new StringBuilder(16384);
        for (final Document.Block block : document.blocks())
        {
            if (block instanceof Document.Heading heading)
            {
                md.append("#".repeat(heading.level())).append(' ').append(heading.text()).append("\n\n");
            }
            else if (block instanceof Document.Paragraph paragraph)
            {
                md.append(paragraph.text()).append("\n\n");
            }
            else if (block instanceof Document.Table table)
            {
                md.append("| ").append(String.join(" | ", table.headers())).append(" |\n");
                md.append("|").append("---|".repeat(table.headers().size())).append('\n');
                for (final java.util.List<String> row : table.rows())
                {
                    md.append("| ").append(String.join(" | ", row.stream().map(c -> c.replace("|", "\\|")).toList()))
                        .append(" |\n");
                }
                md.append('\n');
            }
            else if (block instanceof Document.Chart chart)
            {
                md.append("![").append(chart.name()).append("](").append(chartFiles.get(chart.name())).append(")\n\n");
            }
        }
        return md.toString();
    }
}
