package io.wirespeed.bench.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class JsonRoundTripTest
{
    @Test
    void whatIsWrittenParsesBackToTheSameValuesInOrder()
    {
        final Map<String, Object> value = new LinkedHashMap<>();
        value.put("name", "quote \" backslash \\ newline \n µs");
        value.put("count", 42L);
        value.put("ratio", 1.25);
        value.put("ok", true);
        value.put("none", null);
        value.put("list", List.of(1, 2.5, "three"));
        value.put("nested", Map.of("p50", 3.5));

        @SuppressWarnings("unchecked")
        final Map<String, Object> parsed = (Map<String, Object>)Json.parse(Json.write(value));

        assertEquals(new ArrayList<>(value.keySet()), new ArrayList<>(parsed.keySet()));
        assertEquals("quote \" backslash \\ newline \n µs", parsed.get("name"));
        assertEquals(42, ((Number)parsed.get("count")).intValue());
        assertEquals(1.25, ((Number)parsed.get("ratio")).doubleValue());
        assertEquals(true, parsed.get("ok"));
        assertTrue(parsed.containsKey("none") && null == parsed.get("none"));
        assertEquals(List.of(1, 2.5, "three"), parsed.get("list"));
        assertEquals(Map.of("p50", 3.5), parsed.get("nested"));
    }

    @Test
    void writesNotANumberAsNull()
    {
        assertEquals("[null,null,1.5]",
            Json.write(List.of(Double.NaN, Double.POSITIVE_INFINITY, 1.5)).replaceAll("\\s", ""));
    }

    @Test
    void refusesTextThatIsNotJsonSayingWhere()
    {
        final IllegalArgumentException ex =
            assertThrows(IllegalArgumentException.class, () -> Json.parse("{\"a\" 1}"));
        assertTrue(ex.getMessage().startsWith("JSON: ") && ex.getMessage().contains("column"), ex.getMessage());
    }
}
