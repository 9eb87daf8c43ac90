package org.onepath.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The JSON pieces of the reports. */
class JsonTest {
    @Test
    void stringsAreQuotedAndEscaped() {
        assertEquals("\"arena.map\"", Json.string("arena.map"));
        assertEquals("\"a\\\"b\\\\c\"", Json.string("a\"b\\c"));
        assertEquals("\"\\n\\r\\t\\u0001\"", Json.string("\n\r\t\u0001"));
        assertEquals("\"\"", Json.string(""));
        String tricky = "x\"\\\n\u001f\u00e9y";
        assertEquals(tricky, MiniJson.parse(Json.string(tricky)));
    }

    @Test
    void numbersAreFiniteOrNull() {
        assertEquals("null", Json.number(Double.POSITIVE_INFINITY));
        assertEquals("null", Json.number(Double.NEGATIVE_INFINITY));
        assertEquals("null", Json.number(Double.NaN));
        assertEquals(0.25, MiniJson.number(MiniJson.parse(Json.number(0.25))));
        assertEquals(1.5e-7, MiniJson.number(MiniJson.parse(Json.number(1.5e-7))));
        assertEquals(3.0, MiniJson.number(MiniJson.parse(Json.number(3))));
    }
}
