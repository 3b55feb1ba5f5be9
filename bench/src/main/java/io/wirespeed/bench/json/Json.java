package io.wirespeed.bench.json;

import java.io.IOException;
import java.io.UncheckedIOException;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;

/**
 * The rig's JSON, through Jackson: results, step points and JMH's output as plain maps, lists, strings, numbers,
 * booleans and nulls. A figure that is not a number (NaN, an infinity: a point that measured nothing) is written as
 * {@code null}, which JSON has, rather than Jackson's quoted {@code "NaN"}.
 */
public final class Json
{
    private static final ObjectMapper MAPPER = new ObjectMapper()
        .registerModule(new SimpleModule("wirespeed-bench").addSerializer(Double.class, new FiniteOrNull()))
        .enable(SerializationFeature.INDENT_OUTPUT);

    private Json()
    {
    }

    /**
     * The JSON text of a value, indented.
     *
     * @param value a Map with String keys, a List, a CharSequence, a Number, a Boolean or null.
     * @return the JSON text.
     */
    public static String write(final Object value)
    {
        try
        {
            return MAPPER.writeValueAsString(value);
        }
        catch (final JsonProcessingException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    /**
     * Parses JSON text into maps (in the text's order), lists, strings, numbers, booleans and nulls.
     *
     * @param text the JSON text.
     * @return the value.
     * @throws IllegalArgumentException if the text is not JSON, with where it stopped.
     */
    public static Object parse(final String text)
    {
        try
        {
            return MAPPER.readValue(text, Object.class);
        }
        catch (final JsonProcessingException ex)
        {
            throw new IllegalArgumentException("JSON: " + ex.getOriginalMessage() + " at line " +
                ex.getLocation().getLineNr() + ", column " + ex.getLocation().getColumnNr(), ex);
        }
    }

    private static final class FiniteOrNull extends StdSerializer<Double>
    {
        private static final long serialVersionUID = 1L;

        FiniteOrNull()
        {
            super(Double.class);
        }

        @Override
        public void serialize(final Double value, final JsonGenerator generator, final SerializerProvider provider)
            throws IOException
        {
            if (Double.isFinite(value))
            {
                generator.writeNumber(value);
            }
            else
            {
                generator.writeNull();
            }
        }
    }
}
