package io.wirespeed.bench.json;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses JSON text into {@link LinkedHashMap}, {@link ArrayList}, {@link String}, {@link Double},
 * {@link Boolean} and null. Reads the suite's own results and JMH's {@code -rf json} output.
 */
public final class JsonParser
{
    private final String text;
    private int position;

    private JsonParser(final String text)
    {
        this.text = text;
    }

    /**
     * Parses one JSON value.
     *
     * @param text the JSON text.
     * @return the value.
     * @throws IllegalArgumentException where the text is not JSON, naming the offset.
     */
    public static Object parse(final String text)
    {
        final JsonParser parser = new JsonParser(text);
        final Object value = parser.value();
        parser.skipWhitespace();
        if (parser.position != text.length())
        {
            throw parser.error("trailing text");
        }
        return value;
    }

    private Object value()
    {
        skipWhitespace();
        if (position >= text.length())
        {
            throw error("unexpected end");
        }
        final char c = text.charAt(position);
        return switch (c)
        {
            case '{' -> object();
            case '[' -> array();
            case '"' -> string();
            case 't' -> literal("true", Boolean.TRUE);
            case 'f' -> literal("false", Boolean.FALSE);
            case 'n' -> literal("null", null);
            default -> number();
        };
    }

    private Map<String, Object> object()
    {
        final Map<String, Object> map = new LinkedHashMap<>();
        position++;
        skipWhitespace();
        if (peek() == '}')
        {
            position++;
            return map;
        }
        while (true)
        {
            skipWhitespace();
            final String key = string();
            skipWhitespace();
            expect(':');
            map.put(key, value());
            skipWhitespace();
            if (peek() == ',')
            {
                position++;
                continue;
            }
            expect('}');
            return map;
        }
    }

    private List<Object> array()
    {
        final List<Object> list = new ArrayList<>();
        position++;
        skipWhitespace();
        if (peek() == ']')
        {
            position++;
            return list;
        }
        while (true)
        {
            list.add(value());
            skipWhitespace();
            if (peek() == ',')
            {
                position++;
                continue;
            }
            expect(']');
            return list;
        }
    }

    private String string()
    {
        expect('"');
        final StringBuilder out = new StringBuilder();
        while (true)
        {
            if (position >= text.length())
            {
                throw error("unterminated string");
            }
            final char c = text.charAt(position++);
            if (c == '"')
            {
                return out.toString();
            }
            if (c != '\\')
            {
                out.append(c);
                continue;
            }
            final char escaped = text.charAt(position++);
            switch (escaped)
            {
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'u' ->
                {
                    out.append((char)Integer.parseInt(text.substring(position, position + 4), 16));
                    position += 4;
                }
                default -> out.append(escaped);
            }
        }
    }

    private Object number()
    {
        final int start = position;
        while (position < text.length() && "+-0123456789.eE".indexOf(text.charAt(position)) >= 0)
        {
            position++;
        }
        if (start == position)
        {
            final String word = text.substring(start, Math.min(text.length(), start + 8));
            if (word.startsWith("NaN"))
            {
                position += 3;
                return Double.NaN;
            }
            throw error("unexpected character");
        }
        return Double.parseDouble(text.substring(start, position));
    }

    private Object literal(final String word, final Object value)
    {
        if (!text.startsWith(word, position))
        {
            throw error("expected " + word);
        }
        position += word.length();
        return value;
    }

    private void expect(final char c)
    {
        if (peek() != c)
        {
            throw error("expected '" + c + "'");
        }
        position++;
    }

    private char peek()
    {
        return position < text.length() ? text.charAt(position) : '\0';
    }

    private void skipWhitespace()
    {
        while (position < text.length() && Character.isWhitespace(text.charAt(position)))
        {
            position++;
        }
    }

    private IllegalArgumentException error(final String what)
    {
        return new IllegalArgumentException("JSON: " + what + " at offset " + position);
    }
}
