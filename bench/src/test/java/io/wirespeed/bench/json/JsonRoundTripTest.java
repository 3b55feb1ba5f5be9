package io.wirespeed.bench.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class JsonRoundTripTest
{
    @Test
    void whatIsWrittenParsesBackToTheSameValues()
    {
        final Map<String, Object> value = new LinkedHashMap<>();
        value.put("name", "quote \" backslash \\ newline \n µs");
        value.put("count", 42L);
        value.put("ratio", 1.25);
        value.put("ok", true);
        value.put("none", null);
        value.put("list", List.of(1, 2.5, "three"));
        value.put("nested", Map.of("p50", 3.5));

        final Object parsed = JsonParser.parse(JsonWriter.write(value));

        final Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("name", "quote \" backslash \\ newline \n µs");
        expected.put("count", 42.0);
        expected.put("ratio", 1.25);
        expected.put("ok", true);
        expected.put("none", null);
        expected.put("list", List.of(1.0, 2.5, "three"));
        expected.put("nested", Map.of("p50", 3.5));
        assertEquals(expected, parsed);
    }

    @Test
    void writesNotANumberAsNull()
    {
        assertEquals("[null]", JsonWriter.write(List.of(Double.NaN)).replaceAll("\\s", ""));
    }

    @Test
    void refusesTextThatIsNotJsonNamingTheOffset()
    {
        final IllegalArgumentException ex =
            assertThrows(IllegalArgumentException.class, () -> JsonParser.parse("{\"a\" 1}"));
        assertEquals("JSON: expected ':' at offset 5", ex.getMessage());
    }
}
