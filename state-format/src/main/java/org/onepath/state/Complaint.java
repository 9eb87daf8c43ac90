package org.onepath.state;

/**
 * How a broken rule is reported. Each piece checks its rules in one place and is handed the
 * reporter: a {@link StateReader}'s format exception (with the field's byte offset) when
 * reading, an {@link IllegalArgumentException} when writing. So a writer refuses exactly what a
 * reader would reject, and the rules cannot drift apart.
 */
@FunctionalInterface
interface Complaint {
    /** Writers: bad input is a bad argument; the offset would mean nothing to the caller. */
    Complaint ARGUMENT = (field, value, expected, offset) ->
            new IllegalArgumentException(field + " = " + value + ": expected " + expected);

    /**
     * The exception for a field that breaks a rule.
     *
     * @param offset the field's byte offset in the data (ignored by {@link #ARGUMENT})
     */
    RuntimeException at(String field, String value, String expected, long offset);

    /** A reader's exceptions. */
    static Complaint of(StateReader reader) {
        return reader::error;
    }
}
