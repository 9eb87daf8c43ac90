package org.onepath;

/**
 * A point in the world of a voxel grid. Query points must satisfy the coordinate rule
 * (|v| &lt;= 2^21, finite), which the query checks.
 *
 * @param x world x coordinate; a query needs it finite with |x| &lt;= 2^21
 * @param y world y coordinate; a query needs it finite with |y| &lt;= 2^21
 * @param z world z coordinate; a query needs it finite with |z| &lt;= 2^21
 */
public record VoxelPoint(double x, double y, double z) {}
