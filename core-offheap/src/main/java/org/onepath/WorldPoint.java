package org.onepath;

/**
 * A point in world coordinates. Query points must satisfy the coordinate rule (|v| &lt;= 2^21,
 * finite), which the query checks.
 *
 * @param x world x coordinate; a query needs it finite with |x| &lt;= 2^21
 * @param y world y coordinate; a query needs it finite with |y| &lt;= 2^21
 */
public record WorldPoint(double x, double y) {
    /** The world bound: a world coordinate, origin or cell size is at most 2^21 in size. */
    public static final double LIMIT = 2097152.0;

    /** The value when it is within {@link #LIMIT}; throws naming it otherwise (NaN and infinities too). */
    static double checkCoordinate(String name, double value) {
        if (!(Math.abs(value) <= LIMIT)) {
            throw new IllegalArgumentException(
                    name + " = " + value + " is outside the world bound |v| <= 2^21 (" + (long) LIMIT + ")");
        }
        return value;
    }
}
