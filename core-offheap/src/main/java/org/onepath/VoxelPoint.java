package org.onepath;

/**
 * A point in the world of a voxel grid. Query points must satisfy the coordinate rule
 * (|v| &lt;= 2^21, finite), which the query checks.
 */
public record VoxelPoint(double x, double y, double z) {}
