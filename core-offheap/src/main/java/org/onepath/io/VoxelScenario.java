package org.onepath.io;

import org.onepath.VoxelCell;

/**
 * One problem of a Moving AI {@code .3dscen} file.
 *
 * @param map           the map file named on the file's second line
 * @param startX        start x, &gt;= 0 (checked against a map only when the problem is run)
 * @param startY        start y, &gt;= 0
 * @param startZ        start z, &gt;= 0
 * @param goalX         goal x, &gt;= 0
 * @param goalY         goal y, &gt;= 0
 * @param goalZ         goal z, &gt;= 0
 * @param optimalLength the published optimal length (26 moves, no corner cutting)
 * @param ratio         the file's last field (the optimal length over the straight-line distance)
 */
public record VoxelScenario(
        String map,
        int startX,
        int startY,
        int startZ,
        int goalX,
        int goalY,
        int goalZ,
        double optimalLength,
        double ratio) {

    /**
     * The problem's start as a voxel.
     *
     * @return a new voxel cell of ({@link #startX()}, {@link #startY()}, {@link #startZ()})
     */
    public VoxelCell start() {
        return new VoxelCell(startX, startY, startZ);
    }

    /**
     * The problem's goal as a voxel.
     *
     * @return a new voxel cell of ({@link #goalX()}, {@link #goalY()}, {@link #goalZ()})
     */
    public VoxelCell goal() {
        return new VoxelCell(goalX, goalY, goalZ);
    }

    /**
     * How far a computed optimal cost may lie from {@link #optimalLength} and still match it: an
     * absolute 1e-6, the spec's rule for the voxel sets (their files print eight decimal places
     * and the published lengths equal the 26-move costs to below 1e-7).
     *
     * @return {@code 1e-6}
     */
    public double matchTolerance() {
        return 1e-6;
    }

    /**
     * The base name of the map field, to find the map beside the scenario file.
     *
     * @return the part after the last '/' or '\', or the whole field when it has neither
     */
    public String mapFileName() {
        int cut = Math.max(map.lastIndexOf('/'), map.lastIndexOf('\\'));
        return map.substring(cut + 1);
    }
}
