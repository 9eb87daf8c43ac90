package org.onepath;

/**
 * A point in world coordinates. Query points must satisfy the coordinate rule (|v| &lt;= 2^21,
 * finite), which the query checks.
 */
public record WorldPoint(double x, double y) {}
