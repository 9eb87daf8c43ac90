/**
 * Tier 1: readers of the benchmark file formats. Moving AI square maps ({@code .map}) and
 * scenarios ({@code .scen}), Moving AI voxel maps ({@code .3dmap}) and scenarios
 * ({@code .3dscen}), and DIMACS shortest-path graphs ({@code .gr} arcs, {@code .co}
 * coordinates). A malformed file throws an exception naming the file and the line.
 */
package org.onepath.io;
