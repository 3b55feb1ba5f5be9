package io.wirespeed.bench.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A report as a list of blocks (headings, paragraphs, tables, charts), rendered to Markdown and to
 * HTML by {@link MarkdownRenderer} and {@link HtmlRenderer}.
 */
public final class Document
{
    private final List<Block> blocks = new ArrayList<>();

    /** One block of a report. */
    public sealed interface Block permits Heading, Paragraph, Table, Chart
    {
    }

    /**
     * A heading.
     *
     * @param level 1 to 3.
     * @param text  the text.
     */
    public record Heading(int level, String text) implements Block
    {
    }

    /**
     * A paragraph of plain text; {@code `code`} spans are kept.
     *
     * @param text the text.
     */
    public record Paragraph(String text) implements Block
    {
    }

    /**
     * A table.
     *
     * @param headers the column headers.
     * @param rows    the cells, row by row.
     */
    public record Table(List<String> headers, List<List<String>> rows) implements Block
    {
    }

    /**
     * A chart.
     *
     * @param name  a file name stem for the chart's SVG file.
     * @param chart the chart.
     */
    public record Chart(String name, SvgChart chart) implements Block
    {
    }

    /**
     * Adds a heading.
     *
     * @param level 1 to 3.
     * @param text  the text.
     * @return this document.
     */
    public Document heading(final int level, final String text)
    {
        blocks.add(new Heading(level, text));
        return this;
    }

    /**
     * Adds a paragraph.
     *
     * @param text the text.
     * @return this document.
     */
    public Document paragraph(final String text)
    {
        blocks.add(new Paragraph(text));
        return this;
    }

    /**
     * Adds a table, unless it has no rows.
     *
     * @param headers the column headers.
     * @param rows    the rows.
     * @return this document.
     */
    public Document table(final List<String> headers, final List<List<String>> rows)
    {
        if (!rows.isEmpty())
        {
            blocks.add(new Table(headers, rows));
        }
        return this;
    }

    /**
     * Adds a chart, unless it is empty.
     *
     * @param name  a file name stem.
     * @param chart the chart.
     * @return this document.
     */
    public Document chart(final String name, final SvgChart chart)
    {
        if (!chart.isEmpty())
        {
            blocks.add(new Chart(name, chart));
        }
        return this;
    }

    /**
     * The blocks in order.
     *
     * @return the blocks.
     */
    public List<Block> blocks()
    {
        return blocks;
    }
}
