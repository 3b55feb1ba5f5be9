package io.wirespeed.bench.json;

import java.util.List;
import java.util.Map;

/**
 * Writes maps, lists, strings, numbers, booleans and null as JSON text. Enough for the suite's
 * results; no dependency on a JSON library.
 */
public final class JsonWriter
{
    private JsonWriter()
    {
    }

    /**
     * The JSON text of a value, indented by two spaces per level.
     *
     * @param value a Map with String keys, a List, a CharSequence, a Number, a Boolean or null.
     * @return the JSON text.
     */
    public static String write(final Object value)
    {
        final StringBuilder out = new StringBuilder(4096);
        append(out, value, 0);
        return out.toString();
    }

    private static void append(final StringBuilder out, final Object value, final int depth)
    {
        if (value == null)
        {
            out.append("null");
        }
        else if (value instanceof Map<?, ?> map)
        {
            appendMap(out, map, depth);
        }
        else if (value instanceof List<?> list)
        {
            appendList(out, list, depth);
        }
        else if (value instanceof Boolean)
        {
            out.append(value);
        }
        else if (value instanceof Double || value instanceof Float)
        {
            final double d = ((Number)value).doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d))
            {
                out.append("null");
            }
            else if (d == Math.rint(d) && Math.abs(d) < 1e15)
            {
                out.append((long)d);
            }
            else
            {
                out.append(d);
            }
        }
        else if (value instanceof Number)
        {
            out.append(value);
        }
        else
        {
            appendString(out, value.toString());
        }
    }

    private static void appendMap(final StringBuilder out, final Map<?, ?> map, final int depth)
    {
        if (map.isEmpty())
        {
            out.append("{}");
            return;
        }
        out.append('{');
        boolean first = true;
        for (final Map.Entry<?, ?> entry : map.entrySet())
        {
            out.append(first ? "\n" : ",\n");
            first = false;
            indent(out, depth + 1);
            appendString(out, String.valueOf(entry.getKey()));
            out.append(": ");
            append(out, entry.getValue(), depth + 1);
        }
        out.append('\n');
        indent(out, depth);
        out.append('}');
    }

    private static void appendList(final StringBuilder out, final List<?> list, final int depth)
    {
        if (list.isEmpty())
        {
            out.append("[]");
            return;
        }
        final boolean flat = list.stream().allMatch(v -> v instanceof Number || v instanceof String);
        out.append('[');
        boolean first = true;
        for (final Object item : list)
        {
            if (flat)
            {
                out.append(first ? "" : ", ");
            }
            else
            {
                out.append(first ? "\n" : ",\n");
                indent(out, depth + 1);
            }
            first = false;
            append(out, item, depth + 1);
        }
        if (!flat)
        {
            out.append('\n');
            indent(out, depth);
        }
        out.append(']');
    }

    private static void appendString(final StringBuilder out, final String s)
    {
        out.append('"');
        for (int i = 0; i < s.length(); i++)
        {
            final char c = s.charAt(i);
            switch (c)
            {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default ->
                {
                    if (c < 0x20)
                    {
                        out.append(String.format("\\u%04x", (int)c));
                    }
                    else
                    {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    private static void indent(final StringBuilder out, final int depth)
    {
        out.append("  ".repeat(depth));
    }
}
