package io.wirespeed.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A line chart drawn as a self-contained SVG document: linear or logarithmic axes, one line with
 * markers per series, dashed lines for published figures, a legend. No scripts, no external files.
 */
public final class SvgChart
{
    private static final int WIDTH = 760;
    private static final int HEIGHT = 420;
    private static final int LEFT = 70;
    private static final int RIGHT = 230;
    private static final int TOP = 40;
    private static final int BOTTOM = 55;
    private static final String[] PALETTE =
        {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"};
    private static final Map<String, String> PEER_COLOURS = Map.of(
        "wirespeed-ipc", "#1f77b4", "wirespeed-udp", "#17becf", "aeron-ipc", "#2ca02c", "aeron-udp", "#98df8a",
        "kernel-udp", "#7f7f7f", "artemis-invm", "#d62728", "artemis-tcp", "#ff7f0e");

    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final boolean logX;
    private final boolean logY;
    private final List<Series> series = new ArrayList<>();
    private double[] xTickPositions;
    private String[] xTickLabels;

    /**
     * An empty chart.
     *
     * @param title  the title.
     * @param xLabel the x axis label.
     * @param yLabel the y axis label.
     * @param logX   logarithmic x axis.
     * @param logY   logarithmic y axis.
     */
    public SvgChart(
        final String title, final String xLabel, final String yLabel, final boolean logX, final boolean logY)
    {
        this.title = title;
        this.xLabel = xLabel;
        this.yLabel = yLabel;
        this.logX = logX;
        this.logY = logY;
    }

    /**
     * Adds a series; points with a non-positive value on a log axis, or NaN, are skipped.
     *
     * @param name   the legend entry.
     * @param points (x, y) pairs.
     * @param dashed true for published figures.
     * @return this chart.
     */
    public SvgChart add(final String name, final List<double[]> points, final boolean dashed)
    {
        final List<double[]> kept = new ArrayList<>();
        for (final double[] p : points)
        {
            if (!Double.isNaN(p[0]) && !Double.isNaN(p[1]) && !(logX && p[0] <= 0) && !(logY && p[1] <= 0))
            {
                kept.add(p);
            }
        }
        if (!kept.isEmpty())
        {
            final String colour = PEER_COLOURS.getOrDefault(name, PALETTE[(series.size() + 3) % PALETTE.length]);
            series.add(new Series(name, kept, dashed, colour));
        }
        return this;
    }

    /**
     * Replaces the x axis ticks with labelled positions (a linear axis).
     *
     * @param positions x values of the ticks.
     * @param labels    their labels.
     * @return this chart.
     */
    public SvgChart xTicks(final double[] positions, final String[] labels)
    {
        this.xTickPositions = positions.clone();
        this.xTickLabels = labels.clone();
        return this;
    }

    /**
     * Whether the chart has anything to draw.
     *
     * @return true if at least one series has a point.
     */
    public boolean isEmpty()
    {
        return series.isEmpty();
    }

    /**
     * The SVG document.
     *
     * @return the SVG text.
     */
    public String render()
    {
        final double[] xRange = range(true);
        final double[] yRange = range(false);
        final Axis x = new Axis(xRange[0], xRange[1], logX, LEFT, WIDTH - RIGHT);
        final Axis y = new Axis(yRange[0], yRange[1], logY, HEIGHT - BOTTOM, TOP);
        final StringBuilder svg = new StringBuilder(8192);
        svg.append(String.format(Locale.ROOT,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" " +
            "font-family=\"sans-serif\" font-size=\"12\">\n", WIDTH, HEIGHT, WIDTH, HEIGHT));
        svg.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", WIDTH, HEIGHT));
        text(svg, WIDTH / 2.0 - RIGHT / 2.0, 22, title, "middle", 14, 0);
        text(svg, (LEFT + WIDTH - RIGHT) / 2.0, HEIGHT - 12, xLabel, "middle", 12, 0);
        text(svg, 16, (TOP + HEIGHT - BOTTOM) / 2.0, yLabel, "middle", 12, -90);
        drawTicks(svg, x, y);
        svg.append(String.format(Locale.ROOT,
            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#333\"/>\n",
            LEFT, TOP, WIDTH - RIGHT - LEFT, HEIGHT - BOTTOM - TOP));
        int legendY = TOP + 8;
        for (final Series s : series)
        {
            final StringBuilder path = new StringBuilder();
            for (final double[] p : s.points)
            {
                path.append(path.length() == 0 ? "M" : " L").append(String.format(Locale.ROOT, "%.1f %.1f",
                    x.map(p[0]), y.map(p[1])));
            }
            svg.append(String.format(Locale.ROOT,
                "<path d=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s/>\n",
                path, s.colour, s.dashed ? " stroke-dasharray=\"6 4\"" : ""));
            for (final double[] p : s.points)
            {
                svg.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>\n",
                    x.map(p[0]), y.map(p[1]), s.dashed ? "white" : s.colour));
            }
            svg.append(String.format(Locale.ROOT,
                "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"%s/>\n",
                WIDTH - RIGHT + 12, legendY, WIDTH - RIGHT + 36, legendY, s.colour,
                s.dashed ? " stroke-dasharray=\"6 4\"" : ""));
            text(svg, WIDTH - RIGHT + 42, legendY + 4, shorten(s.name), "start", 11, 0);
            legendY += 18;
        }
        svg.append("</svg>\n");
        return svg.toString();
    }

    private void drawTicks(final StringBuilder svg, final Axis x, final Axis y)
    {
        if (xTickPositions != null)
        {
            for (int i = 0; i < xTickPositions.length; i++)
            {
                tick(svg, x.map(xTickPositions[i]), true, xTickLabels[i]);
            }
        }
        else
        {
            for (final double value : x.ticks())
            {
                tick(svg, x.map(value), true, label(value));
            }
        }
        for (final double value : y.ticks())
        {
            tick(svg, y.map(value), false, label(value));
        }
    }

    private void tick(final StringBuilder svg, final double at, final boolean xAxis, final String label)
    {
        if (xAxis)
        {
            svg.append(String.format(Locale.ROOT,
                "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>\n", at, TOP, at, HEIGHT - BOTTOM));
            text(svg, at, HEIGHT - BOTTOM + 16, label, "middle", 11, 0);
        }
        else
        {
            svg.append(String.format(Locale.ROOT,
                "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", LEFT, at, WIDTH - RIGHT, at));
            text(svg, LEFT - 6, at + 4, label, "end", 11, 0);
        }
    }

    private double[] range(final boolean xAxis)
    {
        double min = Double.MAX_VALUE;
        double max = -Double.MAX_VALUE;
        for (final Series s : series)
        {
            for (final double[] p : s.points)
            {
                min = Math.min(min, xAxis ? p[0] : p[1]);
                max = Math.max(max, xAxis ? p[0] : p[1]);
            }
        }
        if (xAxis && xTickPositions != null)
        {
            for (final double position : xTickPositions)
            {
                min = Math.min(min, position);
                max = Math.max(max, position);
            }
        }
        if (min == Double.MAX_VALUE)
        {
            return new double[]{1, 10};
        }
        final boolean log = xAxis ? logX : logY;
        if (!log && !xAxis)
        {
            min = Math.min(0, min);
        }
        if (min == max)
        {
            return log ? new double[]{min / 2, max * 2} : new double[]{min - 1, max + 1};
        }
        return new double[]{min, max};
    }

    private static String label(final double value)
    {
        final double abs = Math.abs(value);
        if (abs >= 1e6)
        {
            return trim(value / 1e6) + "M";
        }
        if (abs >= 1e3)
        {
            return trim(value / 1e3) + "k";
        }
        return trim(value);
    }

    private static String trim(final double value)
    {
        if (value == Math.rint(value))
        {
            return Long.toString((long)value);
        }
        return String.format(Locale.ROOT, Math.abs(value) < 1 ? "%.2f" : "%.1f", value);
    }

    private static String shorten(final String name)
    {
        return name.length() > 34 ? name.substring(0, 33) + "…" : name;
    }

    private static void text(
        final StringBuilder svg, final double x, final double y, final String text, final String anchor,
        final int size, final int rotate)
    {
        svg.append(String.format(Locale.ROOT,
            "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"%d\"%s>%s</text>\n",
            x, y, anchor, size, rotate == 0 ? "" : String.format(Locale.ROOT, " transform=\"rotate(%d %.1f %.1f)\"",
                rotate, x, y), escape(text)));
    }

    /**
     * Escapes text for XML.
     *
     * @param text the text.
     * @return the escaped text.
     */
    public static String escape(final String text)
    {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private record Series(String name, List<double[]> points, boolean dashed, String colour)
    {
    }

    /** Maps values to pixels along one axis, and picks its ticks. */
    private static final class Axis
    {
        private final double min;
        private final double max;
        private final boolean log;
        private final double from;
        private final double to;

        Axis(final double min, final double max, final boolean log, final double from, final double to)
        {
            this.log = log;
            if (log)
            {
                this.min = Math.pow(10, Math.floor(Math.log10(min)));
                this.max = Math.pow(10, Math.ceil(Math.log10(max)));
            }
            else
            {
                final double step = niceStep(max - min);
                this.min = Math.floor(min / step) * step;
                this.max = Math.ceil(max / step) * step;
            }
            this.from = from;
            this.to = to;
        }

        double map(final double value)
        {
            final double fraction = log ?
                (Math.log10(value) - Math.log10(min)) / (Math.log10(max) - Math.log10(min)) :
                (value - min) / (max - min);
            return from + fraction * (to - from);
        }

        List<Double> ticks()
        {
            final List<Double> ticks = new ArrayList<>();
            if (log)
            {
                final int decades = (int)Math.round(Math.log10(max / min));
                final double[] steps = decades <= 3 ? new double[]{1, 2, 5} : new double[]{1};
                for (double decade = min; decade <= max * 1.0001; decade *= 10)
                {
                    for (final double step : steps)
                    {
                        if (decade * step <= max * 1.0001)
                        {
                            ticks.add(decade * step);
                        }
                    }
                }
            }
            else
            {
                final double step = niceStep(max - min);
                for (double value = min; value <= max + step / 1000; value += step)
                {
                    ticks.add(value);
                }
            }
            return ticks;
        }

        private static double niceStep(final double span)
        {
            if (span <= 0)
            {
                return 1;
            }
            final double raw = span / 6;
            final double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
            final double fraction = raw / magnitude;
            return (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * magnitude;
        }
    }
}
