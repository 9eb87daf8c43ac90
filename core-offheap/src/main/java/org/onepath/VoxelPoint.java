package org.onepath;

/**
 * A point in the world of a voxel grid. Query points must satisfy the coordinate rule
 * (|v| &lt;= 2^21, finite), which the query checks.
 *
 * @param x the world x
 * @param y the world y
 * @param z the world z
 */
public record VoxelPoint(double x, double y, double z) {}
